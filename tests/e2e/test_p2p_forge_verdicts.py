"""Issue 42 in the browser: what a guest's screen says when the host breaks the protocol near the end.

A `fair` (the host's end-of-game record) sent before the game ended on the guest's screen is the host's breach: the
guest's verdict says "Not verified" with the reason, in the result dialog (issue 42, G), instead of a check that
never reaches the screen."""
from p2p_helpers import hosted_devices, play_some, wait_fair

#: the host's page sends every guest a made-up end-of-game record while the game is still on
FAIR_TOO_EARLY = """() => { const h = window.parlourNet.host;
  for (const c of h.conns) if (c.hello) c.link.send({ t: "fair", secret: "x", seed: h.seed, entropy: [], seals: {}, actions: [],
    reveals: [], bots: [], control: [], keys: [], forfeits: [] }); }"""


def test_p2p_forge_a_fair_before_the_game_over_shows_not_verified(pw, site_url, artifacts):
    with hosted_devices(pw, site_url) as (host, guest):
        play_some([host, guest], 3)
        host.evaluate(FAIR_TOO_EARLY)
        fair, text = wait_fair(guest)
        assert fair == "failed", text
        assert text.startswith("Not verified: the host broke the table's protocol"), text
        assert "before the game ended on your screen" in text and "The host's device is responsible" in text, text
        assert guest.locator("#result h2").inner_text() == "This table has ended"
        guest.screenshot(path=str(artifacts / "p2p-forge-fair-too-early.png"))
        assert not guest.errors, guest.errors
