"""Check board maps: ``python -m concordia.maps [FILE_OR_NAME ...]``.

Prints a one-line summary per board, or the error; the exit status is 1 if any fails.
Without arguments it checks the bundled ``imperium`` and ``italia`` boards.
"""

from __future__ import annotations

import sys
from collections import Counter

from concordia.core.errors import BoardError
from concordia.maps.loader import load_board


def main(argv: list[str] | None = None) -> int:
    names = sys.argv[1:] if argv is None else argv
    status = 0
    for name in names or ["imperium", "italia"]:
        try:
            spec = load_board(name)
        except BoardError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 1
            continue
        except Exception as exc:  # a bug in the loader, not the map: still one line
            print(f"error: {name}: {type(exc).__name__}: {exc}", file=sys.stderr)
            status = 1
            continue
        letters = Counter(c.letter for c in spec.cities if c.letter)
        kinds = Counter(r.kind for r in spec.routes)
        print(
            f"{spec.source}: {spec.title}: {len(spec.cities) - 1} cities + {spec.capital}, "
            f"{len(spec.provinces)} provinces, {kinds['land']} land + {kinds['sea']} sea "
            f"routes, letters {' '.join(f'{k}{v}' for k, v in sorted(letters.items()))}, "
            f"{spec.width}x{spec.height} px"
        )
    return status


if __name__ == "__main__":
    raise SystemExit(main())
