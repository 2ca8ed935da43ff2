#!/usr/bin/env python3
"""Loopback HTTP server for the Specwright runtime tests (Python 3 standard library only).

Usage: server.py --port 0 [--exit-on-stdin-close]
  Prints the chosen port on the first line of stdout. Stops on SIGTERM, and with
  --exit-on-stdin-close also when its stdin closes (the test process ended or died).

Routes:
  /echo/...            any method: JSON with the method, the raw path and query as received,
                       the headers, the body (base64), and the parsed query, form and multipart fields.
  /status/<code>       answers <code>; a JSON error body {"code": ..., "message": ...} unless 204/304.
  /slow/<key>?seconds=N
                       waits N seconds, then answers 200 {}; stops waiting when the client closes
                       the connection first, and records which happened (/slow alone: no record).
  /slow-state/<key>?until=settled|arrived
                       what /slow/<key> saw, once it saw the close or answered (settled, the
                       default) or once the request arrived, or after 30 s:
                       {"arrived": bool, "closed": bool, "answered": bool}.
  /bytes?count=N       N raw bytes 0, 1, 2, ... (mod 256) as application/octet-stream.
  /answer?status=N&type=T&body=B
                       answers status N with Content-Type T and the (URL-decoded) body B.
  /epoch               {"at": 1795940100}: a date in seconds, where the spec says ISO 8601.
  /json                a fixed JSON post, for decoding over the network.

Scripted routes for the concurrency tests; every count is kept per <key>, so tests running in
parallel against one server never see each other's numbers:
  /count/<key>?delay=S[&hold=1]
                               counts the request, waits S seconds (with hold=1: until
                               /release/<key>, at most 60 s), answers {"count": N}.
  /release/<key>               lets the held /count/<key> requests answer.
  /counts/<key>                the counters of <key> (not counted): {"count", "refresh", "protected"}.
  /protected/<key>             200 {"token": ...} with `Authorization: Bearer <key's token>`, else 401;
                               counted as "protected". The token starts as "expired".
  /refresh/<key>?delay=S[&after=N]
                               counts a refresh, waits S seconds (with after=N: first until N
                               /protected/<key> requests have arrived, at most 60 s), issues a new
                               token "token-N" and returns {"token": "token-N"}.
  /flaky/<key>?failures=N&retry_after=S
                               the first N requests get 503 with `Retry-After: S`, then 200 {"count"}.
  /truncated?length=N          promises N bytes, sends fewer and closes the connection.

Hostile responses (/hostile/..., /huge/<key>): see hostile.py.
"""
import argparse
import base64
import json
import os
import select
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl

import hostile


def parse_multipart(body, content_type):
    """Splits a multipart/form-data body into parts: name, filename, content type, data."""
    boundary = None
    for param in content_type.split(";")[1:]:
        key, _, value = param.strip().partition("=")
        if key.lower() == "boundary":
            boundary = value.strip('"')
    if boundary is None:
        return None
    delimiter = b"--" + boundary.encode()
    if not body.startswith(delimiter) or not body.endswith(delimiter + b"--\r\n"):
        return None
    parts = []
    for chunk in body.split(delimiter)[1:-1]:
        if not chunk.startswith(b"\r\n") or not chunk.endswith(b"\r\n"):
            return None
        head, separator, data = chunk[2:-2].partition(b"\r\n\r\n")
        if not separator:
            return None
        part = {"name": None, "filename": None, "contentType": None, "body": base64.b64encode(data).decode()}
        for line in head.decode().split("\r\n"):
            name, _, value = line.partition(":")
            if name.lower() == "content-disposition":
                for param in value.split(";")[1:]:
                    key, _, raw = param.strip().partition("=")
                    part[key] = raw.strip('"')
            elif name.lower() == "content-type":
                part["contentType"] = value.strip()
        parts.append(part)
    return parts


counters_lock = threading.Lock()
counters = {}   # key -> {"count": int, "refresh": int, "protected": int, "token": str}


def counter(key):
    return counters.setdefault(key, {"count": 0, "refresh": 0, "protected": 0, "token": "expired"})


releases = {}   # key -> threading.Event, under counters_lock


def release_event(key):
    with counters_lock:
        return releases.setdefault(key, threading.Event())


def wait_until(condition, seconds=60):
    """Waits until `condition()` holds under counters_lock, at most `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with counters_lock:
            if condition():
                return
        time.sleep(0.01)


slow_states = {}   # key -> {"arrived": bool, "closed": bool, "answered": bool}, under counters_lock


def wait_or_close(connection, seconds):
    """Waits `seconds`, or until the client closes the connection: True when it closed first."""
    deadline = time.monotonic() + seconds
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        readable, _, _ = select.select([connection], [], [], min(remaining, 0.5))
        if readable:
            try:
                if connection.recv(1, socket.MSG_PEEK) == b"":
                    return True
            except (ConnectionResetError, OSError):
                return True
            time.sleep(min(remaining, 0.05))   # more bytes of a next request: not a close


def slow_state(key, until):
    """The state of /slow/<key> once it has arrived (`until` "arrived") or is settled (closed or
    answered), or after 30 s."""
    deadline = time.monotonic() + 30
    while True:
        with counters_lock:
            state = dict(slow_states.get(key, {"arrived": False, "closed": False, "answered": False}))
        done = state["arrived"] if until == "arrived" else state["closed"] or state["answered"]
        if done or time.monotonic() > deadline:
            return state
        time.sleep(0.02)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def send_json(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Server", "specwright-test")
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        try:
            self.route()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def route(self):
        raw_path, _, raw_query = self.path.partition("?")
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        query = dict(parse_qsl(raw_query, keep_blank_values=True)) if raw_query else {}

        if hostile.route(self, raw_path, query):
            return
        if raw_path.startswith("/echo/"):
            content_type = self.headers.get("Content-Type") or ""
            form = None
            parts = None
            if content_type.startswith("application/x-www-form-urlencoded"):
                form = parse_qsl(body.decode(), keep_blank_values=True)
            elif content_type.startswith("multipart/form-data"):
                parts = parse_multipart(body, content_type)
            self.send_json(200, {
                "method": self.command,
                "path": raw_path,
                "query": raw_query,
                "queryItems": parse_qsl(raw_query, keep_blank_values=True),
                "headers": [[name, value] for name, value in self.headers.items()],
                "body": base64.b64encode(body).decode(),
                "form": form,
                "parts": parts,
            })
        elif raw_path.startswith("/count/"):
            key = raw_path[len("/count/"):]
            with counters_lock:
                state = counter(key)
                state["count"] += 1
                count = state["count"]
            if query.get("hold") == "1":
                release_event(key).wait(60)
            time.sleep(float(query.get("delay", "0")))
            self.send_json(200, {"count": count})
        elif raw_path.startswith("/release/"):
            release_event(raw_path[len("/release/"):]).set()
            self.send_response(204)
            self.end_headers()
        elif raw_path.startswith("/counts/"):
            with counters_lock:
                state = dict(counter(raw_path[len("/counts/"):]))
            del state["token"]
            self.send_json(200, state)
        elif raw_path.startswith("/protected/"):
            with counters_lock:
                state = counter(raw_path[len("/protected/"):])
                state["protected"] += 1
                token = state["token"]
            if self.headers.get("Authorization") == "Bearer " + token:
                self.send_json(200, {"token": token})
            else:
                self.send_json(401, {"code": 401, "message": "token expired"})
        elif raw_path.startswith("/refresh/"):
            after = int(query.get("after", "0"))
            if after:
                state = counter(raw_path[len("/refresh/"):])
                wait_until(lambda: state["protected"] >= after)
            time.sleep(float(query.get("delay", "0")))
            with counters_lock:
                state = counter(raw_path[len("/refresh/"):])
                state["refresh"] += 1
                state["token"] = "token-%d" % state["refresh"]
                token = state["token"]
            self.send_json(200, {"token": token})
        elif raw_path.startswith("/flaky/"):
            with counters_lock:
                state = counter(raw_path[len("/flaky/"):])
                state["count"] += 1
                count = state["count"]
            if count <= int(query.get("failures", "1")):
                body = b'{"code": 503, "message": "try later"}'
                self.send_response(503)
                self.send_header("Retry-After", query.get("retry_after", "0"))
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send_json(200, {"count": count})
        elif raw_path == "/truncated":
            length = int(query.get("length", "100000"))
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(length))
            self.end_headers()
            self.wfile.write(b"x" * (length // 10))
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
        elif raw_path.startswith("/status/"):
            code = int(raw_path[len("/status/"):])
            if code in (204, 304):
                self.send_response(code)
                self.end_headers()
            else:
                self.send_json(code, {"code": code, "message": "status %d" % code})
        elif raw_path == "/redirect":
            # /redirect?to=<absolute or relative URL>&status=302: a redirect the client must handle.
            self.send_response(int(query.get("status", "302")))
            self.send_header("Location", query.get("to", "/echo/redirected"))
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif raw_path == "/loop":
            self.send_response(302)
            self.send_header("Location", "/loop")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif raw_path == "/slow" or raw_path.startswith("/slow/"):
            key = raw_path[len("/slow/"):] or None
            if key:
                with counters_lock:
                    slow_states[key] = {"arrived": True, "closed": False, "answered": False}
            if wait_or_close(self.connection, float(query.get("seconds", "5"))):
                if key:
                    with counters_lock:
                        slow_states[key]["closed"] = True
                self.close_connection = True
                return
            self.send_json(200, {})
            if key:
                with counters_lock:
                    slow_states[key]["answered"] = True
        elif raw_path.startswith("/slow-state/"):
            self.send_json(200, slow_state(raw_path[len("/slow-state/"):], query.get("until", "settled")))
        elif raw_path == "/bytes":
            count = int(query.get("count", "256"))
            data = bytes(index % 256 for index in range(count))
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        elif raw_path == "/answer":
            data = query.get("body", "").encode()
            self.send_response(int(query.get("status", "200")))
            self.send_header("Content-Type", query.get("type", "text/plain"))
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        elif raw_path == "/epoch":
            self.send_json(200, {"at": 1795940100})
        elif raw_path == "/json":
            self.send_json(200, {
                "id": "0f8fad5b-d9cb-469f-a165-70867728950e",
                "text": "hello",
                "like_count": 3,
                "created_at": "2026-11-30T08:15:00.250Z",
                "day": "2026-11-30",
                "extra": {"tags": ["a", "b"], "score": 1.5},
            })
        else:
            self.send_json(404, {"code": 404, "message": "no route " + raw_path})

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = handle_any

    def do_HEAD(self):
        raw_path, _, raw_query = self.path.partition("?")
        if hostile.head(self, raw_path, dict(parse_qsl(raw_query, keep_blank_values=True))):
            return
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()


def exit_when_stdin_closes():
    """Stops the server when the test process closes stdin or dies, so no server outlives its tests."""
    while sys.stdin.buffer.read(1024):
        pass
    os._exit(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--exit-on-stdin-close", action="store_true")
    arguments = parser.parse_args()
    # The spawning process may have blocked signals (the child inherits the mask): allow SIGTERM and SIGINT.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda signum, frame: os._exit(0))
    if arguments.exit_on_stdin_close:
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    # The test suites share one server: room for many connections arriving at once.
    ThreadingHTTPServer.request_queue_size = 256
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    sys.exit(0)


if __name__ == "__main__":
    main()
