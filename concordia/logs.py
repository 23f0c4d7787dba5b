"""Logging set-up for the game: a rotating log file in the per-user log folder.

Windowed frozen builds (``console=False``) have ``sys.stderr`` set to ``None``; a
``StreamHandler`` would fail there, so one is only added when a stderr exists.
"""

from __future__ import annotations

import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from concordia.settings import log_dir

LOG_FILE = "concordia.log"
MAX_BYTES = 1_000_000
BACKUP_COUNT = 3
FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"
_HANDLER_NAMES = ("concordia-file", "concordia-stderr")


def setup_logging(level: int = logging.INFO, *, stderr_level: int = logging.WARNING) -> Path:
    """Send log records to ``log_dir()/concordia.log`` (1 MB, 3 old files kept).

    Also echoes records at ``stderr_level`` and above to ``sys.stderr`` when there is one.
    Calling it again (e.g. after ``--home`` changed the folders) replaces the handlers it
    added before instead of adding more.

    Returns:
        The path of the log file.
    """
    root = logging.getLogger()
    for handler in list(root.handlers):
        if handler.get_name() in _HANDLER_NAMES:
            root.removeHandler(handler)
            handler.close()

    path = log_dir() / LOG_FILE
    file_handler = RotatingFileHandler(
        path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8", delay=True
    )
    file_handler.set_name(_HANDLER_NAMES[0])
    file_handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(file_handler)

    if sys.stderr is not None:
        stream_handler = logging.StreamHandler(sys.stderr)
        stream_handler.set_name(_HANDLER_NAMES[1])
        stream_handler.setLevel(stderr_level)
        stream_handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        root.addHandler(stream_handler)

    root.setLevel(level)
    logging.captureWarnings(True)
    return path
