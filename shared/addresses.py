"""Who sent a request: the client's address for quotas (behind TRUSTED_PROXIES), and whether
it may read /metrics (METRICS_ALLOW)."""

from __future__ import annotations

import functools
import ipaddress

from flask import current_app, request


@functools.cache
def _networks(trusted: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in trusted)


def _is_trusted(address: str, networks: tuple) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address() -> str:
    """Who sent the request, for quotas per address: the peer, unless it is one of
    TRUSTED_PROXIES; then the rightmost address in X-Forwarded-For that is not a trusted
    proxy (each proxy appends the address it was reached from, so what a client wrote into
    the header itself stays to the left and is never taken). An IPv6 client counts by its
    /64, the network one subscriber holds."""
    networks = _networks(tuple(current_app.config.get("TRUSTED_PROXIES") or ()))
    address = request.remote_addr or ""
    if _is_trusted(address, networks):
        hops = [hop.strip() for value in request.headers.getlist("X-Forwarded-For")
                for hop in value.split(",") if hop.strip()]  # fmt: skip
        for hop in reversed(hops):
            address = hop
            if not _is_trusted(hop, networks):
                break
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64] or "unknown"
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def may_read_metrics() -> bool:
    """Whether the request may read /metrics: it comes straight from an address of
    METRICS_ALLOW (the peer itself; a request that passed a proxy, X-Forwarded-For, never)."""
    if request.headers.get("X-Forwarded-For") is not None:
        return False
    networks = _networks(tuple(current_app.config.get("METRICS_ALLOW") or ()))
    return _is_trusted(request.remote_addr or "", networks)
