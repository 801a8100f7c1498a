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


# ---- the layers between packages (import-linter checks the shared ones: pyproject.toml) ----
SHARED_ABOVE_MEDIA = ("app", "input", "web", "kiosk", "kiosk_settings", "hardware", "settings", "__main__")


def _game_packages() -> list[str]:
    """Every game: a package of game/ whose __init__ makes its GameDef."""
    return sorted(
        p.name
        for p in GAME.iterdir()
        if (p / "__init__.py").is_file() and "GAME = GameDef(" in (p / "__init__.py").read_text()
    )


def _package_arrows(graph) -> dict[tuple[str, str], tuple[str, str]]:
    """(importer package, imported package) -> one module import that makes it."""
    arrows: dict[tuple[str, str], tuple[str, str]] = {}
    for module in graph.modules:
        for target in graph.find_modules_directly_imported_by(module):
            a, b = module.split(".")[1:2], target.split(".")[1:2]
            if target.startswith("game.") and module.startswith("game.") and a != b:
                arrows.setdefault((a[0], b[0]), (module, target))
    return arrows


def test_no_circle_between_the_packages():
    import grimp

    arrows = _package_arrows(grimp.build_graph("game"))
    print(f"{len(arrows)} arrows between {len({a for pair in arrows for a in pair})} top-level packages")
    circles = {(a, b) for a, b in arrows if (b, a) in arrows}
    for a, b in sorted(circles):
        print(f"circle {a} <-> {b}: {arrows[a, b][0]} -> {arrows[a, b][1]}")
    assert not circles, circles


def test_each_game_keeps_to_its_own_room():
    """No game imports another, nothing shared imports a game, and in a game only
    the scene (game/<id>/scene*) imports the app, input, pygame or what lies above
    the media: its rules, words, data and bots load anywhere."""
    import grimp

    graph = grimp.build_graph("game", include_external_packages=True)
    games = _game_packages()
    assert len(games) >= 5, games
    wrong = []
    for module in sorted(m for m in graph.modules if m.startswith("game.")):
        room = module.split(".")[1]
        for target in graph.find_modules_directly_imported_by(module):
            there = target.split(".")[1] if target.startswith("game.") else ""
            if there in games and there != room:
                wrong.append(f"{module} -> {target}: " + ("another game" if room in games else "a shared module"))
            elif room in games and not module.startswith(f"game.{room}.scene"):
                high = target == "pygame" or target.startswith("pygame.") or there in SHARED_ABOVE_MEDIA
                if high or target.startswith(f"game.{room}.scene"):
                    wrong.append(f"{module} -> {target}: only the scene of {room} sits that high")
    assert not wrong, wrong


def test_the_media_the_kiosk_and_the_engine_name_no_game():
    """A game's business is declared on its GameDef: the sound cues, palettes,
    pictures, hall-of-fame kinds and the kit never ask which game it is."""
    import ast

    games = set(_game_packages())
    named = []
    for folder in ("media", "kiosk", "engine"):
        for path in sorted((GAME / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {
                id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                    hits = [g for g in games if g == node.value or node.value.startswith(f"{g}.")]
                    named += [f"{path.relative_to(GAME)}:{node.lineno} {node.value!r}" for _ in hits]
    assert not named, named
