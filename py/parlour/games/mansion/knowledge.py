"""What each seat knows of the plans in other seats' hands.

`state["known"][owner]` maps "*" (everyone) and str(viewer) to a sorted list of
kinds: the viewer knows `owner` holds at least the "*" cards plus its own list.
Knowledge comes from public picks off the display, from plans received in (or
offered in) a trade; it is lowered whenever cards leave a hand so that it stays
a true lower bound for every viewer, and never tells anyone more than they saw.
`determinize` keeps these cards in place and redeals only the rest.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional

from . import deck

EVERYONE = "*"


def new_known(n: int) -> List[Dict[str, List[str]]]:
    return [{EVERYONE: []} for _ in range(n)]


def _counts(kinds: Iterable[str]) -> Dict[str, int]:
    out: Dict[str, int] = {}
    for k in kinds:
        out[k] = out.get(k, 0) + 1
    return out


def _listing(counts: Dict[str, int]) -> List[str]:
    return deck.sort_kinds([k for k, c in counts.items() for _ in range(max(c, 0))])


def known_by(known: List[Dict[str, List[str]]], owner: int, viewer: Optional[int]) -> List[str]:
    """Cards `viewer` knows are in `owner`'s hand (its own hand is not asked here)."""
    mine = known[owner].get(str(viewer), []) if viewer is not None else []
    return deck.sort_kinds(known[owner][EVERYONE] + mine)


def learn(known: List[Dict[str, List[str]]], owner: int, viewer: Optional[int], kinds: Iterable[str],
          new_cards: bool) -> None:
    """`viewer` (None: everyone) learns `owner` holds `kinds`.

    new_cards: the cards just arrived (a pick, a trade), so they add to what was
    known; otherwise the viewer learns the hand holds at least that many of each.
    """
    key = EVERYONE if viewer is None else str(viewer)
    entry = known[owner]
    have = _counts(entry.get(key, []))
    star = _counts(entry[EVERYONE]) if key != EVERYONE else {}
    for kind, count in _counts(kinds).items():
        if new_cards:
            have[kind] = have.get(kind, 0) + count
        else:
            have[kind] = max(have.get(kind, 0), count - star.get(kind, 0))
    listing = _listing(have)
    if listing or key == EVERYONE:
        entry[key] = listing
    else:
        entry.pop(key, None)


def cards_leave(known: List[Dict[str, List[str]]], owner: int, kinds: List[str],
                seen_by: Optional[Iterable[int]]) -> None:
    """`kinds` leave `owner`'s hand; seen_by: the seats that saw which kinds (None: everyone did).

    For a viewer who saw them, each kind's bound drops by the cards of that kind
    that left; for one who did not, by the number of cards that left (any card
    could have gone).
    """
    entry = known[owner]
    gone = _counts(kinds)
    total = len(kinds)
    seers = None if seen_by is None else {str(s) for s in seen_by}
    star = _counts(entry[EVERYONE])
    public_drop = (lambda k: gone.get(k, 0)) if seers is None else (lambda k: total)
    new_star = {k: max(0, c - public_drop(k)) for k, c in star.items()}
    for key in [k for k in entry if k != EVERYONE]:
        mine = _counts(entry[key])
        sees = seers is None or key in seers
        out: Dict[str, int] = {}
        for kind in set(star) | set(mine):
            bound = star.get(kind, 0) + mine.get(kind, 0) - (gone.get(kind, 0) if sees else total)
            out[kind] = max(0, bound) - new_star.get(kind, 0)
        listing = _listing(out)
        if listing:
            entry[key] = listing
        else:
            del entry[key]
    entry[EVERYONE] = _listing(new_star)
