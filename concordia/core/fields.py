"""How a dataclass's ``copy()`` treats each field, and the ``copy()`` written from it.

A field's metadata says how it is copied: shared by reference (the default: immutable
values and static data), :data:`COPY_LIST` (a shallow list copy) or
:data:`COPY_EACH` (a list whose items are copied with their own ``copy()``).
:func:`make_copy` writes the copy function out field by field from the declaration,
as :mod:`dataclasses` writes ``__init__``: as fast as a hand-written copy, and a new
field cannot be forgotten in it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar, cast

T = TypeVar("T")

COPY_LIST: dict[str, str] = {"copy": "list"}
COPY_EACH: dict[str, str] = {"copy": "each"}


def make_copy(cls: type[T]) -> Callable[[T], T]:
    """A function returning an independent copy of a ``cls`` instance."""
    lines = ["def copy(self):", "    s = new(cls)"]
    for f in dataclasses.fields(cast(Any, cls)):
        kind = f.metadata.get("copy", "shared")
        if kind == "list":
            lines.append(f"    s.{f.name} = self.{f.name}[:]")
        elif kind == "each":
            lines.append(f"    s.{f.name} = [x.copy() for x in self.{f.name}]")
        elif kind == "shared":
            lines.append(f"    s.{f.name} = self.{f.name}")
        else:
            raise ValueError(f"{cls.__name__}.{f.name}: unknown copy kind {kind!r}")
    lines.append("    return s")
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), scope)  # built from the declared field names only
    fn: Callable[[T], T] = scope["copy"]
    return fn
