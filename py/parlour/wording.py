"""Shared wording for the text games write: counts with their nouns, and a log line as one seat reads it.

Log lines name seats as {pN} (the interface fills in names).  In a seat's own
view its own doings read "You ...", others' by name, whatever the game: one
rule for every line, public or private, so a seat never reads "You invest…"
beside "Alex builds…" about itself.  `as_seen_by` turns a line written about
{pN} into that seat's wording: "{p0} builds ... in {p0}'s kingdom" reads "You
build ... in your kingdom" for seat 0 and is left as it is for everyone else.

Only the verbs Parlour's logs put after a seat's name are turned ("builds" ->
"build"); tests/test_log_wording.py plays every game and fails on a word after
a name that is neither such a verb nor one of the words that stay as they are,
so a new line with a new verb cannot slip through half turned.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, Optional

#: The third-person verbs that follow a seat's name in the logs, and the form after "you".
VERBS: Dict[str, str] = {
    "accepts": "accept", "brings": "bring", "builds": "build", "buys": "buy", "chooses": "choose",
    "controls": "control", "declines": "decline", "deploys": "deploy", "does": "do", "draws": "draw", "drops": "drop",
    "gives": "give", "has": "have", "holds": "hold", "invests": "invest", "is": "are", "lays": "lay", "looks": "look",
    "moves": "move", "passes": "pass", "proposes": "propose", "puts": "put", "rolls": "roll",
    "sees": "see", "starts": "start", "stops": "stop", "takes": "take", "turns": "turn",
    "vetoes": "veto", "was": "were", "wins": "win",
}

#: Words that may follow a seat's name and stay as they are after "you" ("{p0} and {p1} share the win").
UNCHANGED = frozenset({"and", "share", "win", "will"})

#: A seat's name, as a possessive ("{p0}'s") or followed by its next word ("{p0} builds").
_MENTION = re.compile(r"\{p(\d+)\}(?:('s)|(?= ([a-z]+)\b))?")
#: Ends a sentence: what follows starts with a capital.
_SENTENCE_END = re.compile(r"[.!?]\s+$")
#: Ends the stretch in which "their" may refer back to the seat named last.
_CLAUSE_END = re.compile(r"[.!?;:]")
_THEIR = re.compile(r"\btheir\b")
#: A second verb of the same subject: "... and lays it on the map".
_AND_VERB = re.compile(r"(\band )([a-z]+)\b")


def count(n: int, one: str, many: Optional[str] = None) -> str:
    """"1 veto", "2 vetoes", "0 castles": a number with its noun in the right number."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def _plain(chunk: str, reader_named_last: bool, reader_acts: bool) -> str:
    """Text between two names, up to the end of its clause, when the reader was named last.

    "their" then means the reader ("{p0} lays their tile" -> "You lay your tile"), and when the
    reader is the one acting, the verbs it goes on to ("... and lays it on the map") agree with "you".
    """
    if not reader_named_last:
        return chunk
    end = _CLAUSE_END.search(chunk)
    cut = end.start() if end else len(chunk)
    head = _THEIR.sub("your", chunk[:cut])
    if reader_acts:
        head = _AND_VERB.sub(lambda m: f"{m.group(1)}{VERBS[m.group(2)]}" if m.group(2) in VERBS else m.group(0), head)
    return head + chunk[cut:]


@lru_cache(maxsize=8192)
def as_seen_by(text: str, seat: Optional[int]) -> str:
    """A log line as `seat` reads it: its own name becomes "you"/"your" and its verbs agree.

    None (a spectator) reads every line as written, and so does a seat the line does not name.
    """
    if seat is None or f"{{p{seat}}}" not in text:
        return text
    me = str(seat)
    out = []
    reader_named_last = reader_acts = False
    pos = 0
    for match in _MENTION.finditer(text):
        out.append(_plain(text[pos:match.start()], reader_named_last, reader_acts))
        pos = match.end()
        reader_named_last = match.group(1) == me
        reader_acts = False
        if not reader_named_last:
            out.append(match.group(0))
            continue
        capital = _starts_sentence("".join(out))
        if match.group(2):
            out.append("Your" if capital else "your")
            continue
        out.append("You" if capital else "you")
        word = match.group(3)
        if word in VERBS:
            out.append(" " + VERBS[word])
            pos += 1 + len(word)
            reader_acts = True
    out.append(_plain(text[pos:], reader_named_last, reader_acts))
    return "".join(out)


def _starts_sentence(before: str) -> bool:
    return not before.strip() or bool(_SENTENCE_END.search(before))
