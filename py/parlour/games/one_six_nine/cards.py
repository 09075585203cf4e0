"""Coordinate cards: the deck, dealing, what squares a hand can name, and spending a pair.

Suits play no part in 169, so a card is kept as its rank alone (1 = Ace ...
13 = King): two cards of the same rank are interchangeable, and an action
naming a square needs no more than the square to say which cards it spends.
A hand is kept sorted.  The deck's order and other seats' hands are hidden;
the discards are public (every pair spent is shown by the square it named).
"""
from __future__ import annotations

from typing import List, Optional

from ...game import State
from ...rng import Rng
from .board import Square
from .constants import BOARD_SIZE, SMALL_WORLD_TOP, SUITS_PER_RANK, rank_name


def top_rank(options: dict) -> int:
    """The highest rank dealt: 9 in Small World (the 10s and faces are set aside), else King."""
    return SMALL_WORLD_TOP if options["small_world"] == "on" else BOARD_SIZE


def new_deck(options: dict, rng: Rng) -> List[int]:
    """A shuffled deck.  Small World plays without 10 to King at all, which is what
    discarding and redrawing every such card comes to (see the rules doc)."""
    deck = [rank for rank in range(1, top_rank(options) + 1) for _ in range(SUITS_PER_RANK)]
    rng.shuffle(deck)
    return deck


def deal(state: State, seat: int, count: int) -> List[int]:
    """Give `seat` `count` cards from the top of the deck.

    The deck never runs short: every card comes back to it at the end of each
    turn (`return_cards`), and a turn deals at most 2 a seat plus 8 for four
    Roads with Bureaucrats, 16 in all, from a deck of 52 (36 in Small World).
    """
    if count > len(state["deck"]):
        raise ValueError(f"the deck holds {len(state['deck'])} cards, {count} are due")
    drawn = state["deck"][len(state["deck"]) - count:]
    del state["deck"][len(state["deck"]) - count:]
    state["hands"][seat] = sorted(state["hands"][seat] + drawn)
    return sorted(drawn)


def return_cards(state: State, rng: Rng) -> List[int]:
    """The end of a turn: the discards and every unspent card in a hand go back into the deck,
    which is shuffled (a hand is dealt afresh each turn).  Returns how many cards each seat gave back."""
    given = [len(hand) for hand in state["hands"]]
    for hand in state["hands"]:
        state["deck"].extend(hand)
    state["deck"].extend(state["discard"])
    state["hands"] = [[] for _ in state["hands"]]
    state["discard"] = []
    rng.shuffle(state["deck"])
    return given


def can_name(hand: List[int], x: int, y: int) -> bool:
    """Whether the hand holds two cards naming (x, y), in either order."""
    if x == y:
        return hand.count(x) >= 2
    return x in hand and y in hand


def named_squares(hand: List[int]) -> List[Square]:
    """Every square some pair of the hand names (both orders), column then row."""
    ranks = sorted(set(hand))
    out = []
    for x in ranks:
        for y in ranks:
            if x != y or hand.count(x) >= 2:
                out.append((x, y))
    return out


def spend(state: State, seat: int, x: int, y: int) -> None:
    """Move the two cards naming (x, y) from the hand to the discards."""
    hand = state["hands"][seat]
    hand.remove(x)
    hand.remove(y)
    state["discard"].extend([x, y])
    state["discard"].sort()


def buy_limit(hand: List[int]) -> int:
    """H/2 rounded down, H counted once as buying starts (the same as the pairs the hand makes)."""
    return len(hand) // 2


def missing(hand: List[int], x: int, y: int) -> Optional[str]:
    """Which card(s) the hand lacks for (x, y), in words; None if it has them."""
    if can_name(hand, x, y):
        return None
    if x == y:
        return f"two {rank_name(x)}s"
    lack = [rank_name(r) for r in (x, y) if r not in hand]
    return " and ".join(f"a {r}" for r in lack)


def resample(state: State, seat: Optional[int], rng: Rng) -> None:
    """Redeal what `seat` cannot know: the deck's order and every other seat's hand (sizes kept)."""
    others = [s for s in range(state["players"]) if s != seat]
    pool = sorted(state["deck"] + [card for s in others for card in state["hands"][s]])
    rng.shuffle(pool)
    for s in others:
        size = len(state["hands"][s])
        state["hands"][s] = sorted(pool[:size])
        pool = pool[size:]
    state["deck"] = pool
