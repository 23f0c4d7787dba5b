"""Bootstrap for a fresh checkout: ``python3 -m concordia.dev play|test|install [args...]``.

Runs with nothing but the system Python (3.11+) and the standard library, on Linux,
macOS and Windows (``py -m concordia.dev ...``):

1. creates ``.venv`` in the repository root if it has no Python yet (``venv`` module;
   a broken ``.venv`` is recreated);
2. installs the project into it: ``play`` needs only the game's own dependencies
   (``pip install -e .``: pygame-ce, pytmx, appdirs), ``test`` and ``install`` the
   development tools as well (``pip install -e ".[dev]"``: pytest, hypothesis, ruff,
   mypy, PyInstaller, the workflow checkers). A stamp file in ``.venv`` remembers the
   hash of ``pyproject.toml`` and which of the two was installed, so pip runs again
   only when ``pyproject.toml`` changed or the tools are wanted for the first time;
3. ``play``: runs ``<venv python> -m concordia [args]``;
   ``test``: runs ``<venv python> -m pytest [args]`` headless (dummy SDL drivers) and
   returns pytest's exit code; ``install``: stops after step 2.

Keep this module standard-library only: it runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_DIR = ROOT / ".venv"
PYPROJECT = ROOT / "pyproject.toml"
STAMP = VENV_DIR / ".concordia-install-stamp"
MIN_PYTHON = (3, 11)
DEV, RUNTIME = "dev", "runtime"  # what the stamp says was installed
HEADLESS_ENV = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}
USAGE = """\
usage: python3 -m concordia.dev COMMAND [ARGS...]   (Windows: py -m concordia.dev ...)

commands:
  play [game args...]     set up .venv if needed (game dependencies), start the game
  test [pytest args...]   set up .venv if needed (with dev tools), run the tests headless
  install                 only set up .venv with the dev tools (pip install -e ".[dev]")

play installs only what the game needs; test and install add the development tools.
"""


def venv_python() -> Path:
    """The Python executable inside ``.venv``."""
    if os.name == "nt":
        return VENV_DIR / "Scripts" / "python.exe"
    return VENV_DIR / "bin" / "python"


def ensure_venv(dev: bool = True) -> Path:
    """Create ``.venv`` and install the project into it if needed; return its Python.

    Args:
        dev: also install the development tools (the ``dev`` extra). Without it only
            the game's dependencies are installed, unless the tools are already there
            for the current ``pyproject.toml`` (then pip is skipped).

    Raises:
        subprocess.CalledProcessError: pip failed.
    """
    python = venv_python()
    if not python.exists():
        print(f"concordia.dev: creating {VENV_DIR}", flush=True)
        # A .venv without its Python (e.g. made by a Python since removed) is rebuilt whole.
        venv.EnvBuilder(with_pip=True, clear=VENV_DIR.exists()).create(VENV_DIR)
    wanted = _pyproject_hash()
    installed = _read_stamp()
    if installed is None or installed[0] != wanted or (dev and installed[1] != DEV):
        target = ".[dev]" if dev else "."
        print(f'concordia.dev: installing the project (pip install -e "{target}")', flush=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-e", target],
            cwd=ROOT,
            check=True,
        )
        STAMP.write_text(f"{wanted} {DEV if dev else RUNTIME}\n", encoding="utf-8")
    return python


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = sys.argv[1:] if argv is None else argv
    if sys.version_info < MIN_PYTHON:
        need = ".".join(map(str, MIN_PYTHON))
        print(f"concordia.dev: Python {need}+ is needed, this is {sys.version.split()[0]}")
        return 2
    if not args or args[0] not in ("play", "test", "install"):
        print(USAGE, end="")
        return 0 if args[:1] in (["-h"], ["--help"]) else 2
    command, rest = args[0], args[1:]
    try:
        python = ensure_venv(dev=command != "play")
    except subprocess.CalledProcessError as exc:
        print(f"concordia.dev: installation failed (exit code {exc.returncode})")
        return exc.returncode or 1
    if command == "install":
        return 0
    if command == "play":
        # The caller's working directory is kept, so relative paths (--home DIR) work.
        return _run([str(python), "-m", "concordia", *rest], None, os.environ.copy())
    env = os.environ.copy()
    env.update(HEADLESS_ENV)
    return _run([str(python), "-m", "pytest", *rest], ROOT, env)


def _run(cmd: list[str], cwd: Path | None, env: dict[str, str]) -> int:
    try:
        return subprocess.call(cmd, cwd=cwd, env=env)
    except KeyboardInterrupt:
        return 130


def _pyproject_hash() -> str:
    return hashlib.sha256(PYPROJECT.read_bytes()).hexdigest()


def _read_stamp() -> tuple[str, str] | None:
    """(pyproject hash, ``"dev"`` or ``"runtime"``) of the last install, or None."""
    try:
        words = STAMP.read_text(encoding="utf-8").split()
    except OSError:
        return None
    if len(words) == 1:  # written before play installed the game alone: tools included
        return words[0], DEV
    if len(words) == 2 and words[1] in (DEV, RUNTIME):
        return words[0], words[1]
    return None


if __name__ == "__main__":
    raise SystemExit(main())
