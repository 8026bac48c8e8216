"""`make cluster`'s supervisor when another process binds a port it drew for an instance."""

from __future__ import annotations

import socket
import sys

import pytest

from deploy import cluster
from shared.embedded_redis import free_port

# An instance as far as the supervisor can tell: it listens on $BIND and answers 200, or
# exits when the port is taken, as gunicorn does.
INSTANCE = """
import http.server, os
host, _, port = os.environ["BIND"].rpartition(":")
class Healthy(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
    def log_message(self, *args):
        pass
http.server.HTTPServer((host, int(port)), Healthy).serve_forever()
"""


def test_an_instance_whose_port_was_taken_meanwhile_starts_on_another(tmp_path):
    supervisor = cluster.Supervisor(tmp_path, free_port())
    supervisor.logs.mkdir(parents=True)
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    address = f"127.0.0.1:{port}"
    child = cluster.Child(
        "lobby-1", "web", [sys.executable, "-c", INSTANCE], {"BIND": address, "SERVICE": "lobby"},
        port, f"http://{address}/healthz",
    )  # fmt: skip
    others = [cluster.Child(f"{service}-1", "web", env={"SERVICE": service}, port=free_port())
              for service in ("table", "ledger")]  # fmt: skip
    supervisor.children += [child, *others]
    try:
        supervisor.launch(child)
        supervisor.wait_ready([child], timeout=30)
        assert child.port != port
        assert child.env["BIND"] == f"127.0.0.1:{child.port}"
        assert cluster.http_ok(child.health)
        supervisor.write_edge_config()
        house = (tmp_path / "nginx" / "house.conf").read_text()
        assert f"server 127.0.0.1:{child.port} " in house
        assert address not in house
    finally:
        supervisor.terminate([child])
        taken.close()


def test_an_instance_that_fails_on_a_free_port_is_reported(tmp_path):
    supervisor = cluster.Supervisor(tmp_path, free_port())
    supervisor.logs.mkdir(parents=True)
    port = free_port()
    child = cluster.Child(
        "lobby-1", "web", [sys.executable, "-c", "raise SystemExit(3)"],
        {"BIND": f"127.0.0.1:{port}", "SERVICE": "lobby"}, port, f"http://127.0.0.1:{port}/",
    )  # fmt: skip
    supervisor.launch(child)
    with pytest.raises(RuntimeError, match="lobby-1 exited while starting"):
        supervisor.wait_ready([child], timeout=30)
    assert child.port == port  # not moved: its port was free


def test_the_houses_port_is_held_until_nginx_binds_it():
    port = free_port()
    holder = cluster.hold_port(port)
    try:
        assert not cluster.port_is_free(port)  # what another process's free_port() finds
        with pytest.raises(OSError), socket.socket() as server:  # a server, as nginx binds
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", port))
        with pytest.raises(OSError):
            cluster.hold_port(port)
    finally:
        holder.close()
    assert cluster.port_is_free(port)
