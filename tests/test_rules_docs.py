"""Every registered game has its rules written down (docs/rules/<game-id>.md), and
the build turns them into the rules pages the site's Rules dialog shows."""
import html
import re
import sys
from pathlib import Path

import pytest

from parlour import games

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"


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
