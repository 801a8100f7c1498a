"""`python -m game watch`: the pictures it writes show the game unfolding, not one frame many times."""

from __future__ import annotations

import hashlib

from game.app.watch import watch


def test_watch_never_writes_the_same_picture_twice(tmp_path, capsys):
    # We Will Wok You's scored placement stays up 20 s for reading: written again
    # at every interval it made 10 of 14 pictures the same final frame.
    assert watch("wewillwokyou", 2, 1, str(tmp_path), every=120, size=(640, 360)) == 0
    shots = sorted(tmp_path.glob("*.png"))
    digests = [hashlib.sha256(p.read_bytes()).hexdigest() for p in shots]
    assert len(shots) >= 3, capsys.readouterr().out
    assert len(set(digests)) == len(digests), f"{len(digests) - len(set(digests))} repeated pictures of {len(shots)}"
