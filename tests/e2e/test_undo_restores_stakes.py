"""Undo gives back what was entered, and speaks to the person holding the device (issue 26, item 15).

King's Cottage, two people: Alex sends secret stakes, then takes them back on the privacy screen; the
stakes form comes back as Alex sent it (not at zeros), and the notice says "your last move" to Alex.
"""
from clicking import start_game, wait_settled
from tabs import PLAIN

#: the stakes Alex sends: each house's choice, adding up to zero
STAKES = {"crowns": 2, "arms": -1, "suns": 1, "moons": -2}
CHECKED = """() => Object.fromEntries([...document.querySelectorAll('.kc-stake')].map((set) =>
  [set.dataset.house, Number(set.querySelector('input:checked')?.value ?? NaN)]))"""


def test_undo_of_secret_stakes_restores_them_and_says_your_last_move(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    start_game(page, site_url, "kings-cottage", ["human", "human"], query="botDelay=0&seed=7", names=["Alex", "Ada"])
    assert wait_settled(page) == "privacy"
    assert "Alex" in page.locator("#reveal").inner_text()
    page.click("#reveal")
    assert wait_settled(page) == "move"
    for house, stake in STAKES.items():
        page.click(f".kc-stake[data-house='{house}'] input[data-stake='{stake}']", force=True)
    assert page.evaluate(CHECKED) == STAKES
    page.click("#kc-invest-submit")
    assert wait_settled(page) == "privacy"
    page.locator("#privacy-undo").wait_for(state="visible", timeout=5000)
    page.click("#privacy-undo")
    page.get_by_text("Your last move was taken back.").wait_for()
    assert page.get_by_text("Alex's last move").count() == 0
    assert wait_settled(page) == "move"
    page.wait_for_function("document.querySelector('#kc-invest-submit') && !document.querySelector('#kc-invest-submit').disabled")
    assert page.evaluate(CHECKED) == STAKES  # as sent, ready to change or send again
    page.screenshot(path=str(artifacts / "undo-restores-stakes.png"))
    context.close()
