"""Security settings of the deployment files: the edge sends the page's security headers
from every location that serves the page, HSTS is where TLS ends, and the quotas per client
address see the visitor behind the edge."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from shared.security_headers import PAGE_CSP, PERMISSIONS_POLICY, SECURITY_HEADERS

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
TEMPLATE = (DEPLOY / "nginx" / "house.conf.template").read_text()


def locations() -> dict[str, str]:
    """location pattern → its block (the template has no nested blocks in locations)."""
    return dict(re.findall(r"location ([^{]+?) \{(.*?)\n    \}", TEMPLATE, re.S))


def test_every_location_serving_the_page_sends_the_security_headers():
    assert f'"{PAGE_CSP}"' in TEMPLATE, "the edge's policy is the page's policy of the apps"
    assert f'"{PERMISSIONS_POLICY}"' in TEMPLATE
    static = {pattern: block for pattern, block in locations().items() if "root " in block}
    assert "/" in static and len(static) >= 1
    for pattern, block in static.items():
        assert "add_header Content-Security-Policy $speedgamez_page_csp always;" in block, pattern
        for name, value in SECURITY_HEADERS.items():
            sent = value if " " not in value else "$speedgamez_permissions_policy"
            assert f"add_header {name} {sent} always;" in block, (pattern, name)


def test_hsts_belongs_to_the_tls_terminator():
    assert "add_header Strict-Transport-Security" not in TEMPLATE.replace("#     add_header", "")
    ingress = yaml.safe_load((DEPLOY / "k8s" / "ingress.yaml").read_text())
    annotations = ingress["metadata"]["annotations"]
    assert annotations["nginx.ingress.kubernetes.io/ssl-redirect"] == "true"
    assert annotations["nginx.ingress.kubernetes.io/force-ssl-redirect"] == "true"
    assert ingress["spec"]["tls"], "TLS ends at the Ingress"


def test_the_apps_believe_forwarded_for_only_from_the_edge():
    config = yaml.safe_load((DEPLOY / "k8s" / "config.yaml").read_text())["data"]
    assert config["TRUSTED_PROXIES"] and "*" not in config["TRUSTED_PROXIES"]
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    for service in ("lobby", "table", "ledger"):
        env = compose["services"][service]["environment"]
        assert env["TRUSTED_PROXIES"] and "*" not in env["TRUSTED_PROXIES"], service
        assert "ports" not in compose["services"][service], "only the edge is reachable"
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in TEMPLATE
