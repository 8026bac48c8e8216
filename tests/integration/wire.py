"""The network between a library client and the house, with faults on demand: a TCP relay
that cuts every connection and refuses new ones while it is down, and an httpx transport
that loses an answer on its way back and notes every status it carries."""

from __future__ import annotations

import contextlib
import socket
import threading

import httpx


class Relay:
    """Relays 127.0.0.1:``port`` to ``target``; ``cut`` drops every connection and refuses
    new ones (accepted, then closed at once) until ``mend``."""

    def __init__(self, target: int):
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.accepted = 0  # connections relayed
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            if not self.up:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.accepted += 1
                self.sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        self.up = False
        with self.lock:
            dropped, self.sockets = self.sockets, []
        for end in dropped:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def mend(self) -> None:
        self.up = True

    def close(self) -> None:
        self.cut()
        self.listener.close()


class Wire(httpx.HTTPTransport):
    """Notes (method, path, status) of every answer; ``lose_next`` makes the next answer to a
    path ending so read the house's answer and then fail like a dropped connection."""

    def __init__(self):
        super().__init__()
        self.seen: list[tuple[str, str, int]] = []
        self.lose_next: str | None = None

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        self.seen.append((request.method, request.url.path, response.status_code))
        if self.lose_next and request.url.path.endswith(self.lose_next):
            self.lose_next = None
            response.read()
            response.close()
            raise httpx.ReadError("the connection dropped before the answer", request=request)
        return response

    def statuses(self, path_end: str) -> list[int]:
        return [status for _, path, status in self.seen if path.endswith(path_end)]
