"""The engine's shape: its modules import at the top only (an import inside a function
is how a cycle used to be dodged; the layers contract in pyproject.toml sees no cycle),
and every pending step is named in ``Op``, the names the screens compare with."""

import ast
import tomllib
from pathlib import Path

import rules.sweet_lands
from rules.sweet_lands import Op
from rules.sweet_lands.steps import AUTOMATIC, STEPS

ENGINE = Path(rules.sweet_lands.__file__).parent


class _InnerImports(ast.NodeVisitor):
    """The lines of the imports inside a function (one pass over the tree)."""

    def __init__(self):
        self.depth = 0
        self.lines = []

    def visit_FunctionDef(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Import(self, node):
        if self.depth:
            self.lines.append(node.lineno)

    visit_ImportFrom = visit_Import


def inner_imports(source: str) -> list[int]:
    finder = _InnerImports()
    finder.visit(ast.parse(source))
    return finder.lines


def test_an_import_inside_a_function_is_found():
    assert inner_imports("import a\ndef f():\n    from . import b\n") == [3]


def test_no_engine_module_imports_inside_a_function():
    found = {p.name: inner_imports(p.read_text()) for p in sorted(ENGINE.glob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_every_pending_step_has_its_name_in_op():
    names = {v for k, v in vars(Op).items() if k.isupper()}
    assert names == set(STEPS) | set(AUTOMATIC)
    assert all(STEPS[name].op == name for name in STEPS)


def engine_imports(source: str) -> set[str]:
    """The engine modules a module imports (``from . import x``, ``from .x import y``)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
    return found


def test_each_engine_module_sits_one_line_above_the_highest_module_it_imports():
    """The layers in pyproject.toml are as tight as the imports allow, so a line says
    how far a module is from the bottom (the contract itself forbids upward imports)."""
    pyproject = tomllib.loads((ENGINE.parents[1] / "pyproject.toml").read_text())
    contracts = pyproject["tool"]["importlinter"]["contracts"]
    layers = next(c for c in contracts if c["name"] == "Sweet Lands engine layers")["layers"]
    line = {m.strip(): i for i, names in enumerate(layers) for m in names.split("|")}
    misplaced = {}
    for path in sorted(ENGINE.glob("*.py")):
        if path.stem == "__init__":
            continue
        imported = engine_imports(path.read_text()) & line.keys()
        want = min((line[m] for m in imported), default=len(layers)) - 1
        if line[path.stem] != want:
            misplaced[path.stem] = (line[path.stem], want)
    assert misplaced == {}
