"""A flask-restx application whose own Swagger 2.0 document (/swagger.json) the wire tests generate a client from.

flask-restx writes the document from its models, request parsers and `@api.doc` / `@api.expect` /
`@api.response` decorators. Each operation answers with what the server parsed from the request
(array parameters split here from their raw values, exactly as their collectionFormat says), so
the test checks the values as the server understood them. Run with
`python flask_restx_app.py --port N --parent PID`; it exits when the process PID has ended.
"""
import argparse
import logging
import os
import threading
import time

from flask import Flask, request
from flask_restx import Api, Resource, fields, inputs, marshal
from flask_restx.swagger import Swagger
from werkzeug.datastructures import FileStorage
from werkzeug.serving import make_server


class DocumentedSwagger(Swagger):
    """flask-restx writes `consumes` itself: multipart/form-data for an operation with a file, and
    both form types otherwise. It has no decorator to narrow that, so an operation's
    `@api.doc(consumes=[...])` is honoured here."""

    def serialize_operation(self, doc, method):
        operation = super().serialize_operation(doc, method)
        if "consumes" in doc[method]:
            operation["consumes"] = doc[method]["consumes"]
        return operation


class DocumentedApi(Api):
    @property
    def __schema__(self):
        if not self._schema:
            self._schema = DocumentedSwagger(self).as_dict()
        return self._schema


app = Flask(__name__)
# No X-Fields mask header on every marshalled operation; and every model in the definitions,
# so the subtypes of Pet are there though no operation names them.
app.config["RESTX_MASK_SWAGGER"] = False
app.config["RESTX_INCLUDE_ALL_MODELS"] = True

api = DocumentedApi(
    app,
    version="1",
    title="Shop",
    description="Every Swagger 2.0 parameter location, collectionFormat, form, file, auth and a discriminated hierarchy.",
    doc=False,
    authorizations={
        "basic": {"type": "basic"},
        "apiKeyHeader": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
        "apiKeyQuery": {"type": "apiKey", "in": "query", "name": "api_key"},
    },
)

STATUSES = ["available", "pending", "sold"]

error = api.model("Error", {
    "code": fields.Integer(required=True, description="The HTTP status"),
    "message": fields.String(required=True),
    "detail": fields.String(description="What the server received"),
})

item = api.model("Item", {
    "id": fields.Integer(required=True),
    "name": fields.String(required=True),
    "status": fields.String(required=True, enum=STATUSES),
    "price": fields.Float(description="Optional"),
    "tags": fields.List(fields.String, description="Optional"),
    "note": fields.String(description="Optional: null when the item has none"),
})

lookup = api.model("Lookup", {
    "itemId": fields.Integer(required=True),
    "verbose": fields.Boolean(required=True),
    "requestId": fields.String(description="The X-Request-Id header, null when absent"),
})

arrays = api.model("Arrays", {
    "csv": fields.List(fields.String, description="null when absent"),
    "ssv": fields.List(fields.String),
    "tsv": fields.List(fields.String),
    "pipes": fields.List(fields.Integer),
    "multi": fields.List(fields.String),
    "query": fields.String(required=True, description="The raw query string as received"),
})

path_arrays = api.model("PathArrays", {
    "ids": fields.List(fields.Integer, required=True),
    "tags": fields.List(fields.String, description="The X-Tags header split on commas, null when absent"),
})

upload = api.model("Upload", {
    "filename": fields.String(required=True),
    "contentType": fields.String(required=True),
    "size": fields.Integer(required=True),
    "note": fields.String(required=True),
})

form = api.model("Form", {
    "name": fields.String(required=True),
    "count": fields.Integer(),
    "colors": fields.List(fields.String),
    "sizes": fields.List(fields.String),
    "body": fields.String(required=True, description="The raw request body as received"),
})

tea = api.model("Tea", {
    "kind": fields.String(required=True, enum=["green", "black", "oolong"]),
    "cups": fields.Integer(required=True),
})

credentials = api.model("Credentials", {
    "scheme": fields.String(required=True),
    "user": fields.String(description="The basic auth user"),
    "password": fields.String(description="The basic auth password"),
    "key": fields.String(description="The API key"),
})

# Swagger 2.0 polymorphism: `discriminator=True` makes petType the base's discriminator (and
# required), `api.inherit` writes each subtype as allOf [$ref Pet, its own properties]; the value
# of petType is the subtype's definition name.
pet = api.model("Pet", {
    "petType": fields.String(discriminator=True),
    "name": fields.String(required=True),
})
cat = api.inherit("Cat", pet, {
    "huntingSkill": fields.String(required=True, enum=["clueless", "lazy", "adventurous", "aggressive"]),
})
dog = api.inherit("Dog", pet, {
    "packSize": fields.Integer(required=True, min=0),
})
PET_MODELS = {"Cat": cat, "Dog": dog}


def split(name: str, separator: str) -> list[str] | None:
    """One array query parameter, split from its one raw (percent-decoded) value."""
    values = request.args.getlist(name)
    if not values:
        return None
    if len(values) > 1:
        api.abort(400, f"{name}: {len(values)} values for one {separator!r}-separated parameter", query=query())
    return values[0].split(separator)


def integers(name: str, values: list[str] | None) -> list[int] | None:
    try:
        return None if values is None else [int(value) for value in values]
    except ValueError:
        api.abort(400, f"{name}: not integers: {values!r}", query=query())


def query() -> str:
    return request.query_string.decode("latin-1")


def failure(code: int, message: str, detail: str | None = None):
    return {"code": code, "message": message, "detail": detail}, code


ITEMS = [
    {"id": 1, "name": "Lamp", "status": "available", "price": 12.5, "tags": ["home", "light"], "note": "Warm white"},
    {"id": 2, "name": "Desk", "status": "sold", "price": 120.0, "tags": []},
    {"id": 3, "name": "Chair", "status": "available"},
    {"id": 4, "name": "Rug", "status": "pending", "price": 40.0, "tags": ["home"]},
]

item_query = api.parser()
item_query.add_argument("verbose", type=inputs.boolean, location="args", default=False, help="Echoed back")
item_query.add_argument("X-Request-Id", location="headers", help="Echoed back")


@api.route("/items/<int:item_id>")
class ItemResource(Resource):
    @api.doc(id="getItem")
    @api.expect(item_query)
    @api.marshal_with(lookup)
    def get(self, item_id):
        """Path, query and header parameters, as parsed."""
        args = item_query.parse_args()
        return {"itemId": item_id, "verbose": args["verbose"], "requestId": args["X-Request-Id"]}


items_query = api.parser()
items_query.add_argument("status", location="args", choices=STATUSES, help="Only the items of this status")
items_query.add_argument("limit", type=int, location="args", default=10)


@api.route("/items")
class ItemsResource(Resource):
    @api.doc(id="listItems")
    @api.expect(items_query)
    @api.response(200, "The items, at most limit of them", [item], headers={
        "X-Rate-Limit": {"type": int, "description": "Requests left this hour"},
        "X-Total-Count": {"type": int, "description": "How many items matched"},
    })
    def get(self):
        """An array of models with response headers; an enum query parameter."""
        args = items_query.parse_args()
        matched = [entry for entry in ITEMS if args["status"] in (None, entry["status"])]
        headers = {"X-Rate-Limit": "99", "X-Total-Count": str(len(matched))}
        return marshal(matched[: args["limit"]], item), 200, headers

    @api.doc(id="createItem")
    @api.expect(item)
    @api.response(201, "The item as parsed", item)
    def post(self):
        """A JSON body: the item as the server read it (a field left out comes back null)."""
        body = request.get_json(force=True)
        if not isinstance(body, dict):
            return failure(400, "the body is not a JSON object")
        return marshal(body, item), 201


array_query = api.parser()
array_query.add_argument("csv", location="args", action="split", help="a,b")
array_query.add_argument("multi", location="args", action="append", help="multi=a&multi=b")


def array_parameter(collection_format: str, item_type: str, example: str) -> dict:
    return {"in": "query", "type": "array", "items": {"type": item_type},
            "collectionFormat": collection_format, "description": example}


@api.route("/arrays")
class ArraysResource(Resource):
    @api.doc(id="arrays", params={
        "ssv": array_parameter("ssv", "string", "a b"),
        "tsv": array_parameter("tsv", "string", "a\\tb"),
        "pipes": array_parameter("pipes", "integer", "1|2"),
    })
    @api.expect(array_query)
    @api.marshal_with(arrays)
    def get(self):
        """An array query parameter in each collectionFormat, each split here from its raw value."""
        return {
            "csv": split("csv", ","),
            "ssv": split("ssv", " "),
            "tsv": split("tsv", "\t"),
            "pipes": integers("pipes", split("pipes", "|")),
            "multi": request.args.getlist("multi") or None,
            "query": query(),
        }


path_array_headers = api.parser()
path_array_headers.add_argument("X-Tags", location="headers", action="split", help="a,b")


@api.route("/arrays/<ids>")
class PathArraysResource(Resource):
    @api.doc(id="pathArrays", params={
        "ids": {"in": "path", "type": "array", "items": {"type": "integer"}, "collectionFormat": "csv",
                "required": True, "description": "1,2,3"},
    })
    @api.expect(path_array_headers)
    @api.marshal_with(path_arrays)
    def get(self, ids):
        """A csv array in the path and one in a header."""
        header = request.headers.get("X-Tags")
        return {"ids": integers("ids", ids.split(",")), "tags": None if header is None else header.split(",")}


upload_form = api.parser()
upload_form.add_argument("file", type=FileStorage, location="files", required=True, help="Any file")
upload_form.add_argument("note", location="form", required=True)


@api.route("/files")
class FilesResource(Resource):
    @api.doc(id="uploadFile")
    @api.expect(upload_form)
    @api.marshal_with(upload)
    def post(self):
        """A multipart upload: the file as received and the string field beside it."""
        args = upload_form.parse_args()
        data = args["file"].read()
        return {"filename": args["file"].filename, "contentType": args["file"].content_type,
                "size": len(data), "note": args["note"]}


plain_form = api.parser()
plain_form.add_argument("name", location="form", required=True)
plain_form.add_argument("count", type=int, location="form")
plain_form.add_argument("colors", location="form", action="split", help="red,green")
plain_form.add_argument("sizes", location="form", action="append", help="sizes=S&sizes=L")
SIZES = ["S", "M", "L"]


@api.route("/forms")
class FormsResource(Resource):
    # The parser's `choices` would be the enum of the whole array: the enum of its items is set here.
    @api.doc(id="submitForm", consumes=["application/x-www-form-urlencoded"],
             params={"sizes": {"items": {"type": "string", "enum": SIZES}}})
    @api.expect(plain_form)
    @api.marshal_with(form)
    def post(self):
        """A urlencoded form, with a csv and a multi array field, as parsed."""
        body = request.get_data(as_text=True)  # read before request.form, which then parses the cached body
        colors = request.form.getlist("colors")
        if len(colors) > 1:
            api.abort(400, f"colors: {len(colors)} values for one csv field", body=body)
        count = request.form.get("count")
        sizes = request.form.getlist("sizes")
        if any(size not in SIZES for size in sizes):
            api.abort(400, f"sizes: not each one of {SIZES}: {sizes!r}", body=body)
        return {
            "name": request.form.get("name"),
            "count": None if count is None else int(count),
            "colors": colors[0].split(",") if colors else None,
            "sizes": sizes or None,
            "body": body,
        }


tea_query = api.parser()
tea_query.add_argument("kind", location="args", choices=["green", "black", "oolong"], required=True)
tea_query.add_argument("fail", type=inputs.boolean, location="args", default=False, help="Answer 418 with an Error")


@api.route("/tea")
class TeaResource(Resource):
    @api.doc(id="brewTea")
    @api.expect(tea_query)
    @api.response(200, "The tea", tea)
    @api.response("default", "Any error", error)
    def get(self):
        """A `default` error response: with fail=true, 418 and the Error model."""
        args = tea_query.parse_args()
        if args["fail"]:
            return failure(418, "I'm a teapot", f"kind={args['kind']}")
        return {"kind": args["kind"], "cups": 2}


@api.route("/auth/basic")
class BasicAuthResource(Resource):
    @api.doc(id="basicAuth", security="basic")
    @api.response(200, "The credentials received", credentials)
    @api.response(401, "No credentials", error)
    def get(self):
        """HTTP basic auth: the user and password received."""
        auth = request.authorization
        if auth is None or auth.type != "basic":
            body, code = failure(401, "basic credentials required", request.headers.get("Authorization"))
            return body, code, {"WWW-Authenticate": 'Basic realm="shop"'}
        return {"scheme": "basic", "user": auth.username, "password": auth.password}


@api.route("/auth/key")
class HeaderKeyResource(Resource):
    @api.doc(id="apiKeyHeader", security="apiKeyHeader")
    @api.response(200, "The key received", credentials)
    @api.response(401, "No key", error)
    def get(self):
        """An API key in the X-API-Key header."""
        key = request.headers.get("X-API-Key")
        if key is None:
            return failure(401, "X-API-Key header required")
        return {"scheme": "apiKeyHeader", "key": key}


@api.route("/auth/query-key")
class QueryKeyResource(Resource):
    @api.doc(id="apiKeyQuery", security="apiKeyQuery")
    @api.response(200, "The key received", credentials)
    @api.response(401, "No key", error)
    def get(self):
        """An API key in the api_key query parameter."""
        key = request.args.get("api_key")
        if key is None:
            return failure(401, "api_key query parameter required", query())
        return {"scheme": "apiKeyQuery", "key": key}


@api.route("/pets")
class PetsResource(Resource):
    @api.doc(id="createPet")
    @api.expect(pet)
    @api.response(200, "The pet as parsed: its subtype's fields only", pet)
    def post(self):
        """A Pet of either subtype in the body: answered as the subtype its petType names."""
        body = request.get_json(force=True)
        model = PET_MODELS.get(body.get("petType")) if isinstance(body, dict) else None
        if model is None:
            return failure(400, "petType must be Cat or Dog", repr(body))
        return marshal(body, model.resolved)

    @api.doc(id="listPets")
    @api.response(200, "A Cat and a Dog", [pet])
    def get(self):
        """A list holding both subtypes."""
        # petType is given: flask-restx fills a missing discriminator with the model's name, but
        # Cat and Dog share the one field of Pet, so that default is whichever subtype resolved last.
        return [
            marshal({"petType": "Cat", "name": "Tom", "huntingSkill": "lazy"}, cat.resolved),
            marshal({"petType": "Dog", "name": "Rex", "packSize": 3}, dog.resolved),
        ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--parent", type=int, required=True)
    arguments = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", arguments.port, app, threaded=True)

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
