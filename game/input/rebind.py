"""Remapping one control of a keyboard zone to a key, without ever leaving
two controls on the same key: a key already bound elsewhere is swapped (the
other control takes this one's old key), and keys the arcade keeps for
itself are refused."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_

RESERVED = {"escape": N_("the pause menu"), "f11": N_("fullscreen")}  # key -> what it does everywhere


@dataclass
class Rebind:
    refused: str = ""  # why nothing changed ("" if it changed)
    moved: tuple[str, str, list[str]] | None = None  # (zone, control, its new keys) of a swapped binding


def rebind(bindings: dict[str, dict[str, list[str]]], zone: str, control: str, key: str) -> Rebind:
    """Bind `key` to `control` of `zone` in place; swap with whatever held the key."""
    if key in RESERVED:
        return Rebind(refused=RESERVED[key])
    old = bindings[zone].get(control, [])
    if old == [key]:
        return Rebind()
    result = Rebind()
    for z, controls in bindings.items():
        for c, keys in controls.items():
            if key in keys and (z, c) != (zone, control):
                spare = [k for k in old if k != key][:1]  # this control's old key goes over there
                controls[c] = [k for k in keys if k != key] + spare
                result.moved = (z, c, controls[c])
    bindings[zone][control] = [key]
    return result
