"""Tables played by sending links (issue 43), headless: the real host and guest tables (js/tables/) over the
correspondence transport (js/net/mail-*.js), under node with the CPython engine.  A postman carries each link a
side shows to the other (tests/adversary/harness.mjs `byLinks`): nothing else passes between the devices, and each
device keeps only what its own storage holds.  Every title plays a whole game this way, with bots in some seats,
a 4-seat table with one bot, a reload of the guest's page before every link it opens, of the host's before every
link it opens, and of the guest's whenever it is to move with no link to open (back from the lobby's list); every
guest's own end check must say "Verified fair", with the same table code.

Replay one with
    node --import ./tests/adversary/register.mjs tests/adversary/by-links.mjs '[{"game": "castles", ...}]'
"""
import json
import subprocess

import pytest

from test_adversarial_fuzz import REGISTER, ROOT, env, node

BY_LINKS = ROOT / "tests" / "adversary" / "by-links.mjs"

TABLES = [
    {"game": "kings-progress", "seats": ["remote", "bot", "remote", "remote"], "seed": 1, "reloadGuests": True},
    {"game": "kings-cottage", "seats": ["bot", "remote", "remote"], "seed": 3, "reloadHost": True},
    {"game": "castles", "seats": ["remote", "bot"], "seed": 4, "reloadHost": True, "reloadGuests": True},
    {"game": "mansion", "seats": ["remote", "bot", "remote"], "seed": 5, "reloadBeforeMoves": True},
    {"game": "one-six-nine", "seats": ["remote", "remote", "bot", "remote"], "seed": 6},
]


@pytest.fixture(scope="module")
def played():
    proc = subprocess.run([node(), "--import", str(REGISTER), str(BY_LINKS), json.dumps(TABLES)], cwd=ROOT,
                          capture_output=True, text=True, timeout=900, env=env())
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    runs = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert len(runs) == len(TABLES), proc.stdout[-3000:] + proc.stderr[-3000:]
    return {(r["game"], tuple(r["seats"])): r for r in runs}


@pytest.mark.parametrize("table", TABLES, ids=[t["game"] for t in TABLES])
def test_correspondence_a_whole_game_by_link_is_verified_fair_for_every_guest(played, table):
    r = played[(table["game"], tuple(table["seats"]))]
    assert not r["stopped"] and r["over"] and r["moves"] > 0, r
    assert not r["errors"] and not r["consoleErrors"], (r["errors"], r["consoleErrors"])
    guests = [i for i, k in enumerate(table["seats"]) if k == "remote"]
    codes = set()
    for seat in guests:
        v = r["verdicts"][str(seat)]
        assert v and v["ok"] and v["fair"] == "ok", v
        assert v["text"].startswith("Verified fair"), v["text"]
        codes.add(v["text"].split("Table code ")[1].split(" ")[0])
    assert len(codes) == 1, codes  # every guest made the same table code
    links = r["links"]
    assert links["toHost"] and links["toGuests"], links
    print(f"{table['game']}: {len(links['toGuests'])} links to guests, {len(links['toHost'])} to the host; longest "
          f"{max(links['toGuests'])} and {max(links['toHost'])} characters")


@pytest.mark.parametrize("table", TABLES, ids=[t["game"] for t in TABLES])
def test_correspondence_a_moves_round_trip_by_link_is_at_most_2000_characters(played, table):
    """The host's longest link before the end and a guest's longest, added, in these reloading games too (a
    host reloaded between links once made every event the change from an ever older one)."""
    links = played[(table["game"], tuple(table["seats"]))]["links"]
    during = list(links["toGuests"])
    for n in links.get("afterEnd", []):
        during.remove(n)
    assert max(during) + max(links["toHost"]) <= 2000, (max(during), max(links["toHost"]), sorted(during)[-5:])


SWITCH = ROOT / "tests" / "adversary" / "switch.mjs"


@pytest.mark.parametrize("table", [
    {"game": "kings-progress", "seed": 3, "toLinks": 6, "toLive": 24},
    {"game": "kings-cottage", "seed": 4, "toLinks": 2, "toLive": 14},
], ids=["kings-progress", "kings-cottage"])
def test_correspondence_a_seat_moves_from_live_to_links_and_back_without_losing_a_move(table):
    """A network table (host, two guests, a bot): at one move the host gives seat 2 a rejoin invite by link and its
    device goes on by links; later a live rejoin invite brings it back over the network.  Every move is played,
    and both guests' own checks say "Verified fair" with one table code (tests/adversary/switch.mjs)."""
    proc = subprocess.run([node(), "--import", str(REGISTER), str(SWITCH), json.dumps(table)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, env=env())
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    r = json.loads(proc.stdout.splitlines()[-1])
    assert not r["stopped"] and r["over"], r
    assert not r["errors"] and not r["consoleErrors"] and not r["info"]["errors"], r
    info = r["info"]
    assert info["switchedToLinks"] is not None and info["switchedToLive"] is not None and info["linksCarried"] >= 4, info
    codes = set()
    for seat in ("1", "3"):
        v = r["verdicts"][seat]
        assert v and v["ok"] and v["fair"] == "ok", v
        codes.add(v["text"].split("Table code ")[1].split(" ")[0])
    assert len(codes) == 1, codes
