"""A minimal LSP client over a server's stdin and stdout (Content-Length
framing), for the corpus test (lsp_corpus.py) and the latency benchmark
(bench/lsp_latency.py): a reader thread keeps the diagnostics published per
(uri, version), with their arrival time, and the replies per id."""

import json
import subprocess
import threading
import time


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.cond = threading.Condition()
        self.published = {}  # (uri, version) -> (monotonic time, params)
        self.replies = {}
        self.ended = False
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    with self.cond:
                        self.ended = True
                        self.cond.notify_all()
                    return
                if not line.strip():
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(out.read(length))
            now = time.monotonic()
            with self.cond:
                if message.get("method") == "textDocument/publishDiagnostics":
                    p = message["params"]
                    self.published[(p["uri"], p.get("version"))] = (now, p)
                elif "id" in message and "method" not in message:
                    self.replies[message["id"]] = message
                self.cond.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, rid, method, params, timeout=600):
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        return self.reply(rid, timeout)

    def reply(self, rid, timeout=600):
        """The reply to the request `rid` (sent with send())."""
        self._wait(lambda: rid in self.replies, timeout, f"reply {rid}")
        return self.replies[rid]

    def diagnostics(self, uri, version, timeout=600):
        """(arrival time, params) of the diagnostics of `uri` at `version`."""
        self._wait(lambda: (uri, version) in self.published, timeout,
                   f"diagnostics of {uri} version {version}")
        return self.published[(uri, version)]

    def _wait(self, predicate, timeout, what):
        with self.cond:
            self.cond.wait_for(lambda: predicate() or self.ended,
                               timeout=timeout)
            if not predicate():
                raise SystemExit(f"lspclient: no {what} (the server ended?)")

    def shutdown(self):
        """shutdown and exit; the server's exit code."""
        self.request("shutdown", "shutdown", None)
        self.notify("exit", None)
        return self.proc.wait(timeout=120)
