"""A loopback HTTP server (Python's own http.server) that answers with scripted responses and
records the requests it parsed, to replay a peer's client expectations on the wire.

POST /__answers with a JSON list of {"status": int, "headers": [[name, value]], "body": str}
queues answers; every other request takes the next answer and is recorded; GET /__requests
returns the recorded requests (method, target, headers in lowercase, body; a JSON body also as
canonical JSON; a multipart body also as its parts, parsed by the standard library's `email`
package: name, headers in lowercase but Content-Disposition, text) and forgets them. Run with `python replay.py --port N --parent PID`; it exits
when the process PID has ended.
"""
import argparse
import email.parser
import email.policy
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

answers = []
requests = []
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def reply(self, status, headers, body):
        data = body.encode("utf-8")
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self):
        body = self.body()
        if self.path == "/__answers" and self.command == "POST":
            with lock:
                answers.extend(json.loads(body))
            return self.reply(204, [], "")
        if self.path == "/__requests" and self.command == "GET":
            with lock:
                recorded = list(requests)
                requests.clear()
            return self.reply(200, [("Content-Type", "application/json")], json.dumps(recorded))
        text = body.decode("utf-8", "replace")
        record = {
            "method": self.command,
            "target": self.path,
            "headers": sorted([name.lower(), value] for name, value in self.headers.items()),
            "body": text,
        }
        content_type = self.headers.get("Content-Type") or ""
        if "json" in content_type and text:
            record["json"] = json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
        if content_type.startswith("multipart/"):
            message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
                b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + body)
            record["parts"] = [{
                "name": part.get_param("name", header="content-disposition"),
                "filename": part.get_param("filename", header="content-disposition"),
                "headers": sorted([name.lower(), str(value)] for name, value in part.items()
                                  if name.lower() != "content-disposition"),
                "text": part.get_payload(decode=True).decode("utf-8", "replace"),
            } for part in message.iter_parts()]
        with lock:
            requests.append(record)
            answer = answers.pop(0) if answers else {"status": 599, "headers": [], "body": "no answer scripted"}
        self.reply(answer["status"], answer["headers"], answer["body"])

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = handle_any


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--parent", type=int, required=True)
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)

    def stop_with_parent():
        while True:
            try:
                os.kill(arguments.parent, 0)
            except OSError:
                server.shutdown()
                return
            time.sleep(0.5)

    threading.Thread(target=stop_with_parent, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
