"""A local chat-completions server (stdlib http.server on 127.0.0.1) for the teacher tests.

Each test queues scripted replies: a completion body, an HTTP status, or a
delay longer than the client's timeout. Every request body is recorded.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


def completion(content: str | None = None, tool_calls: list[tuple[str, str]] | None = None,
               prompt_tokens: int = 11, completion_tokens: int = 7) -> dict[str, Any]:
    """A chat.completion body; tool_calls are (name, arguments text) pairs."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = [
            {"id": f"call_{i}", "type": "function", "function": {"name": n, "arguments": a}}
            for i, (n, a) in enumerate(tool_calls)
        ]
    return {
        "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": "test-model",
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "tool_calls" if tool_calls else "stop"}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


class ChatServer:
    def __init__(self) -> None:
        self.replies: deque[tuple[str, Any]] = deque()
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length", 0))
                server.requests.append(json.loads(self.rfile.read(length) or b"{}"))
                kind, value = server.replies.popleft() if server.replies else ("status", 500)
                if kind == "sleep":
                    time.sleep(value[0])
                    kind, value = "body", value[1]
                if kind == "status":
                    body = json.dumps({"error": {"message": f"scripted {value}", "type": "server_error"}})
                    self._send(value, body.encode())
                else:
                    self._send(200, json.dumps(value).encode())

            def _send(self, status: int, body: bytes) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def reply(self, body: dict[str, Any]) -> None:
        self.replies.append(("body", body))

    def status(self, code: int) -> None:
        self.replies.append(("status", code))

    def slow(self, seconds: float, body: dict[str, Any]) -> None:
        self.replies.append(("sleep", (seconds, body)))

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def chat_server():
    server = ChatServer()
    yield server
    server.close()


@pytest.fixture
def make_completion():
    return completion
