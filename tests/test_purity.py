"""The engines stay pure: nothing under shared/games touches I/O, clocks or global random."""

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "shared" / "games"
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
}


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.py")), ids=lambda p: p.name)
def test_engine_module_imports_nothing_impure(path):
    assert not set(imported_modules(path)) & FORBIDDEN
