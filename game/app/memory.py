"""Keeping Python's collector out of the frames.

A full pass of the cyclic garbage collector walks every object the arcade holds:
the modules, fonts, catalogues and data loaded at start and the table being played,
65,000 objects, 43-290 ms on this machine: a stutter of three to seventeen frames
whenever the collector decided to run one. `settle` exempts what lives at a calm
moment from those passes (`gc.freeze`), so they walk only what was made since
(6,000 objects, about 1 ms). It is called by the loop after its first frame and
when a table is first shown, where a pause is not seen (App.run), and by the bench
as the loop would. What was frozen and has since been dropped (a finished table) is
collected by the next `settle`, which thaws everything before its full pass.
"""

from __future__ import annotations

import gc


def settle() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()
