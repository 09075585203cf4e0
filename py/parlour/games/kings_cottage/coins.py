"""King's Cottage furnishings (coins): who knows which side, and resampling what a seat does not know.

A piecepack coin shows its suit on one face and its value on the other.  A
coin on the board lies with one face up (`up` is "suit" or "value"), which
everyone sees; `known` lists the seats that have seen both faces.  A coin in
the King's collection that was drawn straight from the bag has `up` None: only
its drawer has seen it.  The bag is an unordered pool whose coins nobody knows
(it is sorted, so its order says nothing), and coins leaving it get a public
serial number `id` so actions can name them without naming hidden values.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Tuple

from ... import piecepack as pp
from ...rng import Rng

SIDES = ["suit", "value"]


def new_bag() -> List[dict]:
    return [{"id": None, "suit": s, "rank": r, "up": None, "known": []} for s in pp.SUITS for r in pp.RANKS]


def sort_bag(bag: List[dict]) -> None:
    bag.sort(key=lambda c: (pp.SUITS.index(c["suit"]), c["rank"]))


def draw(state: dict, seat: int, rng: Rng) -> Optional[dict]:
    """Take a random coin from the bag; its drawer sees both faces.  None if the bag is empty."""
    bag = state["bag"]
    if not bag:
        return None
    coin = dict(bag.pop(rng.below(len(bag))))  # a copy: `apply` shares the bag's coins with the old state
    coin["id"] = state["next_coin"]
    state["next_coin"] += 1
    coin["known"] = [seat]
    return coin


def to_bag(state: dict, coin: dict) -> None:
    """Back into the bag: shaken up, so nobody knows it any more and it loses its serial."""
    coin.update({"id": None, "up": None, "known": []})
    state["bag"].append(coin)
    sort_bag(state["bag"])


def reveal(coin: dict, players: int) -> None:
    coin["known"] = list(range(players))


def learn(coin: dict, seat: int) -> None:
    pp.learn(coin, [seat])


def seen(coin: dict, seat: Optional[int], public: bool = False) -> dict:
    """The coin as `seat` sees it: the face that is up, and the other only if the seat knows it."""
    both = public or pp.knows(coin, seat)
    return {
        "id": coin["id"],
        "up": coin["up"],
        "suit": coin["suit"] if both or coin["up"] == "suit" else None,
        "rank": coin["rank"] if both or coin["up"] == "value" else None,
        "both": both,
    }


def describe_public(coin: dict) -> str:
    """How everyone sees a coin that lies face up: 'a Crowns furnishing (suit up)', 'an ace furnishing (value up)'."""
    if coin["up"] == "suit":
        return f"{pp.article(pp.SUIT_NAMES[coin['suit']])} furnishing (suit up)"
    return f"{pp.article(pp.RANK_NAMES[coin['rank']])} furnishing (value up)"


def describe_full(coin: dict) -> str:
    """How its knowers see it: 'the 3 of Suns (suit up)'."""
    side = f" ({coin['up']} up)" if coin["up"] else ""
    return f"{pp.name(coin)}{side}"


def every_coin(state: dict) -> List[Tuple[dict, bool]]:
    """(coin, public) for every coin in the state; scored coins lie face up for all."""
    out: List[Tuple[dict, bool]] = []
    for room in state["rooms"]:
        out.extend((c, False) for c in room["coins"])
    out.extend((m["coin"], False) for m in state["months"] if m["coin"] is not None)
    out.extend((c, False) for c in state["bag"])
    out.extend((c, True) for c in state["scored"])
    if state["pending_coin"] is not None:
        out.append((state["pending_coin"], False))
    return out


def _fits(coin: dict, ident: Tuple[str, int]) -> bool:
    if coin["up"] == "suit":
        return ident[0] == coin["suit"]
    if coin["up"] == "value":
        return ident[1] == coin["rank"]
    return True


def resample(coins: Iterable[Tuple[dict, bool]], seat: Optional[int], rng: Rng) -> None:
    """Deal the identities `seat` does not know back out at random, keeping every face that is up.

    A face-up suit must stay that suit, a face-up value that value; the true
    deal is one such matching, so a matching always exists.  Constrained coins
    are matched first (augmenting paths, in random order), then the rest go to
    coins nobody can see into.
    """
    slots = [c for c, public in coins if not public and not pp.knows(c, seat)]
    pool = sorted((c["suit"], c["rank"]) for c in slots)  # sorted: the deal must not depend on the true one
    order = list(range(len(slots)))
    rng.shuffle(order)
    tries: Dict[int, List[int]] = {}
    owner = [-1] * len(pool)

    def augment(k: int, visited: set) -> bool:
        for j in tries[k]:
            if j in visited:
                continue
            visited.add(j)
            if owner[j] < 0 or augment(owner[j], visited):
                owner[j] = k
                return True
        return False

    free = []
    for k in order:
        if slots[k]["up"] in SIDES:
            candidates = [j for j in range(len(pool)) if _fits(slots[k], pool[j])]
            rng.shuffle(candidates)
            tries[k] = candidates
            augment(k, set())
        else:
            free.append(k)
    assigned = {owner[j]: pool[j] for j in range(len(pool)) if owner[j] >= 0}
    rest = [pool[j] for j in range(len(pool)) if owner[j] < 0]
    rng.shuffle(rest)
    for k, ident in zip(free, rest):
        assigned[k] = ident
    for k, (suit, rank) in assigned.items():
        slots[k]["suit"], slots[k]["rank"] = suit, rank
