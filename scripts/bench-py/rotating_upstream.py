"""A stand-in AM for scripts/bench-capture-stop: a Login journey of two steps per `n` (the
start answers callbacks with authId `auth-<n>`, the next request succeeds), on HTTP/1.1 with
keep-alive. With `rotating`, every answer sets a new `lb` cookie value, as load balancers do.

Usage: python3 rotating_upstream.py PORT plain|rotating
"""
import itertools
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

COUNTER = itertools.count()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Head and body in one write, sent at once: else each answer waits out a delayed ACK.
    wbufsize = 1 << 16
    disable_nagle_algorithm = True

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        n = parse_qs(urlparse(self.path).query).get("n", ["0"])[0]
        sent = json.loads(body or b"{}")
        if "authId" in sent:
            answer = {"tokenId": f"token-{n}-AQIC5w", "successUrl": "/am/console", "realm": "/alpha"}
        else:
            answer = {
                "authId": f"auth-{n}",
                "callbacks": [
                    {"type": "NameCallback", "output": [{"name": "prompt", "value": "User Name"}],
                     "input": [{"name": "IDToken1", "value": ""}]},
                    {"type": "PasswordCallback", "output": [{"name": "prompt", "value": "Password"}],
                     "input": [{"name": "IDToken2", "value": ""}]},
                ],
            }
        data = json.dumps(answer, separators=(",", ":")).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if sys.argv[2] == "rotating":
            self.send_header("Set-Cookie", f"lb={next(COUNTER):08d}a1b2c3d4e5f6; Path=/")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
