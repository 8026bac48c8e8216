"""The engines and the strategies stay pure, and imports run one way: services → shared.

Nothing under shared/games touches I/O, clocks or global random. The strategies in
shared/strategies may name ``random.Random`` (the seeded RNG they are handed) but never draw
from the global one. Nothing under shared/ imports a service.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "shared"
GAMES = SHARED / "games"
STRATEGIES = SHARED / "strategies"
FORBIDDEN = {
    "redis",
    "flask",
    "rq",
    "time",
    "datetime",
    "threading",
    "random",
    "requests",
    "gevent",
    "socket",
    "os",
    "subprocess",
    "services",
}


def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def imported_modules(path: Path):
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.py")), ids=lambda p: p.name)
def test_engine_module_imports_nothing_impure(path):
    assert not set(imported_modules(path)) & FORBIDDEN


@pytest.mark.parametrize(
    "path", sorted(STRATEGIES.rglob("*.py")), ids=lambda p: str(p.relative_to(STRATEGIES))
)
def test_strategy_module_imports_nothing_impure(path):
    assert not set(imported_modules(path)) & (FORBIDDEN - {"random"})
    global_draws = [
        node.attr
        for node in ast.walk(parsed(path))
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "random"
        and node.attr != "Random"
    ]
    assert not global_draws


@pytest.mark.parametrize(
    "path", sorted(SHARED.rglob("*.py")), ids=lambda p: str(p.relative_to(SHARED))
)
def test_shared_imports_no_service(path):
    """Lazy imports inside functions count too: ast.walk sees every import statement."""
    assert "services" not in set(imported_modules(path))
