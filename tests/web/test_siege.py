"""The phone server under each attack of game/web/siege.py (issue 23), against
a seated game on loopback: honest phones keep joining within JOIN_S, every
move sent is applied, the process's open files stay bounded, and the
strangers' sockets are gone soon after they stop. The attacker is a process
of its own; each attack runs a few seconds. The figures are printed for the
note (`python -m game.web.siege` prints the same, at length)."""

from __future__ import annotations

import pytest

from game.web import gate as G
from game.web.siege import ATTACKS, siege
from game.wewillwokyou import GAME as WWWY

pytestmark = pytest.mark.realtime  # it prints frame rates and join times (asserted on counts only)

SECONDS = 5.0
PHONES_FILES = 40  # the honest phones' own client sockets live in this process too


@pytest.mark.parametrize("attack", ATTACKS)
def test_honest_phones_join_and_play_through_the_attack(attack):
    fig = siege(attack, WWWY, SECONDS)
    print(
        f"\n{attack}: joins {fig['joins_ok']}/{fig['joins']} (slowest {fig['join_max_s']} s), "
        f"moves {fig['moves_applied']}/{fig['moves_sent']}, files {fig['files_base']} -> peak {fig['files_peak']}, "
        f"frames {fig['fps']}/s (longest gap {fig['frame_gap_max_s']} s), "
        f"server thread {fig.get('server_cpu')} of a core, "
        f"strangers gone {fig['after_s']} s after; attacker {fig.get('attacker')}; cut {fig['stats']['cut']}"
    )
    assert fig["joins_failed"] == 0 and fig["joins_ok"] >= 5, fig["join_errors"]
    assert fig["moves_sent"] > 0 and fig["moves_applied"] == fig["moves_sent"] and not fig["moves_refused"]
    assert "stale" not in fig["stats"]["dropped"]
    assert fig["files_peak"] - fig["files_base"] <= G.FILES + PHONES_FILES
    assert fig["connections_after"] == 0 and fig["sockets_after"] == 0
