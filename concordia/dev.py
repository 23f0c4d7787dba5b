"""Bootstrap for a fresh checkout: ``python3 -m concordia.dev play|test|install [args...]``.

Runs with nothing but the system Python (3.11+) and the standard library, on Linux,
macOS and Windows (``py -m concordia.dev ...``):

1. creates ``.venv`` in the repository root if it has no Python yet (``venv`` module;
   a broken ``.venv`` is recreated);
2. installs the project into it with ``pip install -e ".[dev]"`` whenever
   ``pyproject.toml`` differs from what was installed last time (a stamp file in
   ``.venv`` remembers its hash), so repeated runs skip pip;
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
HEADLESS_ENV = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}
USAGE = """\
usage: python3 -m concordia.dev COMMAND [ARGS...]   (Windows: py -m concordia.dev ...)

commands:
  play [game args...]     set up .venv if needed, then start the game
  test [pytest args...]   set up .venv if needed, then run the tests headless
  install                 only set up .venv (create it, pip install -e ".[dev]")
"""


def venv_python() -> Path:
    """The Python executable inside ``.venv``."""
    if os.name == "nt":
        return VENV_DIR / "Scripts" / "python.exe"
    return VENV_DIR / "bin" / "python"


def ensure_venv() -> Path:
    """Create ``.venv`` and install the project into it if needed; return its Python.

    Raises:
        subprocess.CalledProcessError: pip failed.
    """
    python = venv_python()
    if not python.exists():
        print(f"concordia.dev: creating {VENV_DIR}", flush=True)
        # A .venv without its Python (e.g. made by a Python since removed) is rebuilt whole.
        venv.EnvBuilder(with_pip=True, clear=VENV_DIR.exists()).create(VENV_DIR)
    wanted = _pyproject_hash()
    if _read_stamp() != wanted:
        print('concordia.dev: installing the project (pip install -e ".[dev]")', flush=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-e", ".[dev]"],
            cwd=ROOT,
            check=True,
        )
        STAMP.write_text(wanted + "\n", encoding="utf-8")
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
        python = ensure_venv()
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


def _read_stamp() -> str | None:
    try:
        return STAMP.read_text(encoding="utf-8").strip()
    except OSError:
        return None


if __name__ == "__main__":
    raise SystemExit(main())
