"""A loopback server for the transfer benchmark; prints its port.

GET /bytes?size=N   N bytes (Content-Length), written in 1 MiB blocks as fast as the socket takes them
PUT /upload         reads the body (Content-Length or chunked) and answers with the bytes received
"""
import json
import socket
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

BLOCK = bytes(range(256)) * 4096  # 1 MiB


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):
        pass

    def do_GET(self):
        size = int(parse_qs(urlparse(self.path).query).get("size", ["0"])[0])
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        left = size
        view = memoryview(BLOCK)
        while left > 0:
            count = min(left, len(BLOCK))
            self.wfile.write(view[:count])
            left -= count

    def do_PUT(self):
        received = 0
        if self.headers.get("Content-Length"):
            left = int(self.headers["Content-Length"])
            while left > 0:
                chunk = self.rfile.read(min(left, 1 << 20))
                if not chunk:
                    break
                received += len(chunk)
                left -= len(chunk)
        else:
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    break
                left = size
                while left > 0:
                    chunk = self.rfile.read(min(left, 1 << 20))
                    received += len(chunk)
                    left -= len(chunk)
                self.rfile.readline()
        body = json.dumps({"bytes": received}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


if __name__ == "__main__":
    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
