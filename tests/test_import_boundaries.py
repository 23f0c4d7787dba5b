"""Import boundaries (STYLE.md section 2), checked in fresh interpreters and by reading source.

- ``concordia.core`` (and ``concordia.ai`` once it exists) load no pygame, pytmx or
  appdirs, nor the maps/ui packages;
- ``concordia.settings`` is the only module importing appdirs;
- nothing uses pickle;
- ``concordia.dev`` (the bootstrap) imports only the standard library;
- ``concordia.ui`` uses no ``importlib`` (the AI is imported statically);
- threads are started only by :mod:`concordia.jobs`.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "concordia"
FORBIDDEN_IN_RULES = ("pygame", "pytmx", "appdirs", "concordia.maps", "concordia.ui")


def _headless_modules() -> list[str]:
    modules = ["concordia.core"]
    if importlib.util.find_spec("concordia.ai") is not None:
        modules.append("concordia.ai")
    return modules


@pytest.mark.parametrize("module", _headless_modules())
def test_rules_modules_load_no_ui_libraries(module: str) -> None:
    code = (
        "import importlib, sys\n"
        f"importlib.import_module({module!r})\n"
        f"print(' '.join(sorted(m for m in {FORBIDDEN_IN_RULES!r} if m in sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"importing {module} loaded: {result.stdout.strip()}"


def test_dev_bootstrap_needs_only_the_standard_library() -> None:
    imported = _imported_modules(PACKAGE / "dev.py")
    outside = {name for name in imported if name.split(".")[0] not in sys.stdlib_module_names}
    assert outside == set(), f"concordia/dev.py must stay stdlib-only, imports {outside}"


def test_only_settings_imports_appdirs() -> None:
    users = {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "appdirs" in _imported_roots(path)
    }
    assert users <= {"concordia/settings.py"}


def test_no_pickle_anywhere() -> None:
    users = {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*.py")
        if {"pickle", "cPickle", "shelve", "dill"}
        & {n.split(".")[0] for n in _imported_modules(path)}
    }
    assert users == set()


@functools.cache
def _parsed(text: str, filename: str) -> ast.Module:
    """The syntax tree of a source text, parsed once per run: the checks below each
    walk every module of the package (the trees are only read)."""
    return ast.parse(text, filename=filename)


def _tree(path: Path) -> ast.Module:
    return _parsed(path.read_text(encoding="utf-8"), str(path))


def _imported_modules(path: Path) -> set[str]:
    tree = _tree(path)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _imported_roots(path: Path) -> set[str]:
    return {name.split(".")[0] for name in _imported_modules(path)}


def test_the_ui_imports_the_ai_statically() -> None:
    users = {
        path.relative_to(ROOT).as_posix()
        for path in (PACKAGE / "ui").rglob("*.py")
        if "importlib" in _imported_roots(path)
    }
    assert users == set(), f"import concordia.ai (or anything) statically in {users}"


def test_threads_are_started_only_by_the_background_job_helper() -> None:
    starters = set()
    for path in PACKAGE.rglob("*.py"):
        tree = _tree(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
                if name == "Thread":
                    starters.add(path.relative_to(ROOT).as_posix())
    assert starters == {"concordia/jobs.py"}


def _names_game_scene(path: Path) -> bool:
    """Whether ``path`` imports ``GameScene`` in any way: ``from ... import GameScene``
    (also under ``TYPE_CHECKING`` or inside a function, relative or not) or
    ``module.GameScene`` after importing the module."""
    tree = _tree(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(
            alias.name == "GameScene" for alias in node.names
        ):
            return True
        if isinstance(node, ast.Attribute) and node.attr == "GameScene":
            return True
    return False


def test_the_scan_sees_the_game_scene_imports(tmp_path: Path) -> None:
    scenes = PACKAGE / "ui" / "scenes"
    assert _names_game_scene(scenes / "game_idle.py")  # a type-only import
    probe = tmp_path / "probe.py"
    probe.write_text("from concordia.ui.scenes import game\nx: game.GameScene\n")
    assert _names_game_scene(probe)  # through the module
    assert not _names_game_scene(PACKAGE / "ui" / "game" / "parts.py")


def test_only_the_scenes_import_the_game_scene() -> None:
    """The panels and helpers get the scene as ``ui.game.parts.GameParts``; the app
    opens it through ``scenes.game.new_game_scene``."""
    scenes = PACKAGE / "ui" / "scenes"
    users = {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*.py")
        if not path.is_relative_to(scenes) and _names_game_scene(path)
    }
    assert users == set(), f"import GameParts instead of GameScene in {users}"
