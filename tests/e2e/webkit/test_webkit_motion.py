"""A whole game of The King's Progress in WebKit with its pieces sliding: a MiniBrowser that does not
prefer reduced motion, so every move runs the motion layer (js/board/motion.js, js/board/animate.js)
in Safari's engine.  The other titles' whole games are played at rest (test_webkit_games.py)."""
from test_webkit_games import SLIDING, play_whole_game


def test_webkit_kings_progress_whole_game_with_its_pieces_sliding(wk_page, webkit_site, artifacts):
    assert wk_page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") is False, \
        "this MiniBrowser prefers reduced motion: nothing would slide"
    play_whole_game(wk_page, webkit_site, artifacts, SLIDING)
