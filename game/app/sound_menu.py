"""Settings > Sound: volumes, mute, music at the tables, the mixer's buffer.
Each change is saved, applied at once and heard (a short tick at the new level)."""

from __future__ import annotations

from .. import i18n
from ..i18n import N_, _
from ..settings import AUDIO_BUFFERS
from .menus import MenuScene
from .ui import Item, Menu

STEPS = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]


def _next(value: float) -> float:
    later = [s for s in STEPS if s > value + 1e-6]
    return later[0] if later else STEPS[0]


class SoundScene(MenuScene):
    name = "sound"
    heading = N_("Sound")

    def __init__(self, app) -> None:
        super().__init__(app, Menu([], x=360, y=200, w=1200, h=84, gap=14))
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        index = self.menu.index
        self.menu.items = [
            Item(N_("Sound"), self._mute, value=_("off") if s.mute else _("on")),
            Item(N_("Volume"), lambda: self._volume("master_volume"), value=i18n.percent(s.master_volume)),
            Item(N_("Music"), lambda: self._volume("music_volume"), value=i18n.percent(s.music_volume)),
            Item(N_("Effects"), lambda: self._volume("effects_volume"), value=i18n.percent(s.effects_volume)),
            Item(N_("Music at the tables"), self._table_music, value=_("on") if s.table_music else _("off")),
            Item(
                N_("Audio buffer"),
                self._buffer,
                N_("Smaller: a slap sounds sooner. Larger if the sound crackles."),
                value=_("{n} samples").format(n=s.audio_buffer),
            ),
            Item(N_("Back"), self.app.pop),
        ]
        self.menu.index = index

    def _changed(self, hear: str | None = "ui_confirm") -> None:
        self.app.save_settings()
        self.app.audio.apply(self.app.settings)
        if hear:
            self.app.audio.play(hear)
        self._build()

    def _mute(self) -> None:
        self.app.settings.mute = not self.app.settings.mute
        self._changed()

    def _volume(self, key: str) -> None:
        setattr(self.app.settings, key, _next(getattr(self.app.settings, key)))
        self._changed()
        if key == "music_volume":
            self.app.audio.music("menu")  # so the new level can be heard

    def _table_music(self) -> None:
        self.app.settings.table_music = not self.app.settings.table_music
        self._changed()

    def _buffer(self) -> None:
        s = self.app.settings
        s.audio_buffer = AUDIO_BUFFERS[(AUDIO_BUFFERS.index(s.audio_buffer) + 1) % len(AUDIO_BUFFERS)]
        self.app.audio.close()  # the mixer reopens with the new buffer at the next sound
        self._changed()
