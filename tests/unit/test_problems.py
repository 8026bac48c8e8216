"""The problem catalogue (shared/problems.py) is the one list of codes: the OpenAPI's
ProblemSchema, docs/api.md and every raise in the code agree with it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from shared.http_problems import ProblemSchema
from shared.problems import CODES, PARAMS, Problem
from shared.tables.errors import Conflict, NotAllowed

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*ROOT.glob("shared/**/*.py"), *ROOT.glob("services/**/*.py")])
# Classes whose raise must name its code (their own code is only a fallback).
RAISED = {"Problem", "TableProblem", "Conflict", "NotAllowed", "BadRequest", "NoSuchTable",
          "IllegalPlay", "TooSoon"}  # fmt: skip
FALLBACK_OK = {"NoSuchTable", "IllegalPlay", "TooSoon"}  # one meaning each


def test_every_code_has_a_status_title_and_meaning():
    for code, kind in CODES.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code)
        assert kind.meaning
        assert kind.status is None or (400 <= kind.status < 600 and kind.title)


def test_the_problem_schema_lists_every_code_and_parameter():
    fields = ProblemSchema().fields
    assert sorted(fields["code"].validate.choices) == sorted(CODES)
    assert set(PARAMS) <= set(fields)


def test_docs_list_every_code_with_its_status_and_parameters():
    text = (ROOT / "docs" / "api.md").read_text()
    rows = re.findall(r"^\| `([a-z_]+)` \| (\d+|any) \| ([^|]*) \|", text, re.M)
    documented = {code: (status, re.findall(r"`(\w+)`", params)) for code, status, params in rows}
    expected = {
        code: (str(kind.status or "any"), list(kind.params)) for code, kind in CODES.items()
    }
    assert documented == expected


def _raises(path: Path):
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in RAISED:
            yield node


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_raise_names_a_catalogued_code(path):
    for call in _raises(path):
        code = next((k.value for k in call.keywords if k.arg == "code"), None)
        if code is None and len(call.args) > 1:
            code = call.args[1]
        where = f"{path.name}:{call.lineno}"
        if code is None:
            assert call.func.id in FALLBACK_OK, f"{where}: name the problem's code"
            continue
        assert isinstance(code, ast.Constant) and code.value in CODES, where


def test_a_problem_takes_status_and_title_from_its_code():
    error = Conflict("it is not your turn", code="not_your_turn", current_version=7)
    assert (error.status, error.title, error.params) == (409, "Conflict", {"current_version": 7})
    assert NotAllowed("no").code == "not_seated"
    with pytest.raises(ValueError):
        Problem("made up", "no_such_code")
