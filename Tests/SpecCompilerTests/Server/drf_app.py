"""A Django REST framework application whose own Swagger 2.0 document (/swagger.json), written by
drf-yasg, the wire tests generate a client from.

One file: the settings are configured here, with no database (nothing is stored). drf-yasg writes
the document from the serializers, parsers and authentication of the views and their
`swagger_auto_schema` overrides. Each operation answers with what the server parsed from the
request (array parameters split here from their raw values, exactly as their collectionFormat
says), so the test checks the values as the server understood them. Run with
`python drf_app.py --port N --parent PID`; it exits when the process PID has ended.
"""
import argparse
import json
import logging
import os
import threading
import time

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="specwright-swagger-tests",
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=["rest_framework", "drf_yasg"],
    MIDDLEWARE=[],
    DATABASES={},
    USE_TZ=True,
    REST_FRAMEWORK={
        "DEFAULT_AUTHENTICATION_CLASSES": [],
        "DEFAULT_PERMISSION_CLASSES": [],
        "UNAUTHENTICATED_USER": None,
        "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
        "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
        "EXCEPTION_HANDLER": f"{__name__}.error_handler",
    },
    SWAGGER_SETTINGS={
        "USE_SESSION_AUTH": False,
        "SECURITY_DEFINITIONS": {
            "basic": {"type": "basic"},
            "apiKeyHeader": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
            "apiKeyQuery": {"type": "apiKey", "in": "query", "name": "api_key"},
        },
        # No operation needs credentials but those that say so.
        "SECURITY_REQUIREMENTS": [],
    },
)
django.setup()

from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.urls import path, re_path  # noqa: E402
from drf_yasg import openapi  # noqa: E402
from drf_yasg.inspectors import NotHandled, ReferencingSerializerInspector  # noqa: E402
from drf_yasg.utils import get_serializer_ref_name, swagger_auto_schema  # noqa: E402
from drf_yasg.views import get_schema_view  # noqa: E402
from rest_framework import serializers  # noqa: E402
from rest_framework.authentication import BaseAuthentication, BasicAuthentication  # noqa: E402
from rest_framework.parsers import FormParser, MultiPartParser  # noqa: E402
from rest_framework.permissions import AllowAny, IsAuthenticated  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView, exception_handler  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

STATUSES = ["available", "pending", "sold"]
SIZES = ["S", "M", "L"]


class ErrorSerializer(serializers.Serializer):
    code = serializers.IntegerField(help_text="The HTTP status")
    message = serializers.CharField()
    detail = serializers.CharField(required=False, help_text="What the server received")


def error_handler(exc, context):
    """Every error DRF answers (validation, authentication) as an Error."""
    response = exception_handler(exc, context)
    if response is not None:
        data = response.data
        message = data["detail"] if isinstance(data, dict) and "detail" in data else "Invalid request"
        response.data = {"code": response.status_code, "message": str(message), "detail": json.dumps(data)}
    return response


def failure(code: int, message: str, detail: str) -> Response:
    return Response({"code": code, "message": message, "detail": detail}, status=code)


class ItemSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=STATUSES)
    price = serializers.FloatField(required=False, help_text="Optional: left out when the item has none")
    tags = serializers.ListField(child=serializers.CharField(), required=False)
    note = serializers.CharField(required=False, allow_null=True, help_text="Optional and nullable: null when the item has none")


ITEMS = [
    {"id": 1, "name": "Lamp", "status": "available", "price": 12.5, "tags": ["home", "light"], "note": "Warm white"},
    {"id": 2, "name": "Desk", "status": "sold", "price": 120.0, "tags": []},
    {"id": 3, "name": "Chair", "status": "available"},
    {"id": 4, "name": "Rug", "status": "pending", "price": 40.0, "tags": ["home"]},
]


class LookupQuerySerializer(serializers.Serializer):
    verbose = serializers.BooleanField(default=False, help_text="Echoed back")


class LookupSerializer(serializers.Serializer):
    itemId = serializers.IntegerField()
    verbose = serializers.BooleanField()
    requestId = serializers.CharField(allow_null=True, help_text="The X-Request-Id header, null when absent")


class ItemView(APIView):
    @swagger_auto_schema(
        operation_id="getItem",
        query_serializer=LookupQuerySerializer,
        # drf-yasg types a path parameter from a model field, and this view has no model: it
        # writes item_id as a string at the path's level, and this integer overrides it.
        manual_parameters=[
            openapi.Parameter("item_id", openapi.IN_PATH, type=openapi.TYPE_INTEGER, required=True),
            openapi.Parameter("X-Request-Id", openapi.IN_HEADER, type=openapi.TYPE_STRING, description="Echoed back"),
        ],
        responses={200: LookupSerializer},
    )
    def get(self, request, item_id):
        """Path, query and header parameters, as parsed."""
        query = LookupQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        return Response(LookupSerializer({
            "itemId": item_id, "verbose": query.validated_data["verbose"], "requestId": request.headers.get("X-Request-Id"),
        }).data)


class ItemsQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=STATUSES, required=False, help_text="Only the items of this status")
    limit = serializers.IntegerField(default=10, min_value=0)


class ItemsView(APIView):
    @swagger_auto_schema(
        operation_id="listItems",
        query_serializer=ItemsQuerySerializer,
        responses={200: openapi.Response("The items, at most limit of them", ItemSerializer(many=True), headers={
            "X-Rate-Limit": openapi.Schema(type=openapi.TYPE_INTEGER, description="Requests left this hour"),
            "X-Total-Count": openapi.Schema(type=openapi.TYPE_INTEGER, description="How many items matched"),
        })},
    )
    def get(self, request):
        """An array of models with response headers; an enum query parameter."""
        query = ItemsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        status = query.validated_data.get("status")
        matched = [item for item in ITEMS if status in (None, item["status"])]
        headers = {"X-Rate-Limit": "99", "X-Total-Count": str(len(matched))}
        return Response(ItemSerializer(matched[: query.validated_data["limit"]], many=True).data, headers=headers)

    @swagger_auto_schema(operation_id="createItem", request_body=ItemSerializer, responses={201: ItemSerializer})
    def post(self, request):
        """A JSON body: the item as the server read it (price left out stays out, note comes back null)."""
        item = ItemSerializer(data=request.data)
        item.is_valid(raise_exception=True)
        return Response(ItemSerializer(item.validated_data).data, status=201)


def raw_query(request) -> str:
    return request.META.get("QUERY_STRING", "")


class BadArray(Exception):
    pass


def split(request, name: str, separator: str) -> list[str] | None:
    """One array query parameter, split from its one raw (percent-decoded) value."""
    values = request.query_params.getlist(name)
    if not values:
        return None
    if len(values) > 1:
        raise BadArray(f"{name}: {len(values)} values for one {separator!r}-separated parameter")
    return values[0].split(separator)


def integers(name: str, values: list[str] | None) -> list[int] | None:
    try:
        return None if values is None else [int(value) for value in values]
    except ValueError:
        raise BadArray(f"{name}: not integers: {values!r}")


def array_parameter(name: str, collection_format: str, item_type: str, example: str, in_=openapi.IN_QUERY, required=None):
    return openapi.Parameter(name, in_, type=openapi.TYPE_ARRAY, items=openapi.Items(type=item_type),
                             collection_format=collection_format, description=example, required=required)


class ArraysSerializer(serializers.Serializer):
    csv = serializers.ListField(child=serializers.CharField(), allow_null=True, help_text="null when absent")
    ssv = serializers.ListField(child=serializers.CharField(), allow_null=True)
    tsv = serializers.ListField(child=serializers.CharField(), allow_null=True)
    pipes = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    multi = serializers.ListField(child=serializers.CharField(), allow_null=True)
    query = serializers.CharField(help_text="The raw query string as received")


class ArraysView(APIView):
    @swagger_auto_schema(
        operation_id="arrays",
        manual_parameters=[
            array_parameter("csv", "csv", openapi.TYPE_STRING, "a,b"),
            array_parameter("ssv", "ssv", openapi.TYPE_STRING, "a b"),
            array_parameter("tsv", "tsv", openapi.TYPE_STRING, "a\\tb"),
            array_parameter("pipes", "pipes", openapi.TYPE_INTEGER, "1|2"),
            array_parameter("multi", "multi", openapi.TYPE_STRING, "multi=a&multi=b"),
        ],
        responses={200: ArraysSerializer},
    )
    def get(self, request):
        """An array query parameter in each collectionFormat, each split here from its raw value."""
        try:
            answer = {
                "csv": split(request, "csv", ","),
                "ssv": split(request, "ssv", " "),
                "tsv": split(request, "tsv", "\t"),
                "pipes": integers("pipes", split(request, "pipes", "|")),
                "multi": request.query_params.getlist("multi") or None,
                "query": raw_query(request),
            }
        except BadArray as error:
            return failure(400, str(error), raw_query(request))
        return Response(ArraysSerializer(answer).data)


class PathArraysSerializer(serializers.Serializer):
    ids = serializers.ListField(child=serializers.IntegerField())
    tags = serializers.ListField(child=serializers.CharField(), allow_null=True,
                                 help_text="The X-Tags header split on commas, null when absent")


class PathArraysView(APIView):
    @swagger_auto_schema(
        operation_id="pathArrays",
        manual_parameters=[
            array_parameter("ids", "csv", openapi.TYPE_INTEGER, "1,2,3", in_=openapi.IN_PATH, required=True),
            array_parameter("X-Tags", "csv", openapi.TYPE_STRING, "a,b", in_=openapi.IN_HEADER),
        ],
        responses={200: PathArraysSerializer},
    )
    def get(self, request, ids):
        """A csv array in the path and one in a header."""
        header = request.headers.get("X-Tags")
        try:
            answer = {"ids": integers("ids", ids.split(",")), "tags": None if header is None else header.split(",")}
        except BadArray as error:
            return failure(400, str(error), ids)
        return Response(PathArraysSerializer(answer).data)


class UploadFormSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="Any file")
    note = serializers.CharField()


class UploadSerializer(serializers.Serializer):
    filename = serializers.CharField()
    contentType = serializers.CharField()
    size = serializers.IntegerField()
    note = serializers.CharField()


class FilesView(APIView):
    parser_classes = [MultiPartParser]

    @swagger_auto_schema(operation_id="uploadFile", request_body=UploadFormSerializer, responses={200: UploadSerializer})
    def post(self, request):
        """A multipart upload: the file as received and the string field beside it."""
        form = UploadFormSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        upload = form.validated_data["file"]
        return Response(UploadSerializer({
            "filename": upload.name, "contentType": upload.content_type, "size": upload.size, "note": form.validated_data["note"],
        }).data)


class FormFieldsSerializer(serializers.Serializer):
    name = serializers.CharField()
    count = serializers.IntegerField(required=False)
    colors = serializers.ListField(child=serializers.CharField(), required=False, help_text="red,green")
    sizes = serializers.ListField(child=serializers.ChoiceField(choices=SIZES), required=False, help_text="sizes=S&sizes=L")


class FormSerializer(serializers.Serializer):
    name = serializers.CharField()
    count = serializers.IntegerField(allow_null=True)
    colors = serializers.ListField(child=serializers.CharField(), allow_null=True)
    sizes = serializers.ListField(child=serializers.CharField(), allow_null=True)
    body = serializers.CharField(help_text="The raw request body as received")


class FormsView(APIView):
    parser_classes = [FormParser]

    # The form's fields come from the serializer; its two arrays are given again with the
    # collectionFormat each is sent in, which drf-yasg does not write for a form's ListField.
    @swagger_auto_schema(
        operation_id="submitForm",
        request_body=FormFieldsSerializer,
        manual_parameters=[
            openapi.Parameter("colors", openapi.IN_FORM, type=openapi.TYPE_ARRAY, items=openapi.Items(type=openapi.TYPE_STRING),
                              collection_format="csv", description="red,green"),
            openapi.Parameter("sizes", openapi.IN_FORM, type=openapi.TYPE_ARRAY, items=openapi.Items(type=openapi.TYPE_STRING, enum=SIZES),
                              collection_format="multi", description="sizes=S&sizes=L"),
        ],
        responses={200: FormSerializer},
    )
    def post(self, request):
        """A urlencoded form, with a csv and a multi array field, as parsed."""
        body = request._request.body.decode("latin-1")  # read before request.data, which then parses the kept body
        colors = request.data.getlist("colors")
        sizes = request.data.getlist("sizes")
        if len(colors) > 1:
            return failure(400, f"colors: {len(colors)} values for one csv field", body)
        if any(size not in SIZES for size in sizes):
            return failure(400, f"sizes: not each one of {SIZES}: {sizes!r}", body)
        if "name" not in request.data:
            return failure(400, "name: required", body)
        count = request.data.get("count")
        try:
            count = None if count is None else int(count)
        except ValueError:
            return failure(400, f"count: not an integer: {count!r}", body)
        return Response(FormSerializer({
            "name": request.data["name"], "count": count,
            "colors": colors[0].split(",") if colors else None, "sizes": sizes or None, "body": body,
        }).data)


class TeaQuerySerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["green", "black", "oolong"])
    fail = serializers.BooleanField(default=False, help_text="Answer 418 with an Error")


class TeaSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["green", "black", "oolong"])
    cups = serializers.IntegerField()


class TeaView(APIView):
    @swagger_auto_schema(
        operation_id="brewTea",
        query_serializer=TeaQuerySerializer,
        responses={200: TeaSerializer, "default": openapi.Response("Any error", ErrorSerializer)},
    )
    def get(self, request):
        """A `default` error response: with fail=true, 418 and the Error model."""
        query = TeaQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        if query.validated_data["fail"]:
            return failure(418, "I'm a teapot", f"kind={query.validated_data['kind']}")
        return Response(TeaSerializer({"kind": query.validated_data["kind"], "cups": 2}).data)


class Principal:
    """Whoever sent credentials: no user database, every user and key is accepted."""
    is_authenticated = True

    def __init__(self, scheme, user=None, password=None, key=None):
        self.credentials = {"scheme": scheme, "user": user, "password": password, "key": key}


class AnyBasicAuthentication(BasicAuthentication):
    www_authenticate_realm = "shop"

    def authenticate_credentials(self, userid, password, request=None):
        return Principal("basic", user=userid, password=password), None


class HeaderKeyAuthentication(BaseAuthentication):
    def authenticate(self, request):
        key = request.headers.get("X-API-Key")
        return None if key is None else (Principal("apiKeyHeader", key=key), key)

    def authenticate_header(self, request):
        return 'ApiKey header="X-API-Key"'


class QueryKeyAuthentication(BaseAuthentication):
    def authenticate(self, request):
        key = request.query_params.get("api_key")
        return None if key is None else (Principal("apiKeyQuery", key=key), key)

    def authenticate_header(self, request):
        return 'ApiKey query="api_key"'


class CredentialsSerializer(serializers.Serializer):
    scheme = serializers.CharField()
    user = serializers.CharField(allow_null=True, help_text="The basic auth user")
    password = serializers.CharField(allow_null=True, help_text="The basic auth password")
    key = serializers.CharField(allow_null=True, help_text="The API key")


def credentials_view(authentication, scheme: str, operation_id: str, summary: str):
    class CredentialsView(APIView):
        authentication_classes = [authentication]
        permission_classes = [IsAuthenticated]

        @swagger_auto_schema(
            operation_id=operation_id,
            operation_summary=summary,
            security=[{scheme: []}],
            responses={200: CredentialsSerializer, 401: openapi.Response("No credentials", ErrorSerializer)},
        )
        def get(self, request):
            return Response(CredentialsSerializer(request.user.credentials).data)

    return CredentialsView.as_view()


# Swagger 2.0 polymorphism: Pet has the discriminator petType, whose value names the subtype's
# definition; Cat and Dog are its subclasses.
class PetSerializer(serializers.Serializer):
    petType = serializers.CharField(help_text="Cat or Dog: the name of the subtype's definition")
    name = serializers.CharField()


class CatSerializer(PetSerializer):
    huntingSkill = serializers.ChoiceField(choices=["clueless", "lazy", "adventurous", "aggressive"])


class DogSerializer(PetSerializer):
    packSize = serializers.IntegerField(min_value=0)


PET_SERIALIZERS = {"Cat": CatSerializer, "Dog": DogSerializer}


class DiscriminatorInspector(ReferencingSerializerInspector):
    """drf-yasg writes every serializer as one flat object: it has no `discriminator`, and a
    subclass serializer repeats its base's fields instead of referring to them. This inspector
    writes PetSerializer with `discriminator: petType`, each subclass as
    allOf [$ref Pet, its own fields], and puts the subclasses into the definitions whenever Pet
    is, as the document names only Pet."""

    base = PetSerializer
    discriminator = "petType"

    def field_to_swagger_object(self, field, swagger_object_type, use_references, **kwargs):
        if not isinstance(field, self.base) or swagger_object_type != openapi.Schema or not use_references:
            return NotHandled
        definitions = self.components.with_scope(openapi.SCHEMA_DEFINITIONS)
        base_name = get_serializer_ref_name(self.base())
        if type(field) is self.base:
            reference = super().field_to_swagger_object(field, swagger_object_type, use_references, **kwargs)
            definitions.get(base_name)["discriminator"] = self.discriminator
            for subclass in self.base.__subclasses__():
                self.probe_field_inspectors(subclass(), openapi.Schema, True)
            return reference
        if not definitions.has(base_name):
            # Pet first: it adds every subclass, this one too.
            self.probe_field_inspectors(self.base(), openapi.Schema, True)
            return openapi.SchemaRef(definitions, get_serializer_ref_name(field))

        def subtype_definition():
            inherited = self.base().fields
            own = {name: child for name, child in field.fields.items() if name not in inherited}
            return openapi.Schema(type=openapi.TYPE_OBJECT, all_of=[
                openapi.SchemaRef(definitions, base_name),
                openapi.Schema(
                    type=openapi.TYPE_OBJECT,
                    properties={name: self.probe_field_inspectors(child, openapi.Schema, True) for name, child in own.items()},
                    required=[name for name, child in own.items() if child.required] or None,
                ),
            ])

        name = get_serializer_ref_name(field)
        definitions.setdefault(name, subtype_definition)
        return openapi.SchemaRef(definitions, name)


class PetsView(APIView):
    # drf-yasg reads its settings' inspectors as it is imported, before this module defines one:
    # the discriminator inspector is given to the two operations that name Pet.
    @swagger_auto_schema(operation_id="createPet", request_body=PetSerializer, field_inspectors=[DiscriminatorInspector],
                         responses={200: openapi.Response("The pet as parsed: its subtype's fields only", PetSerializer)})
    def post(self, request):
        """A Pet of either subtype in the body: answered as the subtype its petType names."""
        serializer = PET_SERIALIZERS.get(request.data.get("petType")) if isinstance(request.data, dict) else None
        if serializer is None:
            return failure(400, "petType must be Cat or Dog", json.dumps(request.data))
        pet = serializer(data=request.data)
        pet.is_valid(raise_exception=True)
        return Response(serializer(pet.validated_data).data)

    @swagger_auto_schema(operation_id="listPets", field_inspectors=[DiscriminatorInspector], responses={200: openapi.Response("A Cat and a Dog", PetSerializer(many=True))})
    def get(self, request):
        """A list holding both subtypes."""
        return Response([
            CatSerializer({"petType": "Cat", "name": "Tom", "huntingSkill": "lazy"}).data,
            DogSerializer({"petType": "Dog", "name": "Rex", "packSize": 3}).data,
        ])


schema_view = get_schema_view(
    openapi.Info(
        title="Shop",
        default_version="1",
        description="Every Swagger 2.0 parameter location, collectionFormat, form, file, auth and a discriminated hierarchy.",
    ),
    public=True,
    permission_classes=[AllowAny],
)

urlpatterns = [
    re_path(r"^swagger(?P<format>\.json)$", schema_view.without_ui(cache_timeout=0), name="schema-json"),
    path("items/<int:item_id>", ItemView.as_view()),
    path("items", ItemsView.as_view()),
    path("arrays", ArraysView.as_view()),
    path("arrays/<str:ids>", PathArraysView.as_view()),
    path("files", FilesView.as_view()),
    path("forms", FormsView.as_view()),
    path("tea", TeaView.as_view()),
    path("auth/basic", credentials_view(AnyBasicAuthentication, "basic", "basicAuth", "HTTP basic auth: the user and password received.")),
    path("auth/key", credentials_view(HeaderKeyAuthentication, "apiKeyHeader", "apiKeyHeader", "An API key in the X-API-Key header.")),
    path("auth/query-key", credentials_view(QueryKeyAuthentication, "apiKeyQuery", "apiKeyQuery", "An API key in the api_key query parameter.")),
    path("pets", PetsView.as_view()),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--parent", type=int, required=True)
    arguments = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", arguments.port, get_wsgi_application(), threaded=True)

    def stop_with_parent() -> None:
        # An ended parent that is not reaped yet still answers kill(pid, 0), but its children
        # have a new parent already: both are checked, so a server never outlives its tests
        # (it would hold their output open, and the test runner would wait for it).
        while True:
            try:
                os.kill(arguments.parent, 0)
            except OSError:
                server.shutdown()
                return
            if os.getppid() != arguments.parent:
                server.shutdown()
                return
            time.sleep(0.5)

    threading.Thread(target=stop_with_parent, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
