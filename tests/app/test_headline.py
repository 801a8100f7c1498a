"""The winners' headline is written once (i18n.winners) and every screen that
names the winners says it in those words."""

from __future__ import annotations

import re
from pathlib import Path

from game import i18n

GAME = Path(__file__).resolve().parents[2] / "game"


def test_the_headline_in_each_language():
    try:
        i18n.set_language("fr")
        assert i18n.winners(["Ana"]) == "Ana gagne !"
        assert i18n.winners(["Ana", "Bao"]) == "Ana et Bao gagnent !"
    finally:
        i18n.set_language("en")
    assert i18n.winners(["Ana"]) == "Ana wins!" and i18n.winners(["Ana", "Bao", "Gus"]) == "Ana, Bao, and Gus win!"


def test_no_screen_writes_its_own_headline():
    own = re.compile(r"""["']\{names\} (wins|win|share the win)!?["']""")
    found = [
        f"{p.relative_to(GAME)}:{n}"
        for p in GAME.rglob("*.py")
        if p.name != "i18n.py"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if own.search(line)
    ]
    assert found == [], found
