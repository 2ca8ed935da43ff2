"""Hostile responses for the runtime tests (imported by server.py; Python 3 standard library only).

Routes (GET; the /hostile/ ones take ?status=N, default 200):
  /hostile/html                an HTML error page from a proxy, labelled text/html.
  /hostile/text-json           a valid JSON post labelled text/plain.
  /hostile/truncated-json      the first half of a JSON post, with a Content-Length that matches the half.
  /hostile/invalid-utf8        a JSON post whose "text" holds the bytes FF FE (not UTF-8) at byte 14.
  /hostile/empty               an empty body labelled application/json (Content-Length: 0).
  /hostile/cut-json            promises a whole JSON post, sends half and closes the connection.
  /hostile/gzip?size=N         N zero bytes compressed with gzip (Content-Encoding: gzip), ~1/1000 on the wire.
  /hostile/basic-challenge     401 with `WWW-Authenticate: Basic realm=...` and a JSON error body.
  /huge/<key>?length=N&declare=1&chunk=K&delay=S&cut=M
                               streams N zero bytes in chunks of K (default 64 KiB), S seconds apart,
                               with Content-Length: N when declare=1, else chunked; with cut=M it closes
                               the connection after M bytes. Stops when the client closes the connection
                               and records what it saw under <key>. HEAD declares the length, sends nothing.
  /huge-state/<key>            what the last /huge/<key> saw: {"sent": bytes, "closed": bool, "finished": bool}.
"""
import json
import threading
import time
import zlib

POST = json.dumps({"text": "hello, this is a post", "count": 42, "tags": ["a", "b", "c"]}).encode()

state_lock = threading.Lock()
huge_states = {}   # key -> {"sent": int, "closed": bool, "finished": bool}


def send_body(handler, status, content_type, body, headers=()):
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(body)))
    for name, value in headers:
        handler.send_header(name, value)
    handler.end_headers()
    handler.wfile.write(body)


def record(key, **values):
    with state_lock:
        huge_states.setdefault(key, {"sent": 0, "closed": False, "finished": False}).update(values)


def stream_huge(handler, key, query):
    """Streams zeros until `length` bytes are sent or the client goes away."""
    length = int(query.get("length", str(1 << 30)))
    chunk = int(query.get("chunk", str(64 << 10)))
    delay = float(query.get("delay", "0"))
    chunked = query.get("declare") != "1"
    cut = int(query.get("cut", "-1"))
    record(key, sent=0, closed=False, finished=False)
    handler.send_response(200)
    handler.send_header("Content-Type", "application/octet-stream")
    if chunked:
        handler.send_header("Transfer-Encoding", "chunked")
    else:
        handler.send_header("Content-Length", str(length))
    handler.end_headers()
    zeros = bytes(chunk)
    sent = 0
    try:
        end = length if cut < 0 else min(cut, length)
        while sent < end:
            size = min(chunk, end - sent)
            data = zeros[:size]
            if chunked:
                handler.wfile.write(b"%x\r\n" % size + data + b"\r\n")
            else:
                handler.wfile.write(data)
            sent += size
            record(key, sent=sent)
            if delay:
                time.sleep(delay)
        if sent < length:   # cut: close without the rest (and without a chunked body's last chunk)
            handler.wfile.flush()
            handler.close_connection = True
            handler.connection.shutdown(2)
            return
        if chunked:
            handler.wfile.write(b"0\r\n\r\n")
        handler.wfile.flush()
        record(key, finished=True)
    except (BrokenPipeError, ConnectionResetError):
        record(key, closed=True)
        handler.close_connection = True


def head(handler, raw_path, query):
    """Answers HEAD for /huge/<key>: the declared length and no body; False for other paths."""
    if not raw_path.startswith("/huge/"):
        return False
    handler.send_response(200)
    handler.send_header("Content-Type", "application/octet-stream")
    handler.send_header("Content-Length", query.get("length", str(1 << 30)))
    handler.end_headers()
    return True


def route(handler, raw_path, query):
    """Answers a hostile route; False when `raw_path` is not one."""
    status = int(query.get("status", "200"))
    if raw_path == "/hostile/html":
        page = b"<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"
        send_body(handler, status, "text/html; charset=utf-8", page)
    elif raw_path == "/hostile/text-json":
        send_body(handler, status, "text/plain", POST)
    elif raw_path == "/hostile/truncated-json":
        send_body(handler, status, "application/json", POST[:len(POST) // 2])
    elif raw_path == "/hostile/invalid-utf8":
        body = b'{"text": "bad \xff\xfe bytes", "count": 1, "tags": []}'
        send_body(handler, status, "application/json", body)
    elif raw_path == "/hostile/empty":
        send_body(handler, status, "application/json", b"")
    elif raw_path == "/hostile/basic-challenge":
        body = json.dumps({"code": 401, "message": "who are you"}).encode()
        send_body(handler, 401, "application/json", body, [("WWW-Authenticate", 'Basic realm="specwright"')])
    elif raw_path == "/hostile/cut-json":
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(POST)))
        handler.end_headers()
        handler.wfile.write(POST[:len(POST) // 2])
        handler.wfile.flush()
        handler.close_connection = True
        handler.connection.shutdown(2)
    elif raw_path == "/hostile/gzip":
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)   # 31: the gzip format
        size = int(query.get("size", str(1 << 20)))
        block = bytes(1 << 20)
        parts = [compressor.compress(block[:min(len(block), size - offset)]) for offset in range(0, size, len(block))]
        body = b"".join(parts) + compressor.flush()
        send_body(handler, 200, "application/octet-stream", body, [("Content-Encoding", "gzip")])
    elif raw_path.startswith("/huge/"):
        stream_huge(handler, raw_path[len("/huge/"):], query)
    elif raw_path.startswith("/huge-state/"):
        key = raw_path[len("/huge-state/"):]
        with state_lock:
            value = dict(huge_states.get(key, {"sent": 0, "closed": False, "finished": False}))
        handler.send_json(200, value)
    else:
        return False
    return True
