"""A site's results over time (issue #45, docs/history.md): every collected run kept in a
history (store.py: one immutable file per run version, no lock, no server), read back as
series of matched points (series.py: the product's one noise model, points matched by
configuration identity as `compare` matches them), change points found by a maintained library
and confirmed by a t test within a stated false-alarm budget (changes.py), and the `history`
verb (cli.py, render.py)."""
