"""Typed errors shared by every game, so callers can tell a refused move from a bug."""


class ParlourError(Exception):
    """Base of every error Parlour raises on purpose."""


class IllegalAction(ParlourError):
    """A move the rules refuse. The message is written for the player who tried it."""


class BadOptions(ParlourError):
    """Setup was asked for a player count or option the game does not offer."""


class BadRequest(ParlourError):
    """A request to the JSON facade that is malformed (wrong shape, unknown game, bad JSON)."""
