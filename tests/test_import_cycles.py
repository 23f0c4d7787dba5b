"""No import circles: inside ``concordia.core``, inside ``concordia.ai``, and between
``concordia.ui`` and ``concordia.cli`` (the command line starts the UI, never the
other way round).

The graph is read from the source (every ``import`` statement, also those inside
functions; the ones under ``if TYPE_CHECKING:`` are left out, they never run).
``from package import name`` is an edge to the submodule when ``name`` is one, else to
the package's ``__init__``; a module's implicit import of its own parent package is
not an edge (Python runs the parent first whatever the code says).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "concordia"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _all_modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit_one(other)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        visit(node)

    visit(tree)
    return found


def _edges(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    is_pkg = path.name == "__init__.py"
    out: set[str] = set()
    for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
            continue
        if node.level:
            base = name.split(".") if is_pkg else name.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        for alias in node.names:
            sub = f"{target}.{alias.name}"
            if sub in modules:
                out.add(sub)
            elif target in modules:
                out.add(target)
    out.discard(name)
    return out


@functools.cache
def _graph() -> dict[str, frozenset[str]]:
    # Parsing every module takes about a second: once per run, shared by the tests.
    modules = _all_modules()
    return {name: frozenset(_edges(name, path, modules)) for name, path in modules.items()}


def import_graph() -> dict[str, set[str]]:
    return {name: set(edges) for name, edges in _graph().items()}


def circles(graph: dict[str, set[str]], members: set[str]) -> list[list[str]]:
    """Strongly connected components with more than one module, inside ``members``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def connect(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v] & members):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(members):
        if v not in index:
            connect(v)
    return found


def _package(graph: dict[str, set[str]], prefix: str) -> set[str]:
    return {m for m in graph if m == prefix or m.startswith(prefix + ".")}


def test_the_graph_sees_real_imports() -> None:
    # The checker itself: known arrows must be found, or an empty result proves nothing.
    graph = import_graph()
    assert "concordia.core.data" in graph["concordia.core.actions"]
    assert "concordia.ai.greedy" in graph["concordia.ai.mcts"]
    assert "concordia.ui.app" in graph["concordia.cli"]  # imported inside main()
    assert "concordia.core.cards.purchase" in graph["concordia.core.rules"]
    # The cards import the state only under TYPE_CHECKING: that is no arrow.
    assert "concordia.core.state" not in graph["concordia.core.cards.purchase"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, {"a", "b", "c", "d"}) == [
        ["a", "b", "c"]
    ]


def test_no_circle_in_core() -> None:
    graph = import_graph()
    assert circles(graph, _package(graph, "concordia.core")) == []


def test_no_circle_in_ai() -> None:
    graph = import_graph()
    assert circles(graph, _package(graph, "concordia.ai")) == []


def test_nothing_in_ui_imports_the_command_line() -> None:
    graph = import_graph()
    ui = _package(graph, "concordia.ui")
    assert {m for m in ui if "concordia.cli" in graph[m]} == set()
    assert [c for c in circles(graph, ui | {"concordia.cli"}) if "concordia.cli" in c] == []
