"""The path every change of a table takes (shared/tables) stays readable at a glance: no
function or method there is over 40 lines (its complexity is ruff's: C901, PLR0912, PLR0915
in pyproject.toml)."""

from __future__ import annotations

import ast
from pathlib import Path

import shared.tables

MAX_LINES = 40
PACKAGE = Path(shared.tables.__file__).parent


def test_no_function_in_shared_tables_is_over_40_lines():
    too_long = [
        f"{path.name}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in sorted(PACKAGE.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > MAX_LINES
    ]
    assert not too_long, "functions over 40 lines: " + ", ".join(too_long)
