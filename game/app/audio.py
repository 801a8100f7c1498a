"""Sound: named effects and two music loops, with the player's volumes.

    app.audio.play("slap")              # an effect (names: EFFECTS below)
    app.audio.music("menu")             # loop a piece ("menu", "attract"); music(None) fades it out
    app.audio.music("menu", table=True) # at a table: plays only if settings.table_music is on
    app.audio.apply(app.settings)       # after the volumes or mute changed

The mixer is opened on first use (or `open()`), with the buffer the settings
name (`audio_buffer`, 512 samples by default: 11.6 ms at 44.1 kHz; 256 halves
it where the audio stack does not underrun). Two channels are reserved for the
sounds that answer a press (slaps and the wrong-slap buzzer), so a crowd of
tokens landing never delays one; soft sounds that come in crowds are capped
(three tokens landing at once are enough to hear).

Where there is no audio device (or SDL cannot open one), every call quietly
does nothing: the failure is logged once, never raised. `requests` (when
`record` is on) lists every request, played or not, for tests.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import pygame

from ..media import asset_path

log = logging.getLogger("wok.audio")

FREQUENCY = 44100


@dataclass(frozen=True)
class Effect:
    files: tuple[str, ...]  # variants, played in turn
    group: str = "event"  # "press": a reserved channel; "event"; "soft": dropped when busy
    most: int = 0  # at most this many playing at once (0: no limit)


# The moments a player should notice, and the file each plays (tools/sounds.py
# makes them; assets/credits.toml lists them).
EFFECTS: dict[str, Effect] = {
    "throw_signal": Effect(("throw_signal.wav",)),  # Wok Up: throw now
    "countdown_tick": Effect(("countdown_tick.wav",), "soft", 1),
    "token_land": Effect(("token_land_1.wav", "token_land_2.wav", "token_land_3.wav"), "soft", 3),
    "slap": Effect(("slap.wav",), "press"),
    "wrong_slap": Effect(("wrong_slap.wav",), "press"),  # the buzzer
    "wokup_shout": Effect(("wokup_shout.wav",)),
    "card_won": Effect(("card_won.wav",)),
    "coin_taken": Effect(("coin_taken.wav",)),
    "row_bought": Effect(("row_bought.wav",)),
    "trap_played": Effect(("trap_played.wav",)),
    "poison": Effect(("poison.wav",)),
    "antidote": Effect(("antidote.wav",)),
    "time_card": Effect(("time_card.wav",)),  # Relleno
    "guest_served": Effect(("guest_served.wav",)),  # Yatai
    "your_turn": Effect(("your_turn.wav",)),
    "card_flip": Effect(("card_flip.wav",), "soft", 2),
    "winner": Effect(("winner.wav",)),
    "ui_move": Effect(("ui_move.wav",), "soft", 1),
    "ui_confirm": Effect(("ui_confirm.wav",), "soft", 1),
    "ui_back": Effect(("ui_back.wav",), "soft", 1),
}
MUSIC = {"menu": "menu.ogg", "attract": "attract.ogg"}
CHANNELS = 16
RESERVED = 2  # channels 0 and 1: the "press" group only


def sound_path(name: str):
    return asset_path("sounds", name)


@dataclass
class Request:
    kind: str  # "effect", "music", "music-stop"
    name: str | None
    t_ns: int  # time.monotonic_ns() of the call
    played: bool  # handed to the mixer (False: muted, no device, unknown, capped)


class Audio:
    def __init__(self, settings=None, record: bool = False) -> None:
        self.master = getattr(settings, "master_volume", 0.8)
        self.music_volume = getattr(settings, "music_volume", 0.6)
        self.effects_volume = getattr(settings, "effects_volume", 1.0)
        self.mute = getattr(settings, "mute", False)
        self.table_music = getattr(settings, "table_music", False)
        self.buffer = getattr(settings, "audio_buffer", 512)
        self.record = record
        self.requests: list[Request] = []
        self.state = "closed"  # "open", "failed"
        self.problem = ""  # why the mixer could not open
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._turn: dict[str, int] = {}
        self._playing: dict[str, list[pygame.mixer.Channel]] = {}
        self._music: str | None = None
        self._music_at_table = False
        self._press_turn = 0
        self._warned: set[str] = set()

    # ---- the mixer ---------------------------------------------------------
    @property
    def available(self) -> bool:
        return self.open()

    def open(self) -> bool:
        """Open the mixer and load the effects; False (logged once) if no device."""
        if self.state == "open":
            return True
        if self.state == "failed":
            return False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=FREQUENCY, size=-16, channels=2, buffer=self.buffer)
            pygame.mixer.set_num_channels(CHANNELS)
            pygame.mixer.set_reserved(RESERVED)
        except (pygame.error, OSError) as exc:
            self.state, self.problem = "failed", str(exc) or "no audio device"
            log.warning("no sound: %s", self.problem)
            return False
        self.state = "open"
        for effect in EFFECTS.values():
            for f in effect.files:
                if f not in self._sounds:
                    try:
                        self._sounds[f] = pygame.mixer.Sound(str(sound_path(f)))
                    except (pygame.error, OSError, FileNotFoundError) as exc:
                        self._warn(f, f"sound {f} cannot be loaded ({exc}); it stays silent")
        return True

    def close(self) -> None:
        if self.state == "open":
            try:
                pygame.mixer.music.stop()
                pygame.mixer.quit()
            except pygame.error:
                pass
        self._sounds.clear()
        self._playing.clear()
        self._music = None
        if self.state == "open":  # a failed mixer stays failed: no retry, no second log line
            self.state = "closed"

    def apply(self, settings) -> None:
        """Take new volumes/mute from the settings (the buffer applies at the next open)."""
        self.master, self.music_volume = settings.master_volume, settings.music_volume
        self.effects_volume, self.mute = settings.effects_volume, settings.mute
        self.table_music, self.buffer = settings.table_music, settings.audio_buffer
        if self.state == "open":
            pygame.mixer.music.set_volume(self._music_gain())
            if self.mute:
                pygame.mixer.stop()
            if self._music and not self.table_music and self._music_at_table:
                self.music(None)

    def _effects_gain(self) -> float:
        return 0.0 if self.mute else self.master * self.effects_volume

    def _music_gain(self) -> float:
        return 0.0 if self.mute else self.master * self.music_volume

    # ---- effects -------------------------------------------------------------
    def play(self, name: str) -> bool:
        """Play effect `name` now; True if it was handed to the mixer."""
        t = time.monotonic_ns()
        played = self._play(name)
        if self.record:
            self.requests.append(Request("effect", name, t, played))
        return played

    def _play(self, name: str) -> bool:
        effect = EFFECTS.get(name)
        if effect is None:
            self._warn(name, f"no effect named {name!r}")
            return False
        gain = self._effects_gain()
        if gain <= 0 or not self.open():
            return False
        live = [c for c in self._playing.get(name, []) if c.get_busy()]
        if effect.most and len(live) >= effect.most:
            self._playing[name] = live
            return False
        k = self._turn.get(name, 0)
        self._turn[name] = (k + 1) % len(effect.files)
        sound = self._sounds.get(effect.files[k])
        if sound is None:
            return False
        channel = self._channel(effect.group)
        if channel is None:
            return False
        channel.set_volume(gain)
        channel.play(sound)
        self._playing[name] = [*live, channel]
        return True

    def _channel(self, group: str):
        if group == "press":  # a free reserved channel, else cut the older press sound
            pair = [pygame.mixer.Channel(i) for i in range(RESERVED)]
            free = [c for c in pair if not c.get_busy()]
            if free:
                return free[0]
            self._press_turn = (self._press_turn + 1) % RESERVED
            return pair[self._press_turn]
        return pygame.mixer.find_channel(group != "soft")  # soft: dropped when all are busy

    # ---- music ---------------------------------------------------------------
    def music(self, name: str | None, table: bool = False) -> bool:
        """Loop piece `name` (MUSIC), or fade out with None. `table=True`: a game
        table asks, and music plays there only if the settings allow it."""
        t = time.monotonic_ns()
        played = self._start_music(name, table)
        if self.record:
            self.requests.append(Request("music" if name else "music-stop", name, t, played))
        return played

    def _start_music(self, name: str | None, table: bool) -> bool:
        if name is None or (table and not self.table_music):
            if self.state == "open" and self._music:
                pygame.mixer.music.fadeout(600)
            self._music = None
            return False
        if name not in MUSIC:
            self._warn(name, f"no music named {name!r}")
            return False
        if not self.open():
            return False
        if self._music == name and pygame.mixer.music.get_busy():
            return True
        try:
            pygame.mixer.music.load(str(sound_path(MUSIC[name])))
            pygame.mixer.music.set_volume(self._music_gain())
            pygame.mixer.music.play(loops=-1, fade_ms=400)
        except pygame.error as exc:
            self._warn(name, f"music {name} cannot play ({exc})")
            return False
        self._music, self._music_at_table = name, table
        return True

    def _warn(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)
