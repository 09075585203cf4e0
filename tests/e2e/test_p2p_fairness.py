"""The fairness check: honest games pass (see the other p2p tests); a host that plays
another seed than the fair one, or reveals a doctored log, is caught by the guest's
own replay, which names the step that failed."""
from contextlib import nullcontext

from p2p_helpers import connect, host_table, launch, new_page, play_all_through_tables, wait_fair


def play_tampered(host, guest, site_url, tamper, seed):
    host_table(host, site_url, "kings-progress", ["human", "remote"], names=["Hana", "guest"])
    host.evaluate(f"window.parlourNet.host.tamper.{tamper} = true")
    connect(host, guest, 1, "Gus")
    play_all_through_tables([host, guest], seed=seed)
    return wait_fair(guest)


def test_p2p_fairness_check_catches_tampered_seed_and_log(pw, site_url, artifacts):
    with nullcontext(pw) as p:
        browsers = [launch(p) for _ in range(2)]
        host, guest = (new_page(b) for b in browsers)
        fair, text = play_tampered(host, guest, site_url, "seed", 11)
        print(text)
        assert fair == "failed" and "the seed is SHA-256" in text, text
        guest.screenshot(path=str(artifacts / "p2p-fairness-failed.png"))
        fair, text = play_tampered(host, guest, site_url, "log", 12)
        print(text)
        assert fair == "failed" and ("every move replays" in text or "matches the replay" in text), text
        for b in browsers:
            b.close()
