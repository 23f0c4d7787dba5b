"""Per-user folders and the ``Settings`` file. The only module that imports appdirs.

Folders come from ``appdirs.AppDirs(APP_NAME, APP_AUTHOR)``:

- ``config_dir()/settings.json``   the settings (JSON)
- ``saves_dir()/*.json``           saved games (written by the saves code, same atomic way)
- ``log_dir()/concordia.log``      the log (see ``concordia.logs``)

When the environment variable ``CONCORDIA_HOME`` is set, or ``set_home(path)`` was
called (the ``--home DIR`` option), everything goes into ``config/``, ``data/``,
``saves/`` and ``logs/`` under that one folder instead (tests, portable installs).
``set_home`` wins over the environment variable.

Paths come from functions, and each function creates its folder when called; importing
this module does no I/O. Nothing is ever written next to the executable.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import appdirs

from concordia.about import APP_AUTHOR, APP_NAME
from concordia.fileio import atomic_write_text, load_json_capped

__all__ = [
    "ANIMATION_SPEEDS",
    "HOME_ENV",
    "LANGUAGES",
    "SETTINGS_FORMAT",
    "Settings",
    "atomic_write_text",
    "config_dir",
    "data_dir",
    "home_dir",
    "load_settings",
    "log_dir",
    "save_settings",
    "saves_dir",
    "set_home",
    "settings_path",
]

logger = logging.getLogger(__name__)

HOME_ENV = "CONCORDIA_HOME"
SETTINGS_FILE = "settings.json"
SETTINGS_FORMAT = 1
MAX_SETTINGS_BYTES = 1024 * 1024  # the file is a few hundred bytes
MAX_WINDOW_SIDE = 8192  # wider than any screen; more is a damaged value
LANGUAGES = ("en", "it")
ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
MIN_SEATS, MAX_SEATS = 2, 5

_home_override: Path | None = None


def set_home(path: str | os.PathLike[str] | None) -> Path | None:
    """Send every per-user folder under ``path`` (``--home DIR``); ``None`` undoes it.

    Returns:
        The previous override, so a caller can restore it.
    """
    global _home_override
    previous = _home_override
    _home_override = None if path is None else Path(path).expanduser().absolute()
    return previous


def home_dir() -> Path | None:
    """The single folder that replaces the per-user folders, or ``None`` for the usual ones."""
    if _home_override is not None:
        return _home_override
    env = os.environ.get(HOME_ENV)
    return Path(env).expanduser().absolute() if env else None


def config_dir() -> Path:
    """Folder of ``settings.json`` (created if missing)."""
    return _folder("config", lambda dirs: dirs.user_config_dir)


def data_dir() -> Path:
    """Folder for per-user game data (created if missing)."""
    return _folder("data", lambda dirs: dirs.user_data_dir)


def saves_dir() -> Path:
    """Folder of saved games: ``data_dir()/saves`` (created if missing)."""
    return _folder("saves", lambda dirs: os.path.join(dirs.user_data_dir, "saves"))


def log_dir() -> Path:
    """Folder of ``concordia.log`` (created if missing)."""
    return _folder("logs", lambda dirs: dirs.user_log_dir)


def settings_path() -> Path:
    """Where the settings are stored."""
    return config_dir() / SETTINGS_FILE


@dataclass(frozen=True, slots=True)
class Settings:
    """The user's preferences. Immutable: change one with ``dataclasses.replace``.

    Constructing a ``Settings`` validates every field (``ValueError`` on a bad value), and
    turns lists into tuples, so a ``Settings`` is always well-formed. In the JSON file
    the tuples are lists.
    """

    format: int = SETTINGS_FORMAT
    language: str = "en"
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation_speed: str = "normal"
    ai_speed: str = "normal"
    sound: bool = True
    last_seats: tuple[str, ...] = ("human", "normal", "normal", "normal")
    last_board: str = "imperium"
    #: The name of the first human seat in a quick game ("" for the default name).
    player_name: str = ""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            checked = _CHECKS[field.name](value)
            if checked is not value:
                object.__setattr__(self, field.name, checked)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (tuples become lists when dumped)."""
        return dataclasses.asdict(self)


def load_settings() -> Settings:
    """Read the settings file.

    A missing file gives the defaults. Unknown keys are ignored and missing keys take
    their defaults. A field with a wrong type or value takes its default; a file that is
    not a JSON object gives all defaults. Problems are logged as warnings, and the file is
    left alone: ``save_settings`` first renames such a file to ``settings.json.bad``.
    Never raises (a folder that cannot be created gives the defaults).
    """
    return load_settings_report()[0]


def load_settings_report() -> tuple[Settings, list[str]]:
    """:func:`load_settings`, and what was wrong with the file, one sentence each
    naming it (empty when it was fine or missing), for the window to show."""
    try:
        path = settings_path()
    except OSError as exc:
        problem = f"the settings folder cannot be created ({_reason(exc)}); defaults are used"
        logger.warning("%s", problem)
        return Settings(), [problem]
    settings, problems = _read(path)
    for problem in problems:
        logger.warning("settings file %s: %s; using the default", path, problem)
    if problems:
        shown = "; ".join(problems[:3]) + ("; ..." if len(problems) > 3 else "")
        return settings, [f"{path}: {shown}; the defaults are used for what is wrong"]
    return settings, []


def check_user_folders() -> list[str]:
    """One sentence for each per-user folder that cannot be created or written to
    (a file is created in it and removed); empty when all is well."""
    problems: list[str] = []
    for what, folder in (
        ("settings", config_dir),
        ("data", data_dir),
        ("saves", saves_dir),
        ("log", log_dir),
    ):
        try:
            path = folder()
            with tempfile.TemporaryFile(dir=path):
                pass
        except OSError as exc:
            where = exc.filename if isinstance(exc.filename, str) else what
            problems.append(
                f"the {what} folder {where} cannot be written ({_reason(exc)}): "
                f"nothing can be kept there"
            )
    return problems


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def save_settings(settings: Settings) -> Path:
    """Write ``settings`` atomically as JSON; call it only when the user changed something.

    If the current file could not be read cleanly it is kept as ``settings.json.bad``
    before the new file is written.

    Returns:
        The path written.
    """
    path = settings_path()
    if path.exists() and _read(path)[1]:
        backup = path.with_name(path.name + ".bad")
        os.replace(path, backup)
        logger.warning("kept the unreadable settings file as %s", backup)
    text = json.dumps(settings.to_dict(), indent=2, sort_keys=True) + "\n"
    atomic_write_text(path, text)
    return path


def _folder(home_sub: str, user_dir: Callable[[appdirs.AppDirs], str]) -> Path:
    home = home_dir()
    if home is not None:
        path = home / home_sub
    else:
        path = Path(user_dir(appdirs.AppDirs(APP_NAME, APP_AUTHOR)))
        if not path.is_absolute():
            # An empty or relative XDG_*_HOME must be ignored (XDG base directory
            # rules), never turned into a folder under the current directory.
            path = _without_relative_xdg(user_dir)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _without_relative_xdg(user_dir: Callable[[appdirs.AppDirs], str]) -> Path:
    """The folder appdirs gives when the XDG variables that are not absolute paths are
    unset (appdirs reads them at call time)."""
    saved = {
        key: value
        for key, value in os.environ.items()
        if key.startswith("XDG_") and key.endswith("_HOME") and not os.path.isabs(value)
    }
    try:
        for key in saved:
            del os.environ[key]
        path = Path(user_dir(appdirs.AppDirs(APP_NAME, APP_AUTHOR)))
    finally:
        os.environ.update(saved)
    if not path.is_absolute():
        path = Path.home() / f".{APP_NAME.lower()}"
    return path


def _read(path: Path) -> tuple[Settings, list[str]]:
    """Parse the settings file into (settings, problems found)."""
    try:
        data = load_json_capped(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), []
    except OSError as exc:
        return Settings(), [f"cannot be read ({exc.strerror or exc})"]
    except ValueError as exc:
        return Settings(), [f"is not valid JSON ({exc})"]
    if not isinstance(data, dict):
        return Settings(), ["is not a JSON object"]
    values: dict[str, Any] = {}  # each value passed its field's check
    problems: list[str] = []
    for field in fields(Settings):
        if field.name in data:
            try:
                values[field.name] = _CHECKS[field.name](data[field.name])
            except ValueError as exc:
                problems.append(f"{field.name} {exc}")
    return dataclasses.replace(Settings(), **values), problems


def _check_format(value: object) -> object:
    if not _is_positive_int(value):
        raise ValueError(f"must be a positive integer, not {value!r}")
    return value


def _choice(options: tuple[str, ...]) -> Callable[[object], object]:
    def check(value: object) -> object:
        if not isinstance(value, str) or value not in options:
            raise ValueError(f"must be one of {', '.join(options)}, not {value!r}")
        return value

    return check


def _check_bool(value: object) -> object:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {value!r}")
    return value


def _check_window_size(value: object) -> object:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(_is_positive_int(v) and v <= MAX_WINDOW_SIDE for v in value)
    ):
        raise ValueError(
            f"must be [width, height] in pixels (at most {MAX_WINDOW_SIDE}), not {value!r}"
        )
    return value if isinstance(value, tuple) else tuple(value)


def _check_seats(value: object) -> object:
    if (
        not isinstance(value, list | tuple)
        or not MIN_SEATS <= len(value) <= MAX_SEATS
        or not all(isinstance(v, str) and v for v in value)
    ):
        raise ValueError(f"must be a list of {MIN_SEATS} to {MAX_SEATS} seat kinds, not {value!r}")
    return value if isinstance(value, tuple) else tuple(value)


def _check_name(value: object) -> object:
    if not isinstance(value, str) or not value:
        raise ValueError(f"must be a non-empty string, not {value!r}")
    return value


def _check_player_name(value: object) -> object:
    if not isinstance(value, str) or len(value) > 16 or not value.isprintable():
        raise ValueError(f"must be a printable name of at most 16 characters, not {value!r}")
    return value


def _is_positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


_CHECKS: dict[str, Callable[[object], object]] = {
    "format": _check_format,
    "language": _choice(LANGUAGES),
    "window_size": _check_window_size,
    "fullscreen": _check_bool,
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "ai_speed": _choice(ANIMATION_SPEEDS),
    "sound": _check_bool,
    "last_seats": _check_seats,
    "last_board": _check_name,
    "player_name": _check_player_name,
}
