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
