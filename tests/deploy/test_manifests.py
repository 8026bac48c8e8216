"""The deployment files agree with the code: no container engine runs here, so the compose
file, the Kubernetes manifests, nginx's template, the gunicorn settings and the cluster's plan
are parsed and cross-checked against the apps, the queues and the settings they name."""

from __future__ import annotations

import importlib
import os
import re
import runpy
import subprocess
from pathlib import Path
from unittest import mock

import pytest
import yaml

from deploy import cluster
from services.bots import worker
from services.house import PREFIXES
from shared import connection, metrics
from shared.tables import jobs

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
SERVICES = [prefix.rsplit("/", 1)[1] for prefix in PREFIXES]  # lobby, table, ledger
QUEUES = {jobs.BOTS, jobs.CLOCKS, jobs.LEDGER}
GUNICORN = ["gunicorn", "-c", "deploy/gunicorn_service.py"]
TEMPLATE = DEPLOY / "nginx" / "house.conf.template"
APP_IMAGE, EDGE_IMAGE = "speedgamez", "speedgamez-edge"


def k8s_objects() -> list[dict]:
    found = []
    for path in sorted(K8S.glob("*.yaml")):
        if path.name != "kustomization.yaml":
            found += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return found


OBJECTS = k8s_objects()
COMPOSE = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())


def objects(kind: str) -> dict[str, dict]:
    return {o["metadata"]["name"]: o for o in OBJECTS if o["kind"] == kind}


def containers(deployment: dict) -> dict[str, dict]:
    return {c["name"]: c for c in deployment["spec"]["template"]["spec"]["containers"]}


def env_of(container: dict) -> dict:
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in container.get("env", [])}


def port_named(container: dict, name) -> int:
    if isinstance(name, int):
        return name
    ports = {p["name"]: p["containerPort"] for p in container.get("ports", [])}
    assert name in ports, f"{container['name']} has no port named {name}"
    return ports[name]


def app_of(target: str):
    """The Flask app that a gunicorn target like "services.table.app:create_app()" makes."""
    module_name, _, call = target.partition(":")
    assert call.endswith("()"), target
    factory = getattr(importlib.import_module(module_name), call[:-2])
    # no Redis is asked: the app is only looked at (it would ask whether it is a cluster)
    with mock.patch.object(connection, "_probe", return_value=False):
        return factory({"TESTING": True, "REDIS_URL": "redis://127.0.0.1:1/0", "SECRET_KEY": "t"})


def rules(app) -> set[str]:
    return {rule.rule for rule in app.url_map.iter_rules()}


def env_names_read(*paths: Path) -> set[str]:
    names = set()
    for path in paths:
        names |= set(re.findall(r"os\.environ(?:\.get\(|\[)\s*['\"]([A-Z][A-Z0-9_]+)['\"]",
                                path.read_text()))  # fmt: skip
    return names


SETTINGS_SOURCES = [
    ROOT / "shared" / "config.py",
    DEPLOY / "gunicorn_service.py",
    DEPLOY / "cluster.py",
    DEPLOY / "worker_metrics.py",
    ROOT / "shared" / "metrics.py",
]


# --- Kubernetes ----------------------------------------------------------------------------
def test_kustomization_lists_every_manifest_and_image():
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    files = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert set(kustomization["resources"]) == files
    assert {image["name"] for image in kustomization["images"]} == {APP_IMAGE, EDGE_IMAGE}
    namespace = kustomization["namespace"]
    for o in OBJECTS:
        if o["kind"] != "Namespace":
            assert o["metadata"]["namespace"] == namespace, o["metadata"]["name"]
    assert namespace in objects("Namespace")


@pytest.mark.parametrize("service", SERVICES)
def test_each_web_service_runs_its_app_under_gunicorn_with_health_checks(service):
    deployment = objects("Deployment")[service]
    assert deployment["spec"]["replicas"] >= 2
    container = containers(deployment)[service]
    target = f"services.{service}.app:create_app()"
    assert container["command"] == [*GUNICORN, target]
    assert container["image"] == APP_IMAGE
    env = env_of(container)
    assert env["SERVICE"] == service
    port = port_named(container, "http")
    assert int(env["PORT"]) == port
    app = app_of(target)
    assert app.name == service
    assert {"/healthz", "/metrics", "/openapi.json"} <= rules(app)
    for probe in ("readinessProbe", "livenessProbe"):
        check = container[probe]["httpGet"]
        assert check["path"] == "/healthz" and port_named(container, check["port"]) == port
    annotations = deployment["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/path"] == "/metrics"
    assert int(annotations["prometheus.io/port"]) == port
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    assert env["PROMETHEUS_MULTIPROC_DIR"] in mounts.values()
    graceful = gunicorn_settings(service)["graceful_timeout"]
    assert deployment["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] > graceful


def test_services_select_their_deployments_on_their_ports():
    deployments = objects("Deployment") | objects("StatefulSet")
    for name, service in objects("Service").items():
        target = deployments[name]
        labels = target["spec"]["template"]["metadata"]["labels"]
        assert service["spec"]["selector"].items() <= labels.items(), name
        assert target["spec"]["selector"]["matchLabels"].items() <= labels.items(), name
        for port in service["spec"]["ports"]:
            assert any(port_named(c, port["targetPort"]) for c in containers(target).values())


def test_one_worker_deployment_per_queue_with_its_metrics_exporter():
    assert set(worker.DEFAULT_QUEUES) == QUEUES
    served = {}
    for name, deployment in objects("Deployment").items():
        running = containers(deployment)
        if "worker" not in running:
            continue
        command = running["worker"]["command"]
        assert command[:3] == ["python", "-m", cluster.WORKER_MODULE], name
        assert set(command[3:]) <= QUEUES, name
        for queue in command[3:]:
            served[queue] = name
        exporter = running["metrics"]
        assert exporter["command"][:3] == ["python", "-m", cluster.EXPORTER_MODULE]
        importlib.import_module(cluster.EXPORTER_MODULE)
        bind = exporter["command"][exporter["command"].index("--bind") + 1]
        assert int(bind.rsplit(":", 1)[1]) == port_named(exporter, "metrics")
        annotations = deployment["spec"]["template"]["metadata"]["annotations"]
        assert int(annotations["prometheus.io/port"]) == port_named(exporter, "metrics")
        for container in (running["worker"], exporter):  # the work horses' files, shared
            path = env_of(container)["PROMETHEUS_MULTIPROC_DIR"]
            assert {"name": "metrics", "mountPath": path} in container["volumeMounts"]
    assert set(served) == QUEUES, served
    assert served[jobs.BOTS] != served[jobs.CLOCKS], "bots are scaled apart from the clocks"
    assert objects("Deployment")[served[jobs.BOTS]]["spec"]["replicas"] >= 2
    assert callable(worker.main)


def test_every_process_of_the_house_shares_the_settings_and_the_secret():
    config = objects("ConfigMap")["speedgamez-config"]["data"]
    assert config["REDIS_URL"] and config["QUEUE_REDIS_URL"]
    assert set(config) <= env_names_read(*SETTINGS_SOURCES), "a setting nothing reads"
    assert "SECRET_KEY" not in config, "the secret belongs in a Secret"
    for name, deployment in objects("Deployment").items():
        for container in containers(deployment).values():
            if container["image"] != APP_IMAGE:
                continue
            refs = [source["configMapRef"]["name"] for source in container.get("envFrom", [])]
            assert "speedgamez-config" in refs, (name, container["name"])
            if container["name"] != "metrics":
                secret = env_of(container)["SECRET_KEY"]["secretKeyRef"]
                assert secret == {"name": "speedgamez-secret", "key": "SECRET_KEY"}, name


def test_the_ingress_leads_to_the_edge_which_routes_to_the_services():
    (ingress,) = objects("Ingress").values()
    annotations = ingress["metadata"]["annotations"]
    assert annotations["nginx.ingress.kubernetes.io/proxy-buffering"] == "off"
    assert int(annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600
    (rule,) = ingress["spec"]["rules"]
    (path,) = rule["http"]["paths"]
    backend = path["backend"]["service"]
    assert path["path"] == "/" and backend["name"] == "edge"
    edge_service = objects("Service")["edge"]
    assert backend["port"]["name"] in {p["name"] for p in edge_service["spec"]["ports"]}
    nginx = containers(objects("Deployment")["edge"])["nginx"]
    assert nginx["image"] == EDGE_IMAGE
    env = env_of(nginx)
    assert set(placeholders()) <= set(env), "every placeholder of the template has a value"
    assert int(env["SPEEDGAMEZ_LISTEN"]) == port_named(nginx, "http")
    for service in SERVICES:
        host, port = upstream(env[f"SPEEDGAMEZ_{service.upper()}_SERVERS"])
        assert host == service
        (service_port,) = objects("Service")[service]["spec"]["ports"]
        assert port == service_port["port"]
    for probe in ("readinessProbe", "livenessProbe"):
        assert nginx[probe]["httpGet"]["path"] == "/healthz"
    dockerfile = (DEPLOY / "Dockerfile.edge").read_text()
    assert "COPY services/web /srv/web" in dockerfile and env["SPEEDGAMEZ_WEB_ROOT"] == "/srv/web"


def test_autoscalers_scale_the_web_tier_and_the_bots_by_their_queue():
    scalers = objects("HorizontalPodAutoscaler")
    deployments = objects("Deployment")
    for name, scaler in scalers.items():
        target = scaler["spec"]["scaleTargetRef"]
        assert target["kind"] == "Deployment" and target["name"] in deployments, name
        assert scaler["spec"]["minReplicas"] >= deployments[target["name"]]["spec"]["replicas"]
    assert {s["spec"]["scaleTargetRef"]["name"] for s in scalers.values()} >= {*SERVICES, "bots"}
    (external,) = [m["external"] for m in scalers["bots"]["spec"]["metrics"]
                   if m["type"] == "External"]  # fmt: skip
    labels = external["metric"]["selector"]["matchLabels"]
    assert (labels["queue"], labels["state"]) == metrics.READY
    assert external["metric"]["name"] == metrics.QUEUE_METRIC


# --- compose ---------------------------------------------------------------------------------
def test_compose_runs_what_kubernetes_runs():
    services = COMPOSE["services"]
    deployments = objects("Deployment")
    for name in [*SERVICES, "bots", "clocks", "ledger-worker"]:
        main = "worker" if name not in SERVICES else name
        k8s = containers(deployments[name])[main]
        assert services[name]["command"] == k8s["command"], name
        assert services[name]["image"] == f"{APP_IMAGE}:latest"
        replicas = services[name].get("deploy", {}).get("replicas", 1)
        assert replicas == deployments[name]["spec"]["replicas"], name
        env = services[name]["environment"]
        assert env["REDIS_URL"] == "redis://redis:6379/0" and env["QUEUE_REDIS_URL"], name
        assert env["SECRET_KEY"].startswith("${SECRET_KEY:?"), "no default secret"
    for service in SERVICES:
        env = services[service]["environment"]
        assert env["SERVICE"] == service and env["PORT"] == "8000"
        assert "8000" in services[service]["expose"]
    exporter = services["worker-metrics"]
    assert exporter["command"][:3] == ["python", "-m", cluster.EXPORTER_MODULE]
    for name in ("bots", "clocks", "ledger-worker", "worker-metrics"):
        assert "worker-metrics:/metrics" in services[name]["volumes"], name
    # Containers share the volume: each worker writes into a directory of its own.
    assert services["bots"]["environment"]["PROMETHEUS_MULTIPROC_DIR"] == "/metrics/{hostname}"
    assert exporter["environment"]["PROMETHEUS_MULTIPROC_DIR"] == "/metrics"
    assert "--appendonly" in services["redis"]["command"]


def test_compose_edge_fills_the_template_with_the_compose_services():
    services = COMPOSE["services"]
    edge = services["edge"]
    assert edge["build"]["dockerfile"] == "deploy/Dockerfile.edge"
    assert set(placeholders()) <= set(edge["environment"])
    for service in SERVICES:
        host, port = upstream(edge["environment"][f"SPEEDGAMEZ_{service.upper()}_SERVERS"])
        assert host == service and str(port) in services[service]["expose"]
        assert edge["depends_on"][service]["condition"] == "service_healthy"
    listen = edge["environment"]["SPEEDGAMEZ_LISTEN"]
    assert any(port.endswith(f":{listen}") for port in edge["ports"])


def test_the_images_hold_what_the_commands_need():
    app = (DEPLOY / "Dockerfile").read_text()
    for part in ("shared", "services", "deploy"):
        assert f"COPY {part} ./{part}" in app
    edge = (DEPLOY / "Dockerfile.edge").read_text()
    assert "COPY deploy/nginx/house.conf.template /etc/nginx/templates/" in edge
    assert "NGINX_ENVSUBST_FILTER=^SPEEDGAMEZ_" in edge


# --- nginx -----------------------------------------------------------------------------------
def placeholders() -> list[str]:
    return cluster.placeholders(TEMPLATE.read_text())


def upstream(lines: str) -> tuple[str, int]:
    match = re.fullmatch(r"server ([\w.-]+):(\d+)[^;]*;", lines.strip())
    assert match, lines
    return match.group(1), int(match.group(2))


def test_nginx_routes_every_prefix_of_the_house_to_its_upstream():
    text = TEMPLATE.read_text()
    for prefix in PREFIXES:
        name = prefix.rsplit("/", 1)[1]
        assert f"upstream {name} {{" in text
        assert re.search(rf"location {prefix}/ {{\s*proxy_pass http://{name}/;", text), prefix
    (events,) = re.findall(r"location ~ (\^/api/table/[^ ]*events\$) \{", text)
    assert re.match(events, "/api/table/tables/0123abcd/events")
    table = app_of("services.table.app:create_app()")
    assert "/tables/<table_id>/events" in rules(table)
    block = text[text.index(events) :].split("}", 1)[0]
    for directive in ("proxy_buffering off;", "proxy_read_timeout 1h;", "proxy_pass http://table;"):
        assert directive in block
    assert "keepalive 32;" in text and 'proxy_set_header Connection "";' in text
    assert "client_max_body_size ${SPEEDGAMEZ_BODY_LIMIT};" in text
    assert "Cache-Control $speedgamez_cache_control" in text


def test_nginx_logs_no_query_strings():
    """Stream tickets travel in the query (?ticket=): the access log names paths only."""
    text = TEMPLATE.read_text()
    (line,) = re.findall(r"log_format speedgamez (.*?);", text, re.S)
    assert not re.search(r"\$(request|request_uri|args|query_string|arg_\w+)\b", line)
    assert "access_log /dev/stdout speedgamez;" in text
    main = (DEPLOY / "nginx" / "nginx.conf").read_text()
    assert not re.search(r"^\s*access_log", main, re.M)


def test_the_cluster_plan_matches_the_manifests(tmp_path, monkeypatch):
    """What `make cluster` would start (nothing is started here)."""
    monkeypatch.setenv("NGINX", "/bin/true")
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("QUEUE_REDIS_URL", raising=False)
    supervisor = cluster.Supervisor(tmp_path, 8000)
    supervisor.plan()
    kinds: dict[str, list] = {}
    for child in supervisor.children:
        kinds.setdefault(child.kind, []).append(child)
    assert len(kinds["redis"]) == 1 and len(kinds["edge"]) == 1
    web = kinds["web"]
    assert sorted(c.env["SERVICE"] for c in web) == sorted(SERVICES * 2)
    for child in web:
        k8s = containers(objects("Deployment")[child.env["SERVICE"]])[child.env["SERVICE"]]
        assert child.argv[1:3] == ["-m", "gunicorn"] and child.argv[3:] == [
            "-c", str(DEPLOY / "gunicorn_service.py"), k8s["command"][-1]]  # fmt: skip
    for key in ("GUNICORN_CONTROL_SOCKET", "GUNICORN_PIDFILE", "PROMETHEUS_MULTIPROC_DIR", "BIND"):
        assert len({c.env[key] for c in web}) == len(web), f"instances share {key}"
    queues = sorted(c.argv[-1] for c in kinds["worker"])
    assert queues == sorted([jobs.BOTS, jobs.BOTS, jobs.CLOCKS, jobs.LEDGER])
    for child in kinds["worker"]:
        assert child.argv[1:3] == ["-m", cluster.WORKER_MODULE]
        assert child.env["QUEUE_REDIS_URL"] == child.env["REDIS_URL"] == supervisor.redis_url
    house = (tmp_path / "nginx" / "house.conf").read_text()
    assert not cluster.placeholders(house)
    for service in SERVICES:
        ports = [c.port for c in web if c.env["SERVICE"] == service]
        for port in ports:
            assert f"server 127.0.0.1:{port} " in house
    main = (tmp_path / "nginx" / "nginx.conf").read_text()
    directives = [line.split("#")[0] for line in main.splitlines()]
    assert not [line for line in directives if "/etc/nginx" in line], "nginx's own config"
    assert f"pid {tmp_path}/nginx/nginx.pid;" in main


def test_nginx_accepts_the_rendered_configuration(tmp_path):
    nginx = cluster.nginx_binary()
    if nginx is None:
        pytest.skip("nginx is not installed (make cluster installs it)")
    conf = cluster.render_nginx(tmp_path, 8000, {s: [8101, 8102] for s in SERVICES}, None)
    checked = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(conf),
                              "-e", str(tmp_path / "logs" / "error.log")],
                             capture_output=True, text=True)  # fmt: skip
    assert checked.returncode == 0, checked.stderr


# --- gunicorn, settings, make ----------------------------------------------------------------
def gunicorn_settings(service: str, **env) -> dict:
    saved = dict(os.environ)
    os.environ.update({"SERVICE": service, "SECRET_KEY": "t", **env})
    for name in ("GUNICORN_CONTROL_SOCKET", "WEB_WORKERS", "GRACEFUL_TIMEOUT", "BIND"):
        if name not in env:
            os.environ.pop(name, None)
    try:
        return runpy.run_path(str(DEPLOY / "gunicorn_service.py"))
    finally:
        os.environ.clear()
        os.environ.update(saved)


@pytest.mark.parametrize("service", SERVICES)
def test_gunicorn_settings_per_service(service):
    from gunicorn.config import KNOWN_SETTINGS

    settings = gunicorn_settings(service)
    known = {setting.name for setting in KNOWN_SETTINGS}
    helpers = {"os", "shutil", "SERVICES", "service", "kind", "graceful", "control_socket_path"}
    unknown = {k for k in settings if not k.startswith("__")} - known - helpers
    assert not unknown, f"not gunicorn settings: {unknown}"
    gevent = "deploy.gevent_worker.TimedPyWSGIWorker"  # gevent_pywsgi with a header deadline
    assert settings["worker_class"] == (gevent if service == "table" else "gthread")
    assert settings["bind"] == "0.0.0.0:8000"
    assert settings["control_socket_disable"] is True
    assert settings["keepalive"] > 60, "longer than nginx keeps idle upstream connections"
    own = gunicorn_settings(service, GUNICORN_CONTROL_SOCKET="/tmp/x.ctl", BIND="127.0.0.1:1")
    assert own["control_socket"] == "/tmp/x.ctl" and "control_socket_disable" not in own
    with pytest.raises(RuntimeError):
        gunicorn_settings("nobody")


def test_every_setting_is_documented():
    operations = (ROOT / "docs" / "operations.md").read_text()
    for name in sorted(env_names_read(*SETTINGS_SOURCES) - {"PATH"}):
        assert f"`{name}`" in operations, f"docs/operations.md does not explain {name}"
    for word in ("{t:<id>}", "{ledger}", "QUEUE_REDIS_URL", "rq info", "rq-dashboard"):
        assert word in operations


def test_make_starts_and_stops_the_cluster():
    makefile = (ROOT / "Makefile").read_text()
    start = re.search(r"^cluster:.*\n((?:\t.*\n)+)", makefile, re.M)
    stop = re.search(r"^cluster-stop:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert start and "-m deploy.cluster start" in start.group(1)
    assert "apt-get install" in start.group(1) and "nginx" in start.group(1)
    assert stop and "-m deploy.cluster stop" in stop.group(1)


def test_gunicorn_access_lines_leave_out_the_query_string():
    """A stream ticket rides in the query string; the access log shows the path alone."""
    from datetime import timedelta
    from types import SimpleNamespace

    from gunicorn.config import Config
    from gunicorn.glogging import Logger

    config = Config()
    config.set("access_log_format", gunicorn_settings("table")["access_log_format"])
    logger = Logger(config)
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/tables/t1/events?ticket=SECRET",
               "PATH_INFO": "/tables/t1/events", "QUERY_STRING": "ticket=SECRET",
               "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1"}  # fmt: skip
    response = SimpleNamespace(status="200 OK", sent=12, headers=[])
    line = config.access_log_format % logger.atoms(response, [], environ, timedelta(0, 0, 3000))
    assert '"GET /tables/t1/events HTTP/1.1" 200 12' in line and "SECRET" not in line
