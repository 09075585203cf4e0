"""The layer rules of docs/ARCHITECTURE.md ("Who may import whom"), as a test.

Every import in py/parlour/** (read with `ast`, including imports inside
functions) and in js/** (static `import ... from "..."`, `export ... from
"..."`, `import "..."` and dynamic or JSDoc `import("...")`) is checked against
the tables below; a file that imports across a `must not`, or outside its
`may`, fails the test with the file, the line and the rule.  Python modules may
not import each other in a circle, however the circle is closed (at the top,
at the bottom or inside a function).

The tables are the rules: when docs/ARCHITECTURE.md changes, change them too.

Patterns: Python modules are dotted names, JS files are paths from the
repository root.  `*` is one name; a trailing `.**` is a module and everything
in it (`parlour.games.<game>.**` is the package and its modules), a trailing
`/**` is everything inside a folder; `<game>` is the importer's own game and
`<other>` is any other game.  The first layer whose `who` matches a file is its
layer.  `may` None means anything not under `must not`.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Sequence, Set, Tuple

import pytest

ROOT = Path(__file__).resolve().parent.parent


class Layer(NamedTuple):
    name: str
    who: Sequence[str]
    may: Optional[Sequence[str]]
    must_not: Sequence[str]
    stdlib_only: bool = False  # Python: nothing but the standard library from outside parlour (Pyodide has no more)


# ----- the rules -----------------------------------------------------------------

TOOLKIT = ["parlour.game", "parlour.rng", "parlour.piecepack", "parlour.errors", "parlour.ending", "parlour.wording"]
ABOVE_GAMES = ["parlour.api", "parlour.bots", "parlour.qr", "parlour.records", "parlour.simulate", "parlour.trust.**"]

PYTHON_LAYERS: List[Layer] = [
    Layer("contract and toolkit", who=TOOLKIT, may=TOOLKIT,
          must_not=["parlour.games.**", *ABOVE_GAMES], stdlib_only=True),
    Layer("the game registry", who=["parlour.games"], may=TOOLKIT,
          must_not=["parlour.games.*.**", *ABOVE_GAMES]),  # it loads games by name (importlib), never imports one
    Layer("one game", who=["parlour.games.<game>.**"], may=[*TOOLKIT, "parlour.games.<game>.**"],
          must_not=["parlour.games.<other>.**", "parlour.games", *ABOVE_GAMES], stdlib_only=True),
    Layer("facade, bots, records, networking, simulation", who=["parlour", "parlour.*", "parlour.trust.**"], may=None,
          must_not=["parlour.games.*.**"]),  # games only through the registry, parlour.games
]

#: the worker's own modules, shared with the build's node snapshot and the parity runner
WORKER_HELPERS = ["js/engine/snapshot-pages.js", "js/engine/python-setup.js", "js/engine/stdlib-extra.js",
                  "js/engine/python-downloads.js"]
JS_GAME_PRIVATE = ["js/engine/**", "js/net/**", "js/store/**", "js/tables/**", "js/ui/**"]
RENDERER_INSIDES = "js/games/*/**"  # a game's renderer files: only the registry (js/games/index.js) reaches them

JS_LAYERS: List[Layer] = [
    Layer("DOM helpers", who=["js/common/**"], may=["js/common/**"],
          must_not=["js/board/**", "js/games/**", "js/engine/**", "js/store/**", "js/net/**", "js/tables/**", "js/ui/**"]),
    Layer("a game's renderer", who=["js/games/<game>/**"],
          may=["js/board/**", "js/games/<game>/**", "js/common/**"],
          must_not=["js/games/<other>/**", "js/games/index.js", "js/games/ids.js", *JS_GAME_PRIVATE]),
    # each game's entry point, never its helpers; of the toolkit only the motion every board gets
    Layer("the renderers' registry", who=["js/games/index.js", "js/games/ids.js"],
          may=["js/games/*/board.js", "js/games/ids.js", "js/board/motion.js"],
          must_not=["js/common/**", *JS_GAME_PRIVATE]),
    # the toolkit's form (js/board/form.js) is HTML, drawn with the shared DOM helpers
    Layer("board toolkit", who=["js/board/**"], may=["js/board/**", "js/common/**"],
          must_not=["js/games/**", *JS_GAME_PRIVATE]),
    Layer("saved games and record files", who=["js/store/**"], may=["js/store/**"],
          must_not=["js/common/**", "js/games/**", "js/board/**", "js/engine/**", "js/net/**", "js/tables/**", "js/ui/**"]),
    Layer("worker bridge", who=["js/engine/bridge.js"], may=[], must_not=["js/**"]),
    # a classic script index.html runs first: it starts Python's worker (no inline script: docs/security.md)
    Layer("worker starter", who=["js/engine/start.js"], may=[], must_not=["js/**"]),
    # the worker and its two helpers (how the snapshot is kept, how Python is set up): nothing else of ours
    Layer("Pyodide worker", who=["js/engine/worker.js", *WORKER_HELPERS], may=["pyodide/**", *WORKER_HELPERS],
          must_not=["js/common/**", "js/games/**", "js/board/**", "js/store/**", "js/net/**", "js/tables/**",
                    "js/ui/**", "js/main.js", "js/engine/bridge.js", "js/engine/start.js"]),
    # transport and protocol: no DOM (see test_the_network_layer_draws_nothing), no game, no table
    Layer("network: transport and protocol", who=["js/net/**"], may=["js/net/**", "js/engine/bridge.js"],
          must_not=["js/common/**", "js/games/**", "js/board/**", "js/store/**", "js/tables/**", "js/ui/**"]),
    # the three table controllers (this device, hosting, joining) and their screens
    Layer("tables", who=["js/tables/**"],
          may=["js/tables/**", "js/net/**", "js/store/**", "js/engine/bridge.js", "js/games/index.js", "js/common/**"],
          must_not=["js/ui/**", RENDERER_INSIDES, "js/board/**", "js/engine/worker.js"]),
    Layer("lobby, saved games, replay viewer, update notice", who=["js/ui/**"],
          may=["js/ui/**", "js/tables/**", "js/net/store.js", "js/store/**", "js/engine/bridge.js",
               "js/games/index.js", "js/games/ids.js", "js/common/**"],
          must_not=[RENDERER_INSIDES, "js/board/**", "js/engine/worker.js"]),
    Layer("app shell", who=["js/main.js"], may=None, must_not=[RENDERER_INSIDES, "js/board/**", "js/engine/worker.js"]),
]

#: What must not appear in the network layer: it is transport and protocol, and draws nothing.
NO_DOM = re.compile(r"\b(document|HTMLElement|innerHTML|customElements|requestAnimationFrame)\b")

#: What js/engine/worker.js may `pyimport`: the facade, and micropip for optional helpers (segno).
WORKER_PYTHON = {"parlour.api", "micropip"}


# ----- patterns ------------------------------------------------------------------

def _pattern(pattern: str, sep: str, game: Optional[str] = None) -> "re.Pattern[str]":
    """A pattern as a regular expression; `<game>` captures (or, given `game`, is) one name."""
    esc = re.escape(sep)
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith(sep + "**", i) and i + len(sep) + 2 == len(pattern):
            # a module is also its own package; a folder's files are strictly inside it
            out += f"(?:{esc}.+)?" if sep == "." else f"{esc}.+"
            i = len(pattern)
        elif pattern.startswith("**", i):
            out += ".*"
            i += 2
        elif pattern.startswith("<game>", i):
            out += re.escape(game) if game is not None else f"(?P<game>[^{esc}]+)"
            i += len("<game>")
        elif pattern.startswith("<other>", i):
            out += f"(?!{re.escape(game or '')}(?:{esc}|$))[^{esc}]+"
            i += len("<other>")
        elif pattern[i] == "*":
            out += f"[^{esc}]+"
            i += 1
        else:
            out += re.escape(pattern[i])
            i += 1
    return re.compile(out + r"\Z")


def layer_of(name: str, layers: Sequence[Layer], sep: str) -> Tuple[Optional[Layer], Optional[str]]:
    """The first layer whose `who` matches, and the game it names (if any)."""
    for layer in layers:
        for who in layer.who:
            match = _pattern(who, sep).match(name)
            if match:
                return layer, match.groupdict().get("game")
    return None, None


def refusal(layer: Layer, game: Optional[str], target: str, sep: str) -> Optional[str]:
    """Why `layer` may not import `target`, or None if it may."""
    for pattern in layer.must_not:
        if _pattern(pattern, sep, game).match(target):
            return f"must not import {pattern.replace('<game>', game or '<game>')}"
    if layer.may is not None and not any(_pattern(p, sep, game).match(target) for p in layer.may):
        allowed = ", ".join(p.replace("<game>", game or "<game>") for p in layer.may) or "nothing of ours"
        return f"may import only {allowed}"
    return None


# ----- Python --------------------------------------------------------------------

class Import(NamedTuple):
    target: str  # a module of ours, or the top-level name of anything else
    line: int
    ours: bool


def python_modules(root: Path) -> Dict[str, Path]:
    """Every module under root/py/parlour by dotted name (a package is its __init__.py)."""
    modules = {}
    for path in sorted((root / "py" / "parlour").rglob("*.py")):
        parts = list(path.relative_to(root / "py").with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def python_imports(root: Path) -> Dict[str, List[Import]]:
    """What each module imports, wherever the import statement stands (top, bottom, inside a function)."""
    modules = python_modules(root)
    found: Dict[str, List[Import]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imports: List[Import] = []

        def add(target: str, line: int) -> None:
            top = target.split(".")[0]
            imports.append(Import(target if top == "parlour" else top, line, top == "parlour"))

        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:
                    child = f"{source}.{alias.name}"
                    add(child if child in modules else source, node.lineno)
        found[name] = sorted(set(imports), key=lambda i: (i.line, i.target))
    return found


def python_violations(root: Path, layers: Sequence[Layer] = PYTHON_LAYERS) -> List[str]:
    modules = python_modules(root)
    problems = []
    for name, imports in python_imports(root).items():
        where = modules[name].relative_to(root).as_posix()
        layer, game = layer_of(name, layers, ".")
        if layer is None:
            problems.append(f"{where}: {name} belongs to no layer of the table")
            continue
        for imp in imports:
            if not imp.ours:
                if layer.stdlib_only and imp.target not in sys.stdlib_module_names:
                    problems.append(f"{where}:{imp.line}: {name} ({layer.name}) imports {imp.target}, "
                                    "which is not in the standard library")
                continue
            if imp.target not in modules:
                problems.append(f"{where}:{imp.line}: {name} imports {imp.target}, which does not exist")
                continue
            why = refusal(layer, game, imp.target, ".")
            if why:
                problems.append(f"{where}:{imp.line}: {name} ({layer.name}) imports {imp.target}: {why}")
    return problems


def python_cycles(root: Path) -> List[List[str]]:
    """Every circle of imports among our modules (strongly connected components, Tarjan)."""
    graph = {name: sorted({i.target for i in imports if i.ours and i.target != name})
             for name, imports in python_imports(root).items()}
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    cycles: List[List[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, []):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return cycles


# ----- JavaScript ----------------------------------------------------------------

_STATIC = re.compile(r'^[ \t]*(?:import|export)\s+[\w\s{},*$]*?\bfrom\s*["\']([^"\']+)["\']', re.M)
_BARE = re.compile(r'^[ \t]*import\s*["\']([^"\']+)["\']', re.M)
_DYNAMIC = re.compile(r'\bimport\s*\(\s*["\']([^"\']+)["\']\s*\)')


def js_imports(root: Path) -> Dict[str, List[Tuple[str, int]]]:
    """Each JS file's imports as paths from the repository root, with their lines."""
    found = {}
    for path in sorted((root / "js").rglob("*.js")):
        text = path.read_text()
        imports = []
        for regex in (_STATIC, _BARE, _DYNAMIC):
            for match in regex.finditer(text):
                spec = match.group(1)
                line = text.count("\n", 0, match.start(1)) + 1
                if spec.startswith("."):
                    target = (path.parent / spec).resolve()
                    try:
                        spec = target.relative_to(root.resolve()).as_posix()
                    except ValueError:
                        spec = f"(outside the repository) {spec}"
                imports.append((spec, line))
        found[path.relative_to(root).as_posix()] = sorted(set(imports), key=lambda i: i[1])
    return found


#: the page's vendored modules (build.py VENDORED_MODULES), which any layer may import
VENDORED = {"js/vendor/fflate.js"}


def js_violations(root: Path, layers: Sequence[Layer] = JS_LAYERS) -> List[str]:
    problems = []
    for name, imports in js_imports(root).items():
        layer, game = layer_of(name, layers, "/")
        if layer is None:
            problems.append(f"{name} belongs to no layer of the table")
            continue
        for target, line in imports:
            if target in VENDORED:
                continue  # a pinned npm module build.py copies into dist/ (not in the source tree)
            if target.startswith("js/") and not (root / target).is_file():
                problems.append(f"{name}:{line}: imports {target}, which does not exist")
                continue
            why = refusal(layer, game, target, "/")
            if why:
                problems.append(f"{name}:{line} ({layer.name}) imports {target}: {why}")
    return problems


def dom_uses(root: Path, folder: str = "js/net") -> List[str]:
    """Lines in `folder` that touch the DOM (the network layer must not)."""
    found = []
    for path in sorted((root / folder).rglob("*.js")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if NO_DOM.search(line):
                found.append(f"{path.relative_to(root).as_posix()}:{number}: {line.strip()}")
    return found


def worker_python(root: Path) -> Set[str]:
    """The Python modules js/engine/worker.js imports with pyodide.pyimport."""
    return set(re.findall(r'pyimport\(\s*"([^"]+)"\s*\)', (root / "js" / "engine" / "worker.js").read_text()))


# ----- the tests -----------------------------------------------------------------

def test_python_imports_follow_the_layer_table():
    problems = python_violations(ROOT)
    assert not problems, "imports across the layer table (docs/ARCHITECTURE.md):\n" + "\n".join(problems)


def test_python_modules_import_each_other_in_no_circle():
    cycles = python_cycles(ROOT)
    assert not cycles, "import circles (put what both need in a module below them):\n" + \
        "\n".join(" <-> ".join(c) for c in cycles)


def test_js_imports_follow_the_layer_table():
    problems = js_violations(ROOT)
    assert not problems, "imports across the layer table (docs/ARCHITECTURE.md):\n" + "\n".join(problems)


def test_the_network_layer_draws_nothing():
    uses = dom_uses(ROOT)
    assert not uses, "js/net is transport and protocol; drawing belongs in js/tables:\n" + "\n".join(uses)


def test_the_worker_imports_only_the_facade():
    assert worker_python(ROOT) <= WORKER_PYTHON, worker_python(ROOT) - WORKER_PYTHON


def test_every_game_has_its_folders():
    """One folder per game: a Python package for every registered game; for every game the lobby
    offers (js/games/ids.js), a renderer folder with board.js and its stylesheet linked.  A game
    may be registered before its board exists (the lobby does not offer it yet), never the reverse."""
    from parlour.games import MODULES
    ids_js = (ROOT / "js" / "games" / "ids.js").read_text()
    board_ids = re.findall(r'"([a-z0-9-]+)"', ids_js.split("BOARD_IDS", 1)[1].split("]", 1)[0])
    registry_js = (ROOT / "js" / "games" / "index.js").read_text()
    index_html = (ROOT / "index.html").read_text()
    for module in MODULES.values():
        assert (ROOT / "py" / "parlour" / "games" / module / "__init__.py").is_file(), module
    assert set(board_ids) <= set(MODULES), f"boards for games not in the registry: {set(board_ids) - set(MODULES)}"
    for game_id in board_ids:
        assert (ROOT / "js" / "games" / game_id / "board.js").is_file(), game_id
        assert f'"./{game_id}/board.js"' in registry_js, f"js/games/index.js does not import {game_id}/board.js"
    folders = {p.name for p in (ROOT / "js" / "games").iterdir() if p.is_dir()}
    assert folders == set(board_ids), f"renderer folders and js/games/ids.js disagree: {folders ^ set(board_ids)}"
    for css in sorted((ROOT / "js" / "games").glob("*/*.css")):
        href = css.relative_to(ROOT).as_posix()
        assert f'href="{href}"' in index_html, f"index.html does not link {href}"
    for href in re.findall(r'<link rel="stylesheet" href="([^"]+)"', index_html):
        assert (ROOT / href).is_file(), f"index.html links {href}, which does not exist"


# ----- the checker itself fails on a violation -------------------------------------

def _write(root: Path, files: Dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


CLEAN_PY = {
    "py/parlour/__init__.py": "from . import games\n",
    "py/parlour/errors.py": "import json\n",
    "py/parlour/game.py": "from .errors import ParlourError\n",
    "py/parlour/api.py": "from . import games\nfrom .game import Game\n",
    "py/parlour/games/__init__.py": "import importlib\nfrom ..errors import BadRequest\n",
    "py/parlour/games/alpha/__init__.py": "from .rules import GAME\n",
    "py/parlour/games/alpha/constants.py": "TITLES = {}\n",
    "py/parlour/games/alpha/rules.py": "from ...game import Game\nfrom . import constants\nfrom .view import show\n",
    "py/parlour/games/alpha/view.py": "from .constants import TITLES\n",
    "py/parlour/games/beta/__init__.py": "from .rules import GAME\n",
    "py/parlour/games/beta/rules.py": "from ... import game\n",
}
CLEAN_JS = {
    "js/board/svg.js": "export const el = 1;\n",
    "js/board/piecepack.js": 'import { el } from "./svg.js";\n',
    "js/board/motion.js": "export const withMotion = 1;\n",
    "js/common/dom.js": "export const h = 1;\n",
    "js/engine/bridge.js": "export class Engine {}\n",
    "js/engine/worker.js": 'import { loadPyodide } from "../../pyodide/pyodide.mjs";\n',
    "js/store/games-db.js": "export const db = 1;\n",
    "js/store/records.js": '/** @param {import("./games-db.js").SavedGame} saved */\nimport { db } from "./games-db.js";\n',
    "js/games/ids.js": "export const BOARD_IDS = [];\n",
    "js/games/index.js": 'import { A } from "./alpha/board.js";\nexport { hasBoard } from "./ids.js";\n'
                         'import { withMotion } from "../board/motion.js";\n',
    "js/games/alpha/board.js": 'import {\n  el,\n} from "../../board/svg.js";\nimport { h } from "../../common/dom.js";\n'
                               'import { draw } from "./map.js";\n',
    "js/games/alpha/map.js": 'import { el } from "../../board/svg.js";\n',
    "js/games/beta/board.js": 'import { el } from "../../board/svg.js";\n',
    "js/net/bytes.js": "export const hex = 1;\n",
    "js/net/link.js": 'import { hex } from "./bytes.js";\nimport { Engine } from "../engine/bridge.js";\n',
    "js/net/store.js": "export const load = 1;\n",
    "js/tables/local-table.js": 'import { boardFor } from "../games/index.js";\nconst net = () => import("./network.js");\n',
    "js/tables/network.js": 'import { h } from "../common/dom.js";\nimport { hex } from "../net/bytes.js";\n',
    "js/ui/lobby.js": 'import { h } from "../common/dom.js";\nimport { load } from "../net/store.js";\n'
                      'import { boardFor } from "../tables/local-table.js";\n',
    "js/main.js": 'import { renderLobby } from "./ui/lobby.js";\nimport { hasBoard } from "./games/ids.js";\n',
}


def test_the_checker_passes_a_clean_tree(tmp_path):
    _write(tmp_path, {**CLEAN_PY, **CLEAN_JS})
    assert python_violations(tmp_path) == []
    assert python_cycles(tmp_path) == []
    assert js_violations(tmp_path) == []


def test_the_checker_finds_python_violations_and_circles(tmp_path):
    _write(tmp_path, {
        **CLEAN_PY,
        # a game reaching into another game, up into the facade, and round in a circle with its view
        "py/parlour/games/alpha/rules.py": "from ...game import Game\nfrom ..beta import rules as other\n"
                                           "from .view import show\n\ndef f():\n    from ... import api\n",
        "py/parlour/games/alpha/view.py": "def show():\n    from .rules import GAME\n",
        # the facade reaching into a game's internals; the toolkit importing a game and a third-party package
        "py/parlour/api.py": "from .games.alpha.rules import GAME\n",
        "py/parlour/game.py": "import numpy\nfrom .games import alpha\n",
    })
    problems = "\n".join(python_violations(tmp_path))
    assert "alpha/rules.py:2: parlour.games.alpha.rules (one game) imports parlour.games.beta.rules: " \
           "must not import parlour.games.<other>.**" in problems
    assert "alpha/rules.py:6: parlour.games.alpha.rules (one game) imports parlour.api: must not" in problems
    assert "api.py:1: parlour.api (facade, bots, records, networking, simulation) imports " \
           "parlour.games.alpha.rules: must not import parlour.games.*.**" in problems
    assert "game.py:1: parlour.game (contract and toolkit) imports numpy, which is not in the standard library" \
           in problems
    assert "game.py:2: parlour.game (contract and toolkit) imports parlour.games.alpha" in problems
    assert len(python_violations(tmp_path)) == 5, problems
    assert any({"parlour.games.alpha.rules", "parlour.games.alpha.view"} <= set(c) for c in python_cycles(tmp_path))


def test_the_checker_finds_js_violations(tmp_path):
    _write(tmp_path, {
        **CLEAN_JS,
        "js/games/alpha/board.js": 'import { el } from "../../board/svg.js";\nimport { B } from "../beta/board.js";\n'
                                   'import { Engine } from "../../engine/bridge.js";\nimport "./gone.js";\n'
                                   'const net = () => import("../../net/link.js");\n',
        "js/games/index.js": 'import { draw } from "./alpha/map.js";\nimport { el } from "../board/svg.js";\n',
        "js/board/svg.js": 'export { h } from "../tables/network.js";\n',
        # the network layer reaching up into a table; a table into the lobby; the lobby into a renderer
        "js/net/link.js": 'import { h } from "../tables/network.js";\n',
        "js/tables/network.js": 'import { renderLobby } from "../ui/lobby.js";\n',
        "js/ui/lobby.js": 'import { draw } from "../games/alpha/map.js";\n',
        "js/store/records.js": 'import {\n  Engine,\n} from "../engine/bridge.js";\n',
        "js/engine/bridge.js": 'const db = import("../store/games-db.js");\n',
    })
    problems = js_violations(tmp_path)
    text = "\n".join(problems)
    assert "js/games/alpha/board.js:2 (a game's renderer) imports js/games/beta/board.js: " \
           "must not import js/games/<other>/**" in text
    assert "js/games/alpha/board.js:3 (a game's renderer) imports js/engine/bridge.js: must not" in text
    assert "js/games/alpha/board.js:4: imports js/games/alpha/gone.js, which does not exist" in text
    assert "js/games/alpha/board.js:5 (a game's renderer) imports js/net/link.js: must not" in text
    assert "js/games/index.js:1 (the renderers' registry) imports js/games/alpha/map.js: may import only" in text
    assert "js/games/index.js:2 (the renderers' registry) imports js/board/svg.js: may import only" in text
    assert "js/board/svg.js:1 (board toolkit) imports js/tables/network.js: must not" in text
    assert "js/net/link.js:1 (network: transport and protocol) imports js/tables/network.js: must not" in text
    assert "js/tables/network.js:1 (tables) imports js/ui/lobby.js: must not" in text
    assert "js/ui/lobby.js:1 (lobby, saved games, replay viewer, update notice) imports js/games/alpha/map.js: " \
           "must not" in text
    assert "js/store/records.js:3 (saved games and record files) imports js/engine/bridge.js: must not" in text
    assert "js/engine/bridge.js:1 (worker bridge) imports js/store/games-db.js: must not" in text
    assert len(problems) == 12, text


def test_the_checker_finds_the_dom_in_the_network_layer(tmp_path):
    _write(tmp_path, {**CLEAN_JS, "js/net/link.js": "const x = 1;\nconst node = document.createElement('p');\n"})
    assert dom_uses(tmp_path) == ["js/net/link.js:2: const node = document.createElement('p');"]


@pytest.mark.parametrize("pattern, name, game, matches", [
    ("parlour.games.<game>.**", "parlour.games.castles", None, True),
    ("parlour.games.<game>.**", "parlour.games.castles.rules", None, True),
    ("parlour.games.<game>.**", "parlour.games", None, False),
    ("parlour.games.<other>.**", "parlour.games.castles.map", "castles", False),
    ("parlour.games.<other>.**", "parlour.games.castles_two", "castles", True),
    ("parlour.games.<other>.**", "parlour.games.kings_cottage.board", "castles", True),
    ("js/games/<game>/**", "js/games/index.js", None, False),
    ("js/games/<game>/**", "js/games/castles/board.js", None, True),
    ("js/games/*/board.js", "js/games/castles/map.js", None, False),
    ("js/**", "pyodide/pyodide.mjs", None, False),
])
def test_patterns(pattern, name, game, matches):
    sep = "." if pattern.startswith("parlour") else "/"
    assert bool(_pattern(pattern, sep, game).match(name)) is matches


def test_the_vendored_modules_are_the_ones_the_build_copies():
    sys.path.insert(0, str(ROOT))
    import build

    assert VENDORED == set(build.VENDORED_MODULES)
