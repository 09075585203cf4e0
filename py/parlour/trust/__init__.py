"""What a network guest trusts, and why: the code every guest's own device runs to check a host.

The host of a network table runs the engine, so only what a guest's own device
checks can make a verdict (docs/p2p.md).  This package holds all of it, apart
from the games:

- `canonical`: the one spelling of everything hashed or signed (the same bytes
  as js/net/canonical.js);
- `signatures`: ECDSA P-256 verification (the same statements as js/net/keys.js);
- `replay`: the one replay of a finished game every check uses;
- `seats`: who held each seat, with which key, and what a guest may hold the host to;
- `fairness`: the guest's end-of-game check, whose verdict rests only on the
  guest's own record and on signatures it verified.

It imports the registry, the contract and the bots, never a game's internals.
"""
