"""A tiny Chirp server for the demo, on loopback. Prints its port, then serves until stopped."""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

POSTS = [
    {"id": 1, "text": "Hello from Specwright", "like_count": 2, "visibility": "public"},
    {"id": 2, "text": "A post in review", "visibility": "in-review"},
]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def authorized(self):
        if self.headers.get("Authorization") != "Bearer token-ada":
            self.reply(401, {"message": "sign in first"})
            return False
        return True

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return json.loads(self.rfile.read(length) or b"{}")

    def do_GET(self):
        if self.path.startswith("/feed") and self.authorized():
            self.reply(200, {"items": POSTS, "page": 1, "total": len(POSTS)})
        elif not self.path.startswith("/feed"):
            self.reply(404, {"message": "no such route"})

    def do_POST(self):
        if self.path == "/login":
            body = self.body()
            if body.get("user") == "ada" and body.get("password") == "secret":
                self.reply(200, {"access_token": "token-ada"})
            else:
                self.reply(401, {"message": "wrong user or password"})
        elif self.path == "/posts" and self.authorized():
            if not self.body().get("text"):
                self.reply(422, {"message": "a post needs text", "fields": ["text"]})
            else:
                self.reply(201, {"id": 3, "text": "new", "visibility": "public"})
        elif self.path.startswith("/posts/") and self.path.endswith("/like") and self.authorized():
            self.reply(204)


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
