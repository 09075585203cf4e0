"""Every registered game has its rules written for players (docs/rules/<game-id>.md), with
its developers' notes apart (docs/rules/readings/<game-id>.md), and the build turns the
players' rules, with their pictures, into the pages the site's Rules dialog shows."""
import html
import re
import sys
from pathlib import Path

import pytest

from parlour import games

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
READINGS = RULES / "readings"
PICTURES = RULES / "pictures"

#: What a players' rules text must not carry: it belongs in docs/rules/readings/.
ENGINEERING = {
    "a source path": re.compile(r"\bpy/|\.py\b|\bjs/|\btests/"),
    "a test name": re.compile(r"\btest_"),
    "a JSON move format": re.compile(r"\{\s*\"type\""),
    "benchmark figures": re.compile(r"\bbench", re.I),
    "a field or code name in backticks": re.compile(r"`[^`]+`"),
    "a reading written as a decision": re.compile(r"\bDecision\b|\bOpen point\b|\bthe engine\b|\bdeterminize", re.I),
}

#: The sections a newcomer needs, as second-level headings (a pattern each, matched at the heading's start).
SECTIONS = {
    "what you are trying to do": r"The aim\b",
    "setting up": r"Setting up\b",
    "a turn": r"A (turn|round)\b",
    "scoring": r"Scoring\b",
    "the ending": r"The end\b",
}


def players_rules(game_id):
    return (RULES / f"{game_id}.md").read_text(encoding="utf-8")


def sections(text):
    """Second-level headings, each with the text under it up to the next one."""
    parts = re.split(r"^## +(.+)$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


@pytest.mark.parametrize("game_id", games.ids())
def test_every_registered_game_has_a_rules_doc(game_id):
    doc = RULES / f"{game_id}.md"
    assert doc.is_file(), f"{game_id} is registered but has no {doc.relative_to(ROOT)}"
    assert doc.read_text(encoding="utf-8").startswith("# "), f"{doc.name} should open with its title as a heading"


def test_the_build_turns_each_doc_into_a_rules_page(tmp_path):
    """Headings, tables, two-space nested lists; and the same bytes twice (build.py is reproducible)."""
    sys.path.insert(0, str(ROOT))
    import build
    first = build.build_rules(tmp_path / "a")
    second = build.build_rules(tmp_path / "b")
    assert {p.stem for p in first} >= set(games.ids())
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes(), a.name
        page = a.read_text(encoding="utf-8")
        title = (RULES / f"{a.stem}.md").read_text(encoding="utf-8").splitlines()[0][2:]
        assert f'<article class="rules" data-game="{a.stem}"' in page
        assert re.search(r"<h1>(.*?)</h1>", page).group(1) == html.escape(title, quote=False)
        assert "<h2>" in page and "<script" not in page
    cottage = (tmp_path / "a" / "kings-cottage.html").read_text(encoding="utf-8")
    assert re.search(r"<li><strong>Ace to 5:</strong> you must build it\.<ul>", cottage), "nested list flattened"
    assert "<table>" in (tmp_path / "a" / "kings-progress.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", games.ids())
def test_players_rules_carry_no_engineering_matter(game_id):
    text = players_rules(game_id)
    for what, pattern in ENGINEERING.items():
        found = pattern.search(text)
        assert not found, (f"{game_id}.md carries {what} ({found.group(0)!r}): "
                           f"move it to docs/rules/readings/{game_id}.md")


@pytest.mark.parametrize("game_id", games.ids())
def test_players_rules_have_every_section_a_newcomer_needs(game_id):
    found = sections(players_rules(game_id))
    for need, pattern in SECTIONS.items():
        assert any(re.match(pattern, h) for h in found), f"{game_id}.md has no section on {need} (## {pattern})"
    scoring = next(body for h, body in found.items() if re.match(SECTIONS["scoring"], h))
    assert "**Example" in scoring, f"{game_id}.md: the scoring section needs a worked example"


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_has_a_readings_file_linking_its_players_rules(game_id):
    readings = READINGS / f"{game_id}.md"
    assert readings.is_file(), f"{game_id} has no {readings.relative_to(ROOT)} (its readings and implementation notes)"
    text = readings.read_text(encoding="utf-8")
    assert text.startswith("# "), f"{readings.name} should open with its title as a heading"
    head = "\n".join(text.splitlines()[:8])
    assert f"(../{game_id}.md)" in head, f"readings/{readings.name} should link the players' rules near the top"


@pytest.mark.parametrize("game_id", games.ids())
def test_every_picture_in_the_rules_exists_and_says_what_it_shows(game_id):
    for alt, src in re.findall(r"!\[([^\]]*)\]\(([^)\s]+)\)", players_rules(game_id)):
        assert src.startswith("pictures/") and src.endswith(".svg"), f"{game_id}.md: {src} is not in pictures/"
        assert (RULES / src).is_file(), f"{game_id}.md shows {src}, which does not exist"
        assert len(alt.split()) >= 4, f"{game_id}.md: {src} needs an alt text that says what it shows"


@pytest.mark.parametrize("picture", sorted(p.name for p in PICTURES.glob("*.svg")))
def test_rules_pictures_hold_nothing_the_site_policy_refuses(picture):
    """Drawn with presentation attributes only: no style (the site's policy allows no inline style),
    no script or handler, no outside address."""
    text = (PICTURES / picture).read_text(encoding="utf-8")
    assert text.startswith("<svg") and "<title>" in text
    assert not re.search(r"<(script|style|foreignObject|image)\b|\sstyle=|\son\w+=|href=", text, re.I), picture


def test_the_build_shows_the_pictures_and_leaves_the_readings_out(tmp_path):
    sys.path.insert(0, str(ROOT))
    import build
    pages = build.build_rules(tmp_path)
    assert {p.stem for p in pages} == {p.stem for p in RULES.glob("*.md")}  # no page from readings/
    shown = set()
    for page in pages:
        for src in re.findall(r'<img [^>]*src="([^"]+)"', page.read_text(encoding="utf-8")):
            assert src.startswith("rules/pictures/"), src  # the dialog shows the article inside the site's page
            assert (tmp_path / src.removeprefix("rules/")).is_file(), src
            shown.add(src)
    assert len(shown) >= len(games.ids())  # a picture for every title at least
