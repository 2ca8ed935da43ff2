"""Streaming endpoints for the runtime's stream tests: Starlette's StreamingResponse and
sse-starlette's EventSourceResponse (both pinned in the test venv), under uvicorn.

Each stream counts what happened on the server side (connections, the Last-Event-ID each one
sent, disconnects seen) under /stats/{name}, so a test checks what the server saw, not only what
the client read. Run with `python streams_app.py --port N --parent PID`; it exits when the process
PID has ended.
"""
import argparse
import asyncio
import json
import os
import threading
import time
from collections import defaultdict
from typing import Optional

import uvicorn
from fastapi import FastAPI, Header, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse
from sse_starlette import EventSourceResponse
from starlette.requests import ClientDisconnect

app = FastAPI(title="Streams", version="1")
stats: dict = defaultdict(lambda: {"connections": 0, "last_event_ids": [], "disconnects": 0, "sent": 0, "finished": 0})


@app.get("/stats/{name}")
def read_stats(name: str):
    return stats[name]


@app.post("/chat/completions")
async def chat(body: dict):
    """An OpenAI-style chat stream: one chunk per word, then `data: [DONE]`."""
    words = body.get("prompt", "").split()
    stats["chat"]["connections"] += 1

    async def chunks():
        for index, word in enumerate(words):
            yield {"data": json.dumps({"id": "chatcmpl-1", "index": index, "delta": {"content": word}})}
        yield {"data": "[DONE]"}
        stats["chat"]["finished"] += 1

    return EventSourceResponse(chunks())


@app.get("/typed")
async def typed():
    """Events typed by their `event` name, with ids, and a comment between them."""

    async def events():
        yield {"event": "started", "id": "1", "data": json.dumps({"run": "r1"})}
        yield {"comment": "a comment the client ignores"}
        for index, text in enumerate(["Hel", "lo"]):
            yield {"event": "delta", "id": str(index + 2), "data": json.dumps({"text": text})}
        yield {"event": "ping", "data": ""}
        yield {"event": "finished", "id": "4", "data": json.dumps({"tokens": 2})}

    return EventSourceResponse(events())


@app.get("/feed/{name}")
async def feed(name: str, count: int = 10, drop_after: int = 4, last_event_id: Optional[str] = Header(default=None)):
    """Events 1...count with ids. The first connection is cut after `drop_after` events (the
    server process raises, so no chunked terminator is sent); a reconnection resumes after
    Last-Event-ID."""
    record = stats[name]
    record["connections"] += 1
    record["last_event_ids"].append(last_event_id)
    first = int(last_event_id) + 1 if last_event_id else 1
    first_connection = record["connections"] == 1

    async def events():
        for number in range(first, count + 1):
            if first_connection and number > drop_after:
                raise ConnectionAbortedError("dropped on purpose")
            record["sent"] += 1
            yield {"id": str(number), "data": json.dumps({"number": number}), "retry": 50}
        record["finished"] += 1

    return EventSourceResponse(events())


@app.get("/slow/{name}")
async def slow(name: str, count: int = 1000, interval: float = 0.05):
    """An event every `interval` seconds; counts the disconnect when the client goes away."""
    record = stats[name]
    record["connections"] += 1

    async def events():
        try:
            for number in range(count):
                record["sent"] += 1
                yield {"data": json.dumps({"number": number})}
                await asyncio.sleep(interval)
            record["finished"] += 1
        except asyncio.CancelledError:
            record["disconnects"] += 1
            raise

    return EventSourceResponse(events())


@app.get("/flaky/{name}")
async def flaky(name: str, failures: int = 1):
    """503 for the first `failures` connections, then a stream of three events."""
    record = stats[name]
    record["connections"] += 1
    if record["connections"] <= failures:
        return JSONResponse(status_code=503, content={"detail": "try again"})

    async def events():
        for number in range(3):
            yield {"data": json.dumps({"number": number})}

    return EventSourceResponse(events())


@app.get("/export.jsonl")
def export(rows: int = 5):
    """JSON Lines, several lines per chunk and lines split across chunks."""
    stats["export"]["connections"] += 1
    text = "".join(json.dumps({"row": row, "name": f"name {row} \u00e9\u4e16"}, ensure_ascii=False) + "\n" for row in range(rows))
    data = text.encode()

    def pieces():
        for start in range(0, len(data), 7):
            yield data[start:start + 7]

    return StreamingResponse(pieces(), media_type="application/jsonl")


@app.get("/split")
async def split():
    """An event stream sent one byte at a time: lines ended by CR, LF and CRLF, a byte order mark,
    multi-line data, UTF-8 characters of two to four bytes, a comment and unknown fields."""
    text = ("\ufeffevent: greeting\r\ndata: h\u00e9llo\r\ndata: w\u00f6rld \u4e16\U0001F600\r\nid: 7\r\n\r\n"
            ": a comment\rdata:no space\rfoo: ignored\r\r"
            "data:  two spaces\nretry: 1500\n\n"
            "data\n\n")
    data = text.encode()

    async def pieces():
        for index in range(len(data)):
            yield data[index:index + 1]
            await asyncio.sleep(0)

    return StreamingResponse(pieces(), media_type="text/event-stream")


@app.get("/records")
def records(count: int = 3):
    """A JSON text sequence (RFC 7464)."""
    body = b"".join(b"\x1e" + json.dumps({"record": number}).encode() + b"\n" for number in range(count))
    return StreamingResponse(iter([body[:5], body[5:]]), media_type="application/json-seq")


@app.get("/bytes/{name}")
async def raw_bytes(name: str, size: int = 1 << 20, piece: int = 1 << 16):
    """`size` bytes as fast as the connection takes them; counts what it handed over."""
    record = stats[name]
    record["connections"] += 1
    block = bytes(range(256)) * (piece // 256)

    async def pieces():
        left = size
        try:
            while left > 0:
                chunk = block[:min(left, len(block))]
                left -= len(chunk)
                record["sent"] += len(chunk)
                yield chunk
            record["finished"] += 1
        except asyncio.CancelledError:
            record["disconnects"] += 1
            raise

    return StreamingResponse(pieces(), media_type="application/octet-stream", headers={"Content-Length": str(size)})


def pattern(start: int, end: int) -> bytes:
    """Bytes start..<end of the endless pattern 0, 1, ... 255, 0, 1, ..."""
    block = bytes(range(256))
    first = start % 256
    data = (block * ((end - start) // 256 + 2))[first:first + end - start]
    return data


@app.get("/files/{name}")
async def file(name: str, request: Request, size: int = 1 << 20, drop_at: int = -1):
    """`size` bytes of the pattern, with ranges (`Range: bytes=N-`: 206 and Content-Range). The
    first request of a name is cut after `drop_at` bytes when given."""
    record = stats[name]
    record["connections"] += 1
    first = record["connections"] == 1
    start = 0
    status = 200
    headers = {"Accept-Ranges": "bytes"}
    header = request.headers.get("range")
    record["last_event_ids"].append(header)
    if header and header.startswith("bytes="):
        start = int(header[6:].split("-")[0])
        if start >= size:
            return Response(status_code=416, headers={"Content-Range": f"bytes */{size}"})
        status = 206
        headers["Content-Range"] = f"bytes {start}-{size - 1}/{size}"
    headers["Content-Length"] = str(size - start)

    async def pieces():
        position = start
        while position < size:
            end = min(size, position + (1 << 16))
            if first and drop_at >= 0 and end > drop_at:
                yield pattern(position, drop_at)
                raise ConnectionAbortedError("dropped on purpose")
            yield pattern(position, end)
            record["sent"] += end - position
            position = end
        record["finished"] += 1

    return StreamingResponse(pieces(), status_code=status, media_type="application/octet-stream", headers=headers)


# The client connections (host, port) whose next request is dropped unanswered (see /keepalive).
drop_next: set = set()


@app.get("/keepalive/{name}")
def keepalive(name: str, request: Request):
    """Answers, keeps the connection open, and drops the next request that comes on it without an
    answer, as a server closing a kept-alive connection would; records the client's port."""
    record = stats[name]
    record["connections"] += 1
    record["last_event_ids"].append(str(request.client.port))
    drop_next.add((request.client.host, request.client.port))
    return {"port": request.client.port}


@app.put("/uploads/{name}")
async def upload(name: str, request: Request):
    """Reads the body as it comes and says what arrived: its length, whether it was the pattern
    from 0, how it was framed, and the most bytes one read brought. `sent` counts the bytes
    received so far, `disconnects` a client gone before the end; `last_event_ids` records each
    request's client port. A request on a connection /keepalive marked is dropped unanswered."""
    record = stats[name]
    record["connections"] += 1
    record["last_event_ids"].append(str(request.client.port))
    client = (request.client.host, request.client.port)
    if client in drop_next:
        drop_next.discard(client)
        # uvicorn's receive callable is bound to the connection's cycle, which holds the transport.
        cycle = getattr(request.receive, "__self__", None)
        cycle.transport.close()
        return Response(status_code=500)
    received = 0
    in_order = True
    largest = 0
    try:
        async for chunk in request.stream():
            if chunk:
                largest = max(largest, len(chunk))
                if in_order and chunk != pattern(received, received + len(chunk)):
                    in_order = False
                received += len(chunk)
                record["sent"] = received
    except ClientDisconnect:
        record["disconnects"] += 1
        raise
    record["finished"] += 1
    return {"bytes": received, "in_order": in_order, "largest_read": largest,
            "content_length": request.headers.get("content-length"),
            "transfer_encoding": request.headers.get("transfer-encoding"),
            "expect": request.headers.get("expect"),
            "content_type": request.headers.get("content-type")}


@app.get("/repos/{name}/issues")
def issues(name: str, request: Request, page: int = 1, per_page: int = 30, total: int = 95, cap: int = 100):
    """GitHub's paging: an array per page, the next page in `Link` (with prev, last and first as
    GitHub sends them), at most `cap` items a page whatever was asked; counts the requests."""
    per_page = min(per_page, cap)
    record = stats[name]
    record["connections"] += 1
    record["last_event_ids"].append(f"page={page}")
    first = (page - 1) * per_page
    items = [{"number": number} for number in range(first + 1, min(total, first + per_page) + 1)]
    last = max(1, -(-total // per_page))
    base = str(request.base_url).rstrip("/") + f"/repos/{name}/issues"
    links = []
    if page < last:
        links.append(f'<{base}?per_page={per_page}&total={total}&page={page + 1}>; rel="next"')
        links.append(f'<{base}?per_page={per_page}&total={total}&page={last}>; rel="last"')
    if page > 1:
        links.append(f'<{base}?per_page={per_page}&total={total}&page={page - 1}>; rel="prev"')
        links.append(f'<{base}?per_page={per_page}&total={total}&page=1>; rel="first"')
    return JSONResponse(items, headers={"Link": ", ".join(links)} if links else {})


@app.get("/v1/customers/{name}")
def customers(name: str, limit: int = 10, starting_after: Optional[str] = None, total: int = 25):
    """Stripe's paging: a list object with `has_more`; the next page starts after an ID."""
    record = stats[name]
    record["connections"] += 1
    record["last_event_ids"].append(starting_after)
    ids = [f"cus_{number:03d}" for number in range(total)]
    start = ids.index(starting_after) + 1 if starting_after else 0
    data = [{"id": id, "object": "customer"} for id in ids[start:start + limit]]
    return {"object": "list", "data": data, "has_more": start + limit < total, "url": "/v1/customers"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--parent", type=int, required=True)
    arguments = parser.parse_args()
    config = uvicorn.Config(app, host="127.0.0.1", port=arguments.port, log_level="critical", lifespan="off")
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
