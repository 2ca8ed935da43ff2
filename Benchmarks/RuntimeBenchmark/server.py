"""A minimal keep-alive JSON server on loopback for the runtime benchmark; prints its port."""
import socket
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BODY = b'{"id": 1, "text": "hello", "like_count": 3}'


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # One write per response and no Nagle delay: otherwise every keep-alive request waits ~40 ms.
    wbufsize = 65536

    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)


if __name__ == "__main__":
    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
