"""Small file helpers shared by settings, saves, views and statistics: atomic writes and
safe reads. Standard library only."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any


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


class UnsafeFileError(OSError):
    """A file refused before any byte of it is read: not a regular file, or too large.

    ``strerror`` is a phrase for the player (``"is a FIFO, not a regular file"``).
    """


_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def read_bytes_capped(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    The file is opened without blocking (a FIFO, or a link to one, would otherwise wait
    forever for a writer) and checked on the open descriptor, so what is checked is what
    is read; at most ``limit + 1`` bytes are ever read (a file that grows is refused).

    Raises:
        FileNotFoundError: there is no such file.
        IsADirectoryError: it is a folder.
        UnsafeFileError: a FIFO, device or socket (or a link to one), or too large.
        OSError: it cannot be opened or read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS if test(info.st_mode)), "not a file")
            error = IsADirectoryError if stat.S_ISDIR(info.st_mode) else UnsafeFileError
            raise error(errno.EINVAL, f"is {kind}, not a regular file", os.fspath(path))
        if info.st_size > limit:
            raise UnsafeFileError(
                errno.EFBIG,
                f"is too large ({info.st_size} bytes; at most {limit} expected)",
                os.fspath(path),
            )
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise UnsafeFileError(
                errno.EFBIG, f"is too large (more than {limit} bytes)", os.fspath(path)
            )
        return b"".join(chunks)
    finally:
        os.close(fd)


def load_json_capped(path: str | os.PathLike[str], limit: int) -> Any:
    """Parse ``path`` as UTF-8 JSON, read with :func:`read_bytes_capped`.

    NaN and Infinity are refused, and so is nesting too deep for the parser.

    Raises:
        OSError: as :func:`read_bytes_capped`.
        ValueError: not UTF-8, not JSON, or nested too deeply; the message says which.
    """
    raw = read_bytes_capped(path, limit)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"byte {exc.start} is not UTF-8 text") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")
