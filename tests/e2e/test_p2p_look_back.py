"""Replay last moves at a network table: the host steps back through the moves since its own
(its engine holds the table: `view_back`), a guest has no such control (it holds no engine table
of the game, js/tables/look-back.js).  And a guest's move shows on its board before the host
answers, as at a table on this device (js/board/pending.js)."""
import random
import time

from p2p_helpers import PHASE, click_once, hosted_pair, play_some

MARKED = "() => [...document.querySelectorAll('#board .last-move')].map(e => e.getAttribute('data-key'))"
#: what the guest's board showed first after each click that sent a move: a pending mark or the host's new board
FIRST_SIGN = """() => {
  window.firstSigns = [];
  let open = false;
  addEventListener('click', (e) => { if (e.target.closest && e.target.closest('#board')) open = true; }, true);
  new MutationObserver((records) => {
    if (!open) return;
    for (const r of records) {
      const pending = r.type === 'attributes' && r.target.hasAttribute('data-pending');
      const redrawn = r.type === 'childList' && r.target.id === 'board' && r.addedNodes.length;
      if (!pending && !redrawn) continue;
      open = false;
      // a piece picked up redraws the board at once too: that click sent no move
      if (!pending && document.querySelector('#board [data-piece].selected')) return;
      window.firstSigns.push(pending ? 'pending' : 'redrawn');
      return;
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-pending']});
}"""


def until_phase(page, other, phase="move", timeout_s=60):
    """Let the other side play until `page` is in `phase`."""
    rng = random.Random(5)
    deadline = time.time() + timeout_s
    while page.evaluate(PHASE) != phase:
        assert time.time() < deadline, f"never reached {phase}"
        if other.evaluate(PHASE) == "move":
            click_once(other, rng)
        time.sleep(0.05)


def test_the_host_steps_back_and_a_guest_sees_its_move_at_once(pw, site_url, artifacts):
    browsers, host, guest = hosted_pair(pw, site_url)
    try:
        host.wait_for_selector(".kp-board", timeout=60_000)
        guest.wait_for_selector(".kp-board", timeout=60_000)
        guest.evaluate(FIRST_SIGN)
        play_some([host, guest], 6, seed=4)
        until_phase(host, guest)
        signs = guest.evaluate("() => window.firstSigns")
        assert signs and all(s == "pending" for s in signs), signs  # every move the guest sent showed at once

        back = host.locator("#look-back-prev")
        assert back.is_visible() and back.is_enabled(), "the host is offered the moves since its own"
        live_marks = host.evaluate(MARKED)
        back.click()
        host.wait_for_function("() => document.querySelector('#table').dataset.phase === 'review'")
        banner = host.locator("#look-back-banner")
        assert banner.is_visible() and "since" in banner.inner_text(), banner.inner_text()  # "Move k of n since your last turn"
        assert host.locator(".log li.last-move").count() >= 1, "the move shown is marked in the log (and on the board if it moved a piece)"
        assert host.locator("#board .legal").count() == 0, "a past position takes no clicks"
        host.screenshot(path=str(artifacts / "p2p-host-look-back.png"))
        host.keyboard.press("Escape")
        host.wait_for_function("() => document.querySelector('#table').dataset.phase === 'move'")
        assert not banner.is_visible()
        host.wait_for_function("() => !document.querySelector('#board[data-animating]')")
        assert host.evaluate(MARKED) == live_marks, "back on the live board, its last move marked again"
        assert host.locator("#board .legal").count() > 0

        assert guest.locator(".look-back").count() == 0, "a guest holds no engine table to step back with"
        for page in (host, guest):
            assert not page.errors, page.errors
    finally:
        for b in browsers:
            b.close()
