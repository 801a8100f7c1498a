"""A game's table scene, made from its GameDef (`GameDef.scene` names the class)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .session import Session

if TYPE_CHECKING:
    from .table import TableScene


def scene_class(gdef) -> type[TableScene]:
    """The game's own scene class, named by its GameDef."""
    module, _sep, cls = gdef.scene.partition(":")
    return getattr(importlib.import_module(module), cls)


def make_table(app, session: Session) -> TableScene:
    return scene_class(session.gdef)(app, session)
