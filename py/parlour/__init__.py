"""Parlour: rules engines for piecepack and other tabletop games, as pure functions over JSON."""
from . import games
from .errors import BadOptions, BadRequest, IllegalAction, ParlourError

__version__ = "0.1.0"
__all__ = ["games", "IllegalAction", "BadOptions", "BadRequest", "ParlourError", "__version__"]
