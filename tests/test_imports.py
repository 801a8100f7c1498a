"""The package imports one way: no module imports another that (through any
chain) imports it back, and no import inside a function of game/app hides a
circle. Checked on the source, so it needs no display."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def _module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(imported game module, imported at module level?) for each import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]
    top = set(map(id, tree.body))
    out = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            names = [f"{base}.{a.name}" for a in node.names] + [base]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        at_top = id(node) in top
        if isinstance(node, ast.ImportFrom) and any(isinstance(n, ast.If) for n in tree.body):
            # `if TYPE_CHECKING:` imports are for the type checker only
            guarded = [n for n in tree.body if isinstance(n, ast.If) and node in ast.walk(n)]
            if guarded:
                continue
        out += [(n, at_top) for n in names if n.startswith("game")]
    return out


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in GAME.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        for target, _top in _imports(path):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                graph[name].add(target)
    return graph


def test_no_import_circles_in_the_package():
    graph = _graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                raise AssertionError("import circle: " + " -> ".join(stack[stack.index(nxt) :] + [nxt]))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)


def test_the_app_does_not_hide_imports_in_functions():
    hidden = [
        f"{p.name}: {target}"
        for p in (GAME / "app").glob("*.py")
        for target, top in _imports(p)
        if not top and target.startswith("game.app")
    ]
    assert not hidden, hidden
