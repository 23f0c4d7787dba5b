"""Small file helpers shared by settings and saves. Standard library only."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so readers see the old file or the new one, never half.

    The text goes to a temporary file in the same folder, is flushed to disk, and then
    replaces ``path`` with ``os.replace``. On any error the temporary file is removed and
    ``path`` is left as it was. The parent folder must exist.

    Raises:
        OSError: the file could not be written or replaced.
    """
    target = Path(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
