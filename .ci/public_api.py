"""Public APIs only: the project reads no private name of Textual or Rich.

An AST scan of every module under tabletop_tui/, tests/ and screenshots/ that fails on
- an import of a private module (``textual._compositor``, ``rich._loop``...) or of an
  underscore name from a Textual or Rich module;
- an underscore attribute read or written on anything but ``self``/``cls`` unless the
  project itself defines that name (a method or attribute of its own classes);
- an underscore attribute of ``self`` in a class built on Textual when the Textual
  class it derives from has that name (it would read or override Textual's own);
- an assignment to an attribute of a class imported from Textual or Rich (patching).
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("tabletop_tui", "tests", "screenshots")  # benchmarks/ time frames by a hook
# on App._display, as their docstrings say: Textual has no public "frame written" event
OWN = (*SCANNED, "rules", "benchmarks")  # where the project's own underscore names are defined
FRAMEWORKS = ("textual", "rich")


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def framework_module(module: str | None) -> bool:
    return bool(module) and module.split(".")[0] in FRAMEWORKS  # type: ignore[union-attr]


def own_names(trees: dict[Path, ast.Module]) -> set[str]:
    """Underscore names the project defines: its functions, methods and attributes
    it assigns (``self._x = ...``, class-level ``_x = ...``)."""
    names: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for leaf in ast.walk(target):
                        if isinstance(leaf, ast.Attribute):
                            names.add(leaf.attr)
                        elif isinstance(leaf, ast.Name):
                            names.add(leaf.id)
    return {n for n in names if private(n)}


def framework_privates(tree: ast.Module) -> dict[str, set[str]]:
    """For each class in the module built on an imported Textual/Rich class: the
    underscore names that base class has."""
    imported: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and framework_module(node.module):
            module = importlib.import_module(node.module)  # type: ignore[arg-type]
            for alias in node.names:
                value = getattr(module, alias.name, None)
                if isinstance(value, type):
                    imported[alias.asname or alias.name] = value
    result: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            names: set[str] = set()
            for base in node.bases:
                cls = imported.get(base.id) if isinstance(base, ast.Name) else None
                if isinstance(cls, type):
                    for klass in cls.__mro__:
                        names.update(n for n in vars(klass) if private(n))
                        slots = vars(klass).get("__slots__", ())
                        names.update(
                            n for n in ([slots] if isinstance(slots, str) else slots) if private(n)
                        )
            result[node.name] = names
    return result


def check_module(path: Path, tree: ast.Module, own: set[str]) -> list[str]:
    where = path.relative_to(ROOT)
    problems, imported_classes = import_problems(where, tree)
    return (
        problems
        + override_problems(where, tree)
        + attribute_problems(where, tree, own, imported_classes)
    )


def import_problems(where: Path, tree: ast.Module) -> tuple[list[str], set[str]]:
    """Private framework modules or names imported; and the names imported from a
    framework (a class patched through one is a problem of attribute_problems)."""
    problems = []
    imported_classes: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and framework_module(node.module):
            if any(private(part) for part in node.module.split(".")):  # type: ignore[union-attr]
                problems.append(f"{where}:{node.lineno}: imports private module {node.module}")
            for alias in node.names:
                imported_classes.add(alias.asname or alias.name)
                if private(alias.name):
                    problems.append(f"{where}:{node.lineno}: imports private name {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if framework_module(alias.name) and any(private(p) for p in alias.name.split(".")):
                    problems.append(f"{where}:{node.lineno}: imports private module {alias.name}")
    return problems, imported_classes


def override_problems(where: Path, tree: ast.Module) -> list[str]:
    """A subclass of a framework class reading or overriding its private names."""
    problems = []
    framework = framework_privates(tree)
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        theirs = framework.get(cls.name, set())
        for node in ast.walk(cls):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
                and node.attr in theirs
            ):
                problems.append(f"{where}:{node.lineno}: uses Textual's own {node.attr}")
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in theirs:
                problems.append(f"{where}:{node.lineno}: overrides Textual's private {node.name}")
    return problems


def attribute_problems(
    where: Path, tree: ast.Module, own: set[str], imported_classes: set[str]
) -> list[str]:
    """Private attributes read from outside (not our own), and framework classes patched."""
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            is_self = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if not is_self and node.attr not in own:
                problems.append(f"{where}:{node.lineno}: reads private attribute {node.attr}")
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id in imported_classes
                ):
                    problems.append(
                        f"{where}:{node.lineno}: patches {target.value.id}.{target.attr}"
                    )
    return problems


def main() -> int:
    trees = {
        path: ast.parse(path.read_text(), str(path))
        for top in OWN
        for path in sorted((ROOT / top).rglob("*.py"))
    }
    own = own_names(trees)
    scanned = {
        path: tree for path, tree in trees.items() if path.relative_to(ROOT).parts[0] in SCANNED
    }
    problems = [p for path, tree in scanned.items() for p in check_module(path, tree, own)]
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} uses of private Textual/Rich names (public APIs only)")
        return 1
    print(f"public APIs only: {len(scanned)} modules checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
