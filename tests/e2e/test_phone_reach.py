"""On a phone, what a tap opens comes into sight (issue 26, item 13).

Tapping a game card brings "Start game" into view (it is about 900 px below the cards); the move log sits
right under the board, a few lines high, with "Show all"; and picking a Mansion card whose floor must be
chosen brings the lit floors into sight (the shared table code does it for every game).
"""
from clicking import click_randomly, start_game, wait_settled

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: whether any part of the element `selector` names is inside the window
IN_SIGHT = """(selector) => [...document.querySelectorAll(selector)].some((el) => {
  const b = el.getBoundingClientRect();
  return b.bottom > 0 && b.top < innerHeight && b.right > 0 && b.left < innerWidth;
})"""
#: the gap between the board's bottom and the move log panel's top, CSS px
LOG_GAP = """() => document.querySelector('#table .moves-panel').getBoundingClientRect().top
  - document.getElementById('board').getBoundingClientRect().bottom"""
#: the most room between board and log: the grid's gap, nothing else in between
MOST_LOG_GAP = 24


def test_tapping_a_game_card_brings_start_game_into_sight(browser, site_url, artifacts):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{site_url}?botDelay=0")
    page.wait_for_selector("[data-game='mansion']")
    assert not page.evaluate(IN_SIGHT, "#start")
    page.tap("[data-game='mansion']")
    page.wait_for_function(f"({IN_SIGHT})('#start')")
    page.screenshot(path=str(artifacts / "phone-card-tap-start.png"))
    context.close()


def test_the_move_log_sits_under_the_board_on_a_phone(browser, site_url, artifacts):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3")
    assert wait_settled(page) == "move"
    assert 0 <= page.evaluate(LOG_GAP) <= MOST_LOG_GAP
    toggle = page.locator(".moves-toggle")
    assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
    short = page.locator("#table .log").bounding_box()["height"]
    click_randomly(page, seed=1, max_clicks=6)
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true" and toggle.inner_text() == "Show fewer"
    assert page.locator("#table .log").bounding_box()["height"] >= short
    page.screenshot(path=str(artifacts / "phone-log-under-board.png"), full_page=True)
    context.close()


#: a board drawn as every game marks its choices (js/board/chooser.js): a piece at the top picked by a click, its
#: places below the fold, as Mansion's floors are under its card display on a phone; watched by the tables' code
PICK_ON_A_TALL_BOARD = """async () => {
  const { followChoices } = await import('./js/tables/into-view.js');
  const make = (tag, attrs, text) => Object.assign(document.createElement(tag), attrs, { textContent: text });
  const board = make('div', {}, '');
  const spacer = make('div', {}, '');
  spacer.style.height = '3000px';
  board.append(make('button', { className: 'legal' }, 'card'), spacer, make('button', { className: 'legal' }, 'floor 2'));
  board.firstElementChild.dataset.piece = 'card';
  board.lastElementChild.dataset.target = 'floor:2';
  document.body.prepend(board);
  window.scrollTo(0, 0);
  followChoices(board);
  const piece = board.querySelector('[data-piece]');
  piece.addEventListener('click', () => piece.classList.add('selected'));  // the chooser marks the pick first
  return true;
}"""


def test_places_to_choose_come_into_sight_when_a_piece_is_picked(browser, site_url, artifacts):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{site_url}?botDelay=0")
    page.wait_for_selector("[data-game='mansion']")
    page.evaluate(PICK_ON_A_TALL_BOARD)
    assert not page.evaluate(IN_SIGHT, "[data-target='floor:2']")
    page.tap("[data-piece='card']")
    page.wait_for_function(f"({IN_SIGHT})(\"[data-target='floor:2']\")", timeout=5000)
    context.close()
