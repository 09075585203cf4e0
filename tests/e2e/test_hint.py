"""The hint button at a local table: the Hard bot's choice is pointed at on the board
(or filled into a form), nothing is played for the person, and the table plays on."""
from clicking import start_game, wait_settled
from tabs import DESKTOP, PHONE


def ask_hint(page):
    page.click("#hint")
    page.wait_for_selector(".toast.info:has-text('Hint:')", timeout=60_000)
    return page.locator(".toast.info").last.inner_text()


def test_hint_points_at_the_hard_bots_move(page, site_url, artifacts):
    start_game(page, site_url, "kings-progress", ["human", "bot"], names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    version = page.evaluate("document.querySelectorAll('.log li').length")
    text = ask_hint(page)
    assert "marked in blue" in text, text
    hinted = page.locator("#board .hinted")
    assert hinted.count() >= 1
    page.screenshot(path=str(artifacts / "hint-kings-progress.png"))
    # nothing was played for the person
    assert page.evaluate("document.querySelectorAll('.log li').length") == version
    assert page.locator("#table").get_attribute("data-phase") == "move"
    # playing the hinted move: its piece (if any), then its place
    piece = page.locator("#board [data-piece].hinted")
    if piece.count():
        piece.first.click()
    target = page.locator("#board [data-target].hinted.legal")
    if target.count():
        target.first.click()
    page.wait_for_function(f"document.querySelectorAll('.log li').length > {version}", timeout=60_000)
    assert not page.errors, page.errors


def test_hint_fills_a_form_without_sending_it(page, site_url):
    start_game(page, site_url, "mansion", ["human", "bot"], names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    page.locator("#mn-bid").wait_for()
    ask_hint(page)
    values = page.locator("#mn-bid output[data-value]").evaluate_all("els => els.map(e => Number(e.textContent))")
    assert sum(values) <= 5 and page.locator("#mn-bid").count() == 1, values
    assert page.locator("#table").get_attribute("data-phase") == "move"
    page.click("#mn-bid .form-submit")
    page.wait_for_selector(".log li:has-text('You bid')", timeout=60_000)
    assert not page.errors, page.errors


def test_no_hint_at_network_tables(page, site_url):
    start_game(page, site_url, "kings-progress", ["human", "remote"], query="botDelay=0&seed=11&ice=")
    page.wait_for_selector(".p2p-host")
    assert page.locator("#hint").count() == 0


#: the boxes of the newest hint note and of every piece and place it points at (CSS px)
NOTE_AND_HINTED = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}; };
  const notes = [...document.querySelectorAll('.toast.info')];
  return {note: box(notes[notes.length - 1]), hinted: [...document.querySelectorAll('#board .hinted')].map(box)};
}"""


def overlapping(a, b):
    return min(a["x1"], b["x1"]) > max(a["x0"], b["x0"]) and min(a["y1"], b["y1"]) > max(a["y0"], b["y0"])


def assert_note_clear_of_hint(page, where, artifacts):
    """Ask for a hint and check its note covers none of what it points at."""
    # an earlier hint's note goes first, so the next is measured alone: taken away as its 3.5 s would (js/common/dom.js
    # toast), not waited out (up to 14 s of this test's 21)
    page.evaluate("document.querySelectorAll('#toasts .toast.info').forEach((note) => note.remove())")
    assert "marked in blue" in ask_hint(page)
    page.locator("#board .hinted").first.wait_for()
    boxes = page.evaluate(NOTE_AND_HINTED)
    page.screenshot(path=str(artifacts / f"hint-note-{where}.png"))
    assert boxes["hinted"], f"{where}: nothing is marked"
    covered = [b for b in boxes["hinted"] if overlapping(boxes["note"], b)]
    assert not covered, f"{where}: the hint's note {boxes['note']} covers {covered}"


def play_past(page, phases):
    """Play the first listed move through the table while the game's phase is one of `phases`."""
    while page.evaluate("window.parlour.table.liveSnap.view.phase") in phases:
        page.evaluate("() => { const t = window.parlour.table; t.onAction(t.liveSnap.legal[0]); }")
        assert wait_settled(page, 60_000) == "move"


def test_the_hint_note_never_covers_the_pieces_it_points_at(context_for, site_url, artifacts):
    for size, options in (("desktop", DESKTOP), ("phone", PHONE)):
        page = context_for(options)
        start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3")
        assert wait_settled(page, 120_000) == "move"
        assert_note_clear_of_hint(page, f"kings-progress-city-{size}", artifacts)
        play_past(page, ("city", "city_veto"))  # on to the coin row: investments
        assert_note_clear_of_hint(page, f"kings-progress-coins-{size}", artifacts)
        start_game(page, site_url, "kings-cottage", ["human", "bot"], query="botDelay=0&seed=3", in_app=True)
        assert wait_settled(page, 120_000) == "move"
        play_past(page, ("invest",))  # the stakes are a form; then pieces are placed from the tray
        assert_note_clear_of_hint(page, f"kings-cottage-{size}", artifacts)
        assert not page.errors, page.errors


def test_hint_notes_come_one_at_a_time_and_the_picked_piece_is_no_longer_marked(page, site_url):
    """Each press of Hint replaced its note rather than stacking another over the board; once the hinted piece
    is picked up, only its place stays marked (the half-move already made is not pointed at again)."""
    start_game(page, site_url, "kings-progress", ["human", "bot"], names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    for _ in range(3):
        ask_hint(page)
        page.wait_for_function("document.getElementById('hint').textContent === 'Hint'")  # this press's note is in
    assert page.locator("#toasts .toast[data-key='hint']").count() == 1
    piece = page.locator("#board [data-piece].hinted")
    if piece.count():
        piece.first.click()
        page.locator("#board [data-piece].selected").first.wait_for()
        assert page.locator("#board [data-piece].hinted").count() == 0
        assert page.locator("#board [data-target].hinted").count() >= 1
    assert not page.errors, page.errors
