"""A FastAPI application whose own /openapi.json the wire tests generate a client from.

Each operation answers with what FastAPI and Pydantic parsed from the request, so the test
checks the values as the server understood them. Run with
`python fastapi_app.py --port N --parent PID`; it exits when the process PID has ended.
"""
import argparse
import asyncio
import datetime
import decimal
import hashlib
import os
import threading
import time
from collections.abc import AsyncIterable
from typing import Annotated, Literal, Optional, Union

import uvicorn
from fastapi import Cookie, FastAPI, File, Form, Header, Query, Request, Response, UploadFile
from fastapi.responses import JSONResponse, StreamingResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel

app = FastAPI(title="Tasks", version="1")


class Task(BaseModel):
    id: int
    title: str
    due: Optional[datetime.datetime] = None


class Upload(BaseModel):
    filename: Optional[str]
    content_type: Optional[str]
    size: int
    note: str


class Echo(BaseModel):
    value: str


class Invoice(BaseModel):
    total: decimal.Decimal


class Amounts(BaseModel):
    total: decimal.Decimal
    fee: decimal.Decimal
    parsed: Optional[str] = None


@app.post("/amounts", operation_id="amounts")
def amounts(body: Amounts) -> Amounts:
    """Decimals as Pydantic parsed them (their exact text), sent back as Pydantic writes them."""
    return Amounts(total=body.total, fee=body.fee, parsed=f"{body.total}|{body.fee}")


class TaskUpdate(BaseModel):
    title: Optional[str] = None
    due: Optional[datetime.datetime] = None


class Export(BaseModel):
    url: str
    rows: int


class Job(BaseModel):
    job_id: str
    position: int


LAST = datetime.datetime(2026, 11, 30, 9, 2, 0, 250000, tzinfo=datetime.timezone.utc)


@app.post("/files", operation_id="upload")
async def upload(file: UploadFile, note: Annotated[str, Form()]) -> Upload:
    data = await file.read()
    return Upload(filename=file.filename, content_type=file.content_type, size=len(data), note=note)


@app.get("/preferences", operation_id="preferences")
def preferences(theme: Annotated[str, Cookie()]) -> Echo:
    return Echo(value=theme)


@app.get("/tags", operation_id="tags")
def tags(x_tags: Annotated[list[str], Header()]) -> list[str]:
    # One element per header line FastAPI received.
    return x_tags


@app.get("/price", operation_id="price")
def price(amount: Annotated[decimal.Decimal, Query()]) -> Echo:
    return Echo(value=str(amount))


@app.get("/invoice", operation_id="invoice")
def invoice() -> Invoice:
    # Pydantic writes a Decimal as a JSON string, every digit kept.
    return Invoice(total=decimal.Decimal("1234567890.123456789"))


@app.get("/tasks/{task_id}", operation_id="task")
def task(task_id: int) -> Optional[Task]:
    return None if task_id == 0 else Task(id=task_id, title="Write the tests", due=LAST)


@app.get("/tasks", operation_id="tasksAfter")
def tasks_after(after: Annotated[datetime.datetime, Query()]) -> Echo:
    # The timestamp as the server parsed it: a decoded value sent back must be the same instant.
    return Echo(value=after.astimezone(datetime.timezone.utc).isoformat())


@app.patch("/tasks/{task_id}", operation_id="updateTask")
def update_task(task_id: int, update: TaskUpdate) -> Echo:
    # The fields the request set, and to what: a field left out is not set, a null one is set to None.
    fields = sorted(update.model_fields_set)
    return Echo(value=",".join(f"{name}={getattr(update, name)!r}" for name in fields) or "nothing")


@app.post(
    "/exports",
    operation_id="startExport",
    responses={202: {"model": Job, "description": "Queued: too large to export at once"}, 204: {"description": "Nothing to export"}},
)
def start_export(rows: Annotated[int, Query()]) -> Export:
    # Three outcomes, each with its own status and body.
    if rows == 0:
        return Response(status_code=204)
    if rows > 1000:
        return JSONResponse(status_code=202, content={"job_id": f"job-{rows}", "position": 3})
    return Export(url=f"https://files.example.com/export-{rows}.csv", rows=rows)


class RepoUpdate(BaseModel):
    name: Optional[str] = None
    private: bool = False
    has_wiki: bool = True
    visibility: Literal["public", "private", "internal"] = "public"


def received(request: Request, names: list[str]) -> str:
    """The query, and which of the named headers and cookies the request held, as they came."""
    headers = [name for name in names if name in request.headers]
    cookies = [name for name in names if name in request.cookies]
    return f"query={request.url.query or '-'} headers={','.join(headers) or '-'} cookies={','.join(cookies) or '-'}"


@app.patch("/repos/{repo}", operation_id="updateRepo")
def update_repo(
    repo: str,
    update: RepoUpdate,
    request: Request,
    per_page: int = 30,
    x_trace: Annotated[bool, Header()] = False,
    theme: Annotated[str, Cookie()] = "light",
) -> Echo:
    """Defaults everywhere (GitHub's repository PATCH): a request sends only what its caller set."""
    body = ",".join(f"{name}={getattr(update, name)!r}" for name in sorted(update.model_fields_set)) or "-"
    return Echo(value=f"{received(request, ['x-trace', 'theme'])} body={body}")


@app.post("/repos/{repo}/settings", operation_id="updateSettings")
async def update_settings(
    repo: str,
    request: Request,
    archived: Annotated[bool, Form()] = False,
    topic: Annotated[str, Form()] = "none",
) -> Echo:
    """A form with defaults: the fields the request held."""
    return Echo(value=",".join(sorted((await request.form()).keys())) or "-")


@app.post("/repos/{repo}/assets", operation_id="uploadAsset")
async def upload_asset(
    repo: str,
    request: Request,
    file: UploadFile,
    label: Annotated[str, Form()] = "asset",
    public: Annotated[bool, Form()] = True,
) -> Echo:
    """Multipart with defaults: the parts the request held."""
    return Echo(value=",".join(sorted((await request.form()).keys())))


class Progress(BaseModel):
    step: int
    message: str


@app.get("/tasks/{task_id}/progress", operation_id="progress", response_class=EventSourceResponse)
async def progress(task_id: int, steps: int = 3) -> AsyncIterable[Progress]:
    """Server-sent events typed by FastAPI (OpenAPI's itemSchema, data as contentSchema)."""
    for step in range(steps):
        yield Progress(step=step, message=f"task {task_id}: step {step}")


@app.get("/exports/tasks.jsonl", operation_id="exportTasks")
async def export_tasks(count: int = 3) -> AsyncIterable[Task]:
    """JSON Lines typed by FastAPI (OpenAPI's itemSchema)."""
    for number in range(count):
        yield Task(id=number, title=f"Task {number}", due=LAST if number == 0 else None)


@app.get("/tasks/{task_id}/log", operation_id="log", response_class=EventSourceResponse)
async def log(task_id: int) -> AsyncIterable[ServerSentEvent]:
    """Events FastAPI does not type: each read as it came."""
    yield ServerSentEvent(data={"line": 1}, event="line", id="1")
    yield ServerSentEvent(raw_data="done", event="end", id="2")


class ChatChunk(BaseModel):
    id: str
    index: int
    content: str


@app.post("/chat/completions", operation_id="chatCompletions", response_class=EventSourceResponse)
async def chat_completions(words: int = 3, raw: bool = False) -> AsyncIterable[Union[ChatChunk, Literal["[DONE]"]]]:
    """An OpenAI-style stream documented the FastAPI way: chunks, then the `[DONE]` sentinel, which
    FastAPI writes as JSON (`"[DONE]"`), or, with `raw`, as OpenAI does (`[DONE]`). A chunk after
    the sentinel is never read."""
    for index in range(words):
        yield ChatChunk(id="chatcmpl-1", index=index, content=f"word{index}")
    yield ServerSentEvent(raw_data="[DONE]") if raw else "[DONE]"
    yield ChatChunk(id="after", index=99, content="past the sentinel")


@app.get("/tasks/{task_id}/history", operation_id="history", response_class=EventSourceResponse)
async def history(task_id: int) -> AsyncIterable[Progress]:
    """Typed events with their own names, ids and a retry: what a client keeps to resume."""
    for step in range(3):
        yield ServerSentEvent(data=Progress(step=step, message=f"step {step}"), event="progress",
                              id=f"{task_id}-{step}", retry=2000 if step == 0 else None)


# What each download request of a name asked for: its Range and If-Range.
downloads: dict[str, list[dict]] = {}
BYTES = {"content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}


def pattern(start: int, end: int) -> bytes:
    return bytes((index * 7) % 251 for index in range(start, end))


@app.get(
    "/files/{name}",
    operation_id="download",
    response_class=Response,
    responses={
        200: {"description": "The whole file", **BYTES},
        206: {"description": "The part asked for", "headers": {"Content-Range": {"schema": {"type": "string"}}}, **BYTES},
    },
)
async def download(name: str, request: Request, size: int = 200_000) -> Response:
    """A file with an ETag, served in pieces: 200 whole, or 206 from a `Range` when `If-Range` is
    absent or names the file as it is."""
    asked = {"range": request.headers.get("range"), "if_range": request.headers.get("if-range")}
    downloads.setdefault(name, []).append(asked)
    etag = f'"{name}-v1"'
    start, status, headers = 0, 200, {"ETag": etag, "Accept-Ranges": "bytes"}
    if asked["range"] and asked["range"].startswith("bytes=") and asked["if_range"] in (None, etag):
        start, status = int(asked["range"][6:].split("-")[0]), 206
        headers["Content-Range"] = f"bytes {start}-{size - 1}/{size}"
    headers["Content-Length"] = str(size - start)

    async def pieces():
        for position in range(start, size, 8192):
            yield pattern(position, min(size, position + 8192))
            await asyncio.sleep(0.002)

    return StreamingResponse(pieces(), status_code=status, media_type="application/octet-stream", headers=headers)


@app.get("/files/{name}/requests", operation_id="downloadRequests")
def download_requests(name: str) -> list[Echo]:
    """The Range and If-Range of each download request of a name."""
    return [Echo(value=f"{asked['range'] or '-'} {asked['if_range'] or '-'}") for asked in downloads.get(name, [])]


@app.put(
    "/recordings/{name}",
    operation_id="uploadRecording",
    openapi_extra={"requestBody": {"required": True, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}},
)
async def upload_recording(name: str, request: Request) -> Echo:
    """A byte stream upload: its framing (chunked, or a Content-Length), its size and a digest of its bytes."""
    framing = "chunked" if request.headers.get("transfer-encoding", "").lower() == "chunked" else f"length {request.headers.get('content-length')}"
    size, digest = 0, hashlib.sha256()
    async for piece in request.stream():
        size += len(piece)
        digest.update(piece)
    return Echo(value=f"{framing} {size} {digest.hexdigest()[:12]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--parent", type=int, required=True)
    arguments = parser.parse_args()
    config = uvicorn.Config(app, host="127.0.0.1", port=arguments.port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)

    def stop_with_parent() -> None:
        # An ended parent that is not reaped yet still answers kill(pid, 0), but its children
        # have a new parent already: both are checked, so a server never outlives its tests
        # (it would hold their output open, and the test runner would wait for it).
        while True:
            try:
                os.kill(arguments.parent, 0)
            except OSError:
                server.should_exit = True
                return
            if os.getppid() != arguments.parent:
                server.should_exit = True
                return
            time.sleep(0.5)

    threading.Thread(target=stop_with_parent, daemon=True).start()
    server.run()


if __name__ == "__main__":
    main()
