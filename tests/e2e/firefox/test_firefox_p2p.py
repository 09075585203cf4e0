"""A network game across browsers: a Chromium host (Playwright) and a Firefox guest meet
through the real invite link and answer code, with no ICE servers, and play King's Progress
to the end by clicking; the Firefox guest's own engine then checks the whole game."""
import json
import random
import time

from firefox_play import assert_clean
from p2p_helpers import PHASE, click_once, host_table, invite_link, launch, new_page, paste_answer

#: the answer code as the Chromium host decodes it (the fingerprint as its length)
DECODE = """(code) => import(new URL('/js/net/signal-codec.js', location.href).href).then((m) => {
  const s = m.decodeSignal(code);
  return {...s, fingerprint: s.fingerprint.length};
})"""
FAIR = "['ok', 'moves', 'failed'].includes(document.querySelector('#fairness')?.dataset.fair)"
GAME_S = 300


def firefox_answer(guest, link, name):
    """Open the invite link in Firefox, give a name, return the answer code shown."""
    guest.goto("about:blank")
    guest.goto(link)
    guest.wait_for_selector("#join-name", 90_000)
    guest.fill("#join-name", name)
    guest.click("#join-go")
    guest.wait_for_selector("textarea.answer-code", 90_000)
    return guest.value("textarea.answer-code")


def play_across(host, guest, seed=4):
    """Click on whichever browser has a move until both show the result; returns clicks."""
    rng = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + GAME_S
    while time.monotonic() < deadline:
        phases = host.evaluate(PHASE), guest.evaluate(PHASE)
        if phases == ("over", "over"):
            return clicks
        moved = False
        if phases[0] in ("move", "interlude") and click_once(host, rng):
            moved, clicks = True, clicks + 1
        if phases[1] in ("move", "interlude"):
            step = guest.step(settle_ms=0)
            if step["did"]:
                moved, clicks = True, clicks + 1
        if not moved:
            time.sleep(0.05)
    raise AssertionError(f"the game did not end; phases {host.evaluate(PHASE)}, {guest.evaluate(PHASE)}")


def test_firefox_guest_joins_a_chromium_host_and_plays_to_the_end(pw, firefox, site_url, artifacts):
    chromium = launch(pw)
    guest = firefox.new_page()
    try:
        host = new_page(chromium)
        host_table(host, site_url, "kings-progress", ["human", "remote"], names=["Hana", "guest"])
        link = invite_link(host, 1)
        code = firefox_answer(guest, link, "Fox")
        answer = host.evaluate(DECODE, code)
        assert answer["answer"] and answer["seat"] == 1 and answer["fingerprint"] == 32
        assert answer["candidates"], f"Firefox's answer carries no candidate: {answer}"
        guest.screenshot(str(artifacts / "firefox-p2p-answer.png"))
        t0 = time.monotonic()
        paste_answer(host, 1, code)
        guest.wait_for_selector(".p2p-guest", 30_000)
        host.wait_for_selector(".p2p-seat[data-seat='1'][data-state='connected']", timeout=30_000)
        connect_s = time.monotonic() - t0
        clicks = play_across(host, guest)
        host.locator("#result").wait_for()
        guest.wait_for_function(FAIR, 90_000)
        assert guest.evaluate("document.querySelector('#fairness').dataset.fair") == "ok", guest.text("#fairness")
        guest.screenshot(str(artifacts / "firefox-p2p-guest-result.png"))
        assert not host.errors, host.errors
        assert_clean(guest)
        print(f"Chromium host + Firefox guest: link {len(link)} chars, answer {len(code)} chars "
              f"({len(answer['candidates'])} candidates: {[c['type'] + '/' + str(c['family']) for c in answer['candidates']]}), "
              f"connected in {connect_s:.1f} s, {clicks} clicks")
    finally:
        guest.close()
        chromium.close()


#: the host's side of js/net/peer.js in a page: an invitation whose code is returned
MAKE_INVITE = """(async () => {
  const peer = await import(new URL('/js/net/peer.js', location.href).href);
  window.testInvite = new peer.Invitation({seat: 1, kind: 0, iceServers: []});
  return window.testInvite.prepare();
})()"""
#: the host takes the answer code and says hello over the channel
ACCEPT_AND_SEND = """(async () => {
  const channel = await window.testInvite.accept(%s);
  channel.send(%s);
  return channel.readyState;
})()"""
#: the guest's side: answer the invite code, keep what arrives on the channel
ANSWER = """(async () => {
  const peer = await import(new URL('/js/net/peer.js', location.href).href);
  const answer = await peer.answerInvitation(%s, [], []);
  window.testReceived = [];
  answer.open.then((channel) => channel.addEventListener('message', (e) => window.testReceived.push(e.data)));
  return answer.code;
})()"""
RECEIVED = "window.testReceived?.length ? window.testReceived : null"
#: a page of the site that runs nothing of its own (Python need not start): the codes only need its origin,
#: and the modules are imported from the site's root (where the tests serve it)
PEER_PAGE = "rules/kings-progress.html"


def open_channel(host_eval, guest_eval, guest_wait, greeting):
    """Invite code from the host, answer code from the guest, a message across; returns both codes."""
    invite = host_eval(MAKE_INVITE)
    answer = guest_eval(ANSWER % json.dumps(invite))
    assert host_eval(ACCEPT_AND_SEND % (json.dumps(answer), json.dumps(greeting))) == "open"
    assert guest_wait(RECEIVED) == [greeting]
    return invite, answer


def test_firefox_codes_open_channels_both_ways_with_chromium(pw, firefox, site_url):
    """Firefox's own offer and answer, packed by js/net/signal-codec.js, are understood by Chromium and by
    Firefox itself: a Firefox host with a Chromium guest, and a Firefox host with a Firefox guest."""
    chromium = launch(pw)
    fox_host, fox_guest = firefox.new_page(), firefox.new_page()
    try:
        chrome = new_page(chromium)
        for page in (chrome, fox_host, fox_guest):
            page.goto(site_url + PEER_PAGE)
        codes = open_channel(fox_host.evaluate, chrome.evaluate,
                             lambda e: chrome.wait_for_function(f"() => {e}", timeout=30_000).json_value(), "firefox to chromium")
        decoded = [chrome.evaluate(DECODE, code) for code in codes]
        assert [d["answer"] for d in decoded] == [False, True]
        assert decoded[0]["candidates"], "Firefox's invite carries its candidates"
        assert {c["family"] for c in decoded[0]["candidates"]} <= {0, 1, 2}
        open_channel(fox_host.evaluate, fox_guest.evaluate, lambda e: fox_guest.wait_for_function(e, 30_000),
                     "firefox to firefox")
        for page in (fox_host, fox_guest):
            assert_clean(page)
        assert not chrome.errors, chrome.errors
        print(f"Firefox invite {len(codes[0])} chars ({[c['type'] + '/' + str(c['family']) for c in decoded[0]['candidates']]}),"
              f" Chromium answer {len(codes[1])} chars")
    finally:
        fox_host.close()
        fox_guest.close()
        chromium.close()
