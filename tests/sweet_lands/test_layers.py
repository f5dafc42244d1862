"""The engine's shape: every module sits in one of the named tiers the "Sweet Lands
engine tiers" contract in pyproject.toml orders; its modules import at the top only (an
import inside a function is how a cycle used to be dodged); and every pending step is
named in ``Op``, the names the screens compare with."""

import ast
import tomllib
from pathlib import Path

import rules.sweet_lands
from rules.sweet_lands import Op
from rules.sweet_lands.protocol.steps import AUTOMATIC, STEPS

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
    found = {
        str(p.relative_to(ENGINE)): inner_imports(p.read_text())
        for p in sorted(ENGINE.rglob("*.py"))
    }
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_every_pending_step_has_its_name_in_op():
    names = {v for k, v in vars(Op).items() if k.isupper()}
    assert names == set(STEPS) | set(AUTOMATIC)
    assert all(STEPS[name].op == name for name in STEPS)


def tier_contract() -> list[str]:
    pyproject = tomllib.loads((ENGINE.parents[1] / "pyproject.toml").read_text())
    contracts = pyproject["tool"]["importlinter"]["contracts"]
    found = next(c for c in contracts if c["name"] == "Sweet Lands engine tiers")
    assert found["containers"] == ["rules.sweet_lands"]
    return found["layers"]


def test_the_tiers_are_named_packages_one_to_a_line():
    """Each line of the contract is one tier, a package (not a module, not a choice of
    independent siblings), so a line says a concept, not an import depth."""
    tiers = tier_contract()
    assert all("|" not in line and (ENGINE / line / "__init__.py").is_file() for line in tiers)


def test_every_engine_module_is_in_a_named_tier():
    """No module sits beside the tiers (the package's own ``__init__`` apart), and no
    package under the engine is missing from the contract."""
    tiers = set(tier_contract())
    outside = [
        str(p.relative_to(ENGINE))
        for p in sorted(ENGINE.rglob("*.py"))
        if p.parent != ENGINE
        and p.relative_to(ENGINE).parts[0] not in tiers
        or p.parent == ENGINE
        and p.name != "__init__.py"
    ]
    assert outside == []
    packages = {p.parent.relative_to(ENGINE).parts[0] for p in ENGINE.glob("*/__init__.py")}
    assert packages == tiers
