"""No import cycle between modules of the rules or the app: no module imports one that
imports it back, directly or through others, counting imports inside functions and
those made only for type checking (grimp's graph, as import-linter reads it). The
rules are also held at package level by the acyclic contract in pyproject.toml."""

from __future__ import annotations

import grimp


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The groups of modules that import each other round (Tarjan's components)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        on_stack.add(module)
        for other in graph.find_modules_directly_imported_by(module):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in order:
            visit(module)
    return found


def test_no_module_of_the_rules_or_the_app_imports_itself_round_a_loop():
    graph = grimp.build_graph("rules", "tabletop_tui", include_external_packages=False)
    assert cycles(graph) == []


def test_the_search_finds_a_loop_through_a_function_local_import():
    graph = grimp.ImportGraph()
    for name in ("pkg", "pkg.a", "pkg.b", "pkg.c"):
        graph.add_module(name)
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg.c")
    graph.add_import(importer="pkg.c", imported="pkg.a")  # say, inside a function
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
