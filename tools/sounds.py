"""Synthesise every sound of the arcade into assets/sounds/.

    python tools/sounds.py            # write the files, print RMS and peak of each
    python tools/sounds.py --check    # render into a temporary folder and compare; exit 1 on a difference

Every effect is made here from sine waves, filtered noise and envelopes
(numpy), except the "Wok'up!" shout, whose voices are espeak-ng's (Debian
package espeak-ng; the output of a program is not covered by the program's
licence). So every sound is the project's own, under the project's licence,
and is listed in assets/credits.toml.

Formats (why): effects are 16-bit mono WAV at 44.1 kHz. They are short (under
two seconds; about 0.9 MB in all), SDL_mixer loads WAV with no decoder, and
tests read them with the standard library's `wave`. The two music loops are
Ogg Vorbis (oggenc, quality 3, serial fixed so the bytes are reproducible):
half a minute of WAV each would be 1.5 MB, the Ogg is about a tenth, and
pygame.mixer.music streams it.

Mixing (why no effect drowns another): each effect is scaled so its loudest
50 ms window has the RMS of its class (`LEVEL`): the alarms a player must not
miss (slap, wrong slap, the shout, the throw signal, the winner) at -14 dBFS,
the table's events at -17, the soft ones that come in crowds (tokens landing,
menu ticks) at -22, the music at -24 so effects ride over it. No peak goes
above -1 dBFS (a limiter would be needed otherwise; the script fails instead).
Deterministic: every random draw comes from a generator seeded per sound.
"""

from __future__ import annotations

import argparse
import filecmp
import math
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.media import asset_path  # noqa: E402

RATE = 44100
LEVEL = {"alarm": -14.0, "event": -17.0, "soft": -22.0, "music": -24.0}
PEAK_LIMIT = -1.0


# ---- building blocks ---------------------------------------------------------------


def t_(dur: float) -> np.ndarray:
    return np.arange(int(dur * RATE)) / RATE


def decay(dur: float, tau: float, attack: float = 0.002) -> np.ndarray:
    t = t_(dur)
    env = np.exp(-t / tau)
    a = max(1, int(attack * RATE))
    env[:a] *= np.linspace(0, 1, a)
    return env


def sine(freq, dur: float, phase: float = 0.0) -> np.ndarray:
    t = t_(dur)
    if callable(freq):
        return np.sin(2 * np.pi * np.cumsum(freq(t)) / RATE + phase)
    return np.sin(2 * np.pi * freq * t + phase)


def noise(dur: float, rng: np.random.Generator) -> np.ndarray:
    return rng.uniform(-1, 1, int(dur * RATE))


def band(x: np.ndarray, lo: float = 0.0, hi: float = RATE / 2) -> np.ndarray:
    """Band-pass by FFT with soft (half-octave) edges."""
    spec = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1 / RATE)
    gain = np.ones_like(f)
    if lo > 0:
        gain *= 1 / (1 + (lo / np.maximum(f, 1)) ** 4)
    if hi < RATE / 2:
        gain *= 1 / (1 + (f / hi) ** 4)
    return np.fft.irfft(spec * gain, len(x))


def bell(freq: float, dur: float, tau: float = 0.5) -> np.ndarray:
    """A struck metal bar: inharmonic partials, the high ones dying first."""
    out = np.zeros(int(dur * RATE))
    for ratio, amp, k in ((1, 1.0, 1.0), (2.76, 0.5, 0.6), (5.40, 0.25, 0.4), (8.93, 0.12, 0.25)):
        out += amp * sine(freq * ratio, dur) * decay(dur, tau * k)
    return out


def pluck(freq: float, dur: float, bright: float = 1.0) -> np.ndarray:
    """A plucked string: harmonics with decays shortening as they rise."""
    out = np.zeros(int(dur * RATE))
    for h in range(1, 9):
        if freq * h > 12000:
            break
        out += (bright ** (h - 1)) / h * sine(freq * h, dur) * decay(dur, 0.5 / h**0.7, 0.003)
    return out


def square(freq: float, dur: float) -> np.ndarray:
    return np.sign(sine(freq, dur)) * 0.7


def at(total: np.ndarray, start: float, sound: np.ndarray, gain: float = 1.0) -> None:
    """Mix `sound` into `total` from `start` seconds (cut at the end)."""
    i = int(start * RATE)
    n = min(len(sound), len(total) - i)
    if n > 0:
        total[i : i + n] += gain * sound[:n]


def silence(dur: float) -> np.ndarray:
    return np.zeros(int(dur * RATE))


def midi(note: float) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


# ---- the effects ---------------------------------------------------------------------
# name: (class, builder(rng) -> samples). The comment says when a scene plays it.


def throw_signal(rng):  # Wok Up: the countdown ends, throw now
    out = silence(0.7)
    sweep = sine(lambda t: 700 + 900 * np.minimum(t / 0.12, 1), 0.35) * decay(0.35, 0.2)
    at(out, 0, sweep, 0.6)
    at(out, 0.1, bell(midi(84), 0.6, 0.25), 0.7)
    return out


def countdown_tick(rng):  # Wok Up: each second of the countdown before the signal
    out = silence(0.09)
    at(out, 0, band(noise(0.09, rng), 1500, 5000) * decay(0.09, 0.012), 0.8)
    at(out, 0, sine(1200, 0.09) * decay(0.09, 0.015), 0.5)
    return out


def token_land(rng, pitch: float = 1.0):  # Wok Up: a token hits the table
    out = silence(0.16)
    at(out, 0, band(noise(0.16, rng), 300 * pitch, 2500 * pitch) * decay(0.16, 0.02), 1.0)
    at(out, 0, sine(140 * pitch, 0.16) * decay(0.16, 0.03), 0.8)
    return out


def slap(rng):  # Wok Up: a hand slaps a deck (sounds at once, on a reserved channel)
    out = silence(0.25)
    at(out, 0, band(noise(0.25, rng), 800, 9000) * decay(0.25, 0.025, 0.0005), 1.0)
    at(out, 0, sine(lambda t: 180 - 100 * np.minimum(t / 0.08, 1), 0.25) * decay(0.25, 0.05, 0.001), 0.9)
    return out


def wrong_slap(rng):  # Wok Up: a slap on a recipe that is not complete (buzzer)
    f = lambda t: 180 - 60 * t / 0.5  # noqa: E731
    out = np.sign(sine(f, 0.5)) * 0.5 + 0.5 * np.sign(sine(lambda t: f(t) * 1.01, 0.5))
    env = np.minimum(1, t_(0.5) / 0.01) * np.minimum(1, (0.5 - t_(0.5)) / 0.08)
    return band(out * env, 80, 3000)


def _voices(text: str) -> np.ndarray:
    """espeak-ng shouting `text` in three voices, a crowd of cooks."""
    out = silence(1.0)
    with tempfile.TemporaryDirectory() as tmp:
        for k, (voice, pitch, delay) in enumerate(
            (("en-us+m3", 45, 0.0), ("en+f3", 70, 0.018), ("en-gb+m7", 30, 0.035))
        ):
            path = Path(tmp) / f"{k}.wav"
            subprocess.run(
                ["espeak-ng", "-v", voice, "-s", "150", "-p", str(pitch), "-a", "180", "-w", str(path), text],
                check=True,
                capture_output=True,
            )
            with wave.open(str(path)) as w:
                rate = w.getframerate()
                data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float) / 32768
            data = np.interp(np.arange(0, len(data), rate / RATE), np.arange(len(data)), data)
            nz = np.flatnonzero(np.abs(data) > 0.02)  # trim espeak's leading silence
            data = data[nz[0] :] if len(nz) else data
            at(out, delay, data, 0.6)
    return out


def wokup_shout(rng):  # Wok Up: someone shouts Wok'up!
    out = silence(1.1)
    at(out, 0, _voices("Wok up!"), 1.0)
    at(out, 0.05, band(noise(1.0, rng), 3000, 12000) * decay(1.0, 0.2), 0.15)  # a cymbal's hiss
    at(out, 0.05, bell(midi(55), 1.0, 0.5), 0.35)  # and a wok struck like a gong
    return out


def card_won(rng):  # a recipe card or Wok card is won
    out = silence(0.7)
    for k, note in enumerate((72, 76, 79, 84)):
        at(out, k * 0.07, bell(midi(note), 0.5, 0.25), 0.5)
    return out


def coin_taken(rng):  # We Will Wok You: a player takes coins
    out = silence(0.45)
    for k, f in enumerate((2093, 2637)):
        at(out, k * 0.06, bell(f, 0.4, 0.12), 0.6)
    return out


def row_bought(rng):  # We Will Wok You: a row of ingredients is bought
    out = silence(0.8)
    at(out, 0, band(noise(0.12, rng), 2000, 8000) * decay(0.12, 0.03), 0.5)  # the drawer
    for note in (76, 80, 83):
        at(out, 0.08, bell(midi(note), 0.7, 0.3), 0.4)  # cha-ching
    return out


def trap_played(rng):  # Cheater Chefs: a trap card is played
    out = silence(0.6)
    whoosh = band(noise(0.25, rng), 600, 4000) * np.sin(np.pi * t_(0.25) / 0.25) ** 2
    at(out, 0, whoosh, 0.5)
    for k, note in enumerate((50, 49)):  # dun-dun: a sneaky semitone down
        at(out, 0.2 + k * 0.17, pluck(midi(note), 0.3, 0.8), 0.9)
    return out


def poison(rng):  # Cheater Chefs: an ingredient is poisoned
    out = silence(0.9)
    drone = sine(110, 0.9) + sine(116.5, 0.9)
    at(out, 0, drone * decay(0.9, 0.4, 0.05) * 0.3)
    for k in range(9):  # bubbles rising
        f0 = rng.uniform(300, 700)
        bub = sine(lambda t, f0=f0: f0 * (1 + 6 * t), 0.06) * decay(0.06, 0.02, 0.003)
        at(out, 0.05 + k * 0.08 + rng.uniform(0, 0.03), bub, 0.7)
    return out


def antidote(rng):  # Cheater Chefs: a poison is cured
    out = silence(0.6)
    for k, note in enumerate((79, 84, 91)):
        at(out, k * 0.08, sine(midi(note), 0.4) * decay(0.4, 0.15), 0.45)
    return out


def time_card(rng):  # Relleno: a time card is revealed
    out = silence(0.9)
    for k in range(2):  # tick, tock
        at(out, k * 0.22, band(noise(0.05, rng), 1500 - 500 * k, 6000) * decay(0.05, 0.01), 0.8)
    at(out, 0.44, bell(midi(81), 0.45, 0.2), 0.6)
    return out


def guest_served(rng):  # Yatai: a guest is served
    out = silence(0.7)
    at(out, 0, bell(midi(88), 0.6, 0.2), 0.5)  # a shop bell, ding-ding
    at(out, 0.12, bell(midi(84), 0.55, 0.2), 0.5)
    return out


def your_turn(rng):  # any game: the turn passes to you (or "Pass to <name>")
    out = silence(0.45)
    at(out, 0, sine(midi(79), 0.4) * decay(0.4, 0.12), 0.5)
    at(out, 0.1, sine(midi(86), 0.35) * decay(0.35, 0.12), 0.5)
    return out


def card_flip(rng):  # a card is revealed or dealt
    n = band(noise(0.12, rng), 1200, 7000)
    return n * np.sin(np.pi * np.minimum(t_(0.12) / 0.12, 1)) ** 3


def winner(rng):  # any game: the winner is announced
    out = silence(2.0)

    def brass(note, dur):
        f = midi(note)
        x = sum(sine(f * h, dur) / h for h in range(1, 8))
        env = np.minimum(1, t_(dur) / 0.03) * np.exp(-t_(dur) / (dur * 0.8))
        return band(x * env, 100, 4000)

    for k, note in enumerate((60, 64, 67)):
        at(out, k * 0.14, brass(note, 0.16), 0.5)
    for note in (60, 64, 67, 72):
        at(out, 0.45, brass(note, 1.4), 0.35)
    at(out, 0.45, bell(midi(84), 1.4, 0.6), 0.3)
    return out


def ui_move(rng):  # menus: the highlight moves
    return sine(midi(84), 0.05) * decay(0.05, 0.012)


def ui_confirm(rng):  # menus: a choice is made
    return sine(lambda t: midi(76) + 500 * t, 0.12) * decay(0.12, 0.04)


def ui_back(rng):  # menus: back
    return sine(lambda t: midi(76) - 400 * t, 0.12) * decay(0.12, 0.04)


EFFECTS = {
    "throw_signal": ("alarm", throw_signal),
    "countdown_tick": ("soft", countdown_tick),
    "token_land_1": ("soft", lambda rng: token_land(rng, 1.0)),
    "token_land_2": ("soft", lambda rng: token_land(rng, 1.15)),
    "token_land_3": ("soft", lambda rng: token_land(rng, 0.88)),
    "slap": ("alarm", slap),
    "wrong_slap": ("alarm", wrong_slap),
    "wokup_shout": ("alarm", wokup_shout),
    "card_won": ("event", card_won),
    "coin_taken": ("event", coin_taken),
    "row_bought": ("event", row_bought),
    "trap_played": ("event", trap_played),
    "poison": ("event", poison),
    "antidote": ("event", antidote),
    "time_card": ("event", time_card),
    "guest_served": ("event", guest_served),
    "your_turn": ("event", your_turn),
    "card_flip": ("soft", card_flip),
    "winner": ("alarm", winner),
    "ui_move": ("soft", ui_move),
    "ui_confirm": ("soft", ui_confirm),
    "ui_back": ("soft", ui_back),
}


# ---- music -----------------------------------------------------------------------------


def _loop(bpm: float, bars: int, seed: int, busy: bool) -> np.ndarray:
    """Bars of 4/4 in C major pentatonic over C-Am-F-G; the tails that run past
    the end are wrapped onto the start, so the loop joins without a click."""
    rng = np.random.default_rng(seed)
    beat = 60 / bpm
    length = bars * 4 * beat
    out = silence(length + 2.0)
    chords = [(48, (60, 64, 67)), (45, (57, 60, 64)), (41, (57, 60, 65)), (43, (55, 59, 62))]
    scale = [60, 62, 64, 67, 69, 72, 74, 76, 79]
    last = 4
    for bar in range(bars):
        root, triad = chords[bar % 4]
        t0 = bar * 4 * beat
        for b in range(4):  # bass: root, fifth
            at(out, t0 + b * beat, pluck(midi(root - 12 + (7 if b % 2 else 0)), beat * 1.2, 0.5), 0.55)
        for note in triad:  # a soft pad of the chord
            pad = sine(midi(note), 4 * beat) * np.sin(np.pi * t_(4 * beat) / (4 * beat)) ** 0.5
            at(out, t0, pad, 0.07)
        for e in range(8):  # melody in eighths, stepwise, resting sometimes
            if rng.random() < (0.15 if busy else 0.35):
                continue
            last = int(np.clip(last + rng.choice([-2, -1, 1, 2, 0]), 0, len(scale) - 1))
            if e in (0, 4):  # strong beats: snap to a chord tone
                last = min(
                    range(len(scale)),
                    key=lambda i: min(abs(scale[i] - n - 12 * k) for n in triad for k in (0, 1)) + abs(i - last) * 0.1,
                )
            at(out, t0 + e * beat / 2, pluck(midi(scale[last]), beat, 0.7), 0.35)
        for b in range(4):  # drums: kick on 1 and 3, hat on the off-beats
            if b % 2 == 0:
                at(out, t0 + b * beat, sine(lambda t: 50 + 80 * np.exp(-t / 0.03), 0.3) * decay(0.3, 0.08), 0.6)
            else:
                at(out, t0 + b * beat, band(noise(0.2, rng), 150, 2500) * decay(0.2, 0.05), 0.25 if busy else 0.12)
            at(out, t0 + (b + 0.5) * beat, band(noise(0.05, rng), 7000) * decay(0.05, 0.012), 0.15)
        if bar % 4 == 0:
            at(out, t0, bell(midi(67), 2.0, 0.7), 0.12)  # a wok struck at each phrase
    n = int(length * RATE)
    loop = out[:n].copy()
    loop[: len(out) - n] += out[n:]
    return loop


MUSIC = {
    "menu": lambda: _loop(104, 8, 11, busy=False),  # menus, calm, about 18 s
    "attract": lambda: _loop(128, 8, 12, busy=True),  # the attract mode, livelier, 15 s
}


# ---- levels and files ----------------------------------------------------------------


def db(x: float) -> float:
    return 20 * math.log10(max(x, 1e-9))


def loudest_window_rms(x: np.ndarray, window: float = 0.05) -> float:
    n = int(window * RATE)
    if len(x) <= n:
        return float(np.sqrt(np.mean(x**2)))
    c = np.concatenate([[0.0], np.cumsum(x**2)])
    return float(np.sqrt(np.max(c[n:] - c[:-n]) / n))


def levelled(x: np.ndarray, target_db: float, name: str) -> np.ndarray:
    x = x - np.mean(x)
    fade = min(len(x), int(0.004 * RATE))  # no click at the end
    x[len(x) - fade :] *= np.linspace(1, 0, fade)
    gain = 10 ** (target_db / 20) / loudest_window_rms(x)
    y = x * gain
    peak = db(float(np.max(np.abs(y))))
    if peak > PEAK_LIMIT:
        raise SystemExit(f"{name}: peak {peak:.1f} dBFS at its level; lower LEVEL or shape the sound")
    return y


def write_wav(path: Path, x: np.ndarray) -> None:
    data = np.round(np.clip(x, -1, 1) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def write_ogg(path: Path, x: np.ndarray, work: Path) -> None:
    tmp = work / (path.stem + ".wav")
    write_wav(tmp, x)
    subprocess.run(["oggenc", "-Q", "-q", "3", "-s", "1", "-o", str(path), str(tmp)], check=True)


def build(dest: Path, work: Path) -> list[tuple[str, float, float, float, str]]:
    dest.mkdir(parents=True, exist_ok=True)
    rows = []
    for i, (name, (cls, make)) in enumerate(EFFECTS.items()):
        x = levelled(make(np.random.default_rng(1000 + i)), LEVEL[cls], name)
        write_wav(dest / f"{name}.wav", x)
        rows.append((f"{name}.wav", len(x) / RATE, db(loudest_window_rms(x)), db(float(np.max(np.abs(x)))), cls))
    for name, make in MUSIC.items():
        x = make()
        x = x * 10 ** (LEVEL["music"] / 20) / float(np.sqrt(np.mean(x**2)))  # music: RMS of the whole loop
        write_ogg(dest / f"{name}.ogg", x, work)
        rows.append(
            (f"{name}.ogg", len(x) / RATE, db(float(np.sqrt(np.mean(x**2)))), db(float(np.max(np.abs(x)))), "music")
        )
    wanted = {r[0] for r in rows}
    for old in dest.iterdir():
        if old.suffix in (".wav", ".ogg") and old.name not in wanted:
            old.unlink()
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    dest = asset_path("sounds")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        target = work / "out" if args.check else dest
        rows = build(target, work)
        if args.check:
            differ = [
                r[0]
                for r in rows
                if not (dest / r[0]).exists() or not filecmp.cmp(target / r[0], dest / r[0], shallow=False)
            ]
            print("\n".join(f"differs: {d}" for d in differ) or "vendored sounds are up to date")
            return 1 if differ else 0
    print(f"{'file':22s} {'class':6s} {'seconds':>7s} {'RMS dBFS':>9s} {'peak dBFS':>9s}")
    for name, secs, rms, peak, cls in rows:
        print(f"{name:22s} {cls:6s} {secs:7.2f} {rms:9.1f} {peak:9.1f}")
    total = sum(p.stat().st_size for p in dest.iterdir() if p.suffix in (".wav", ".ogg"))
    print(
        f"{len(rows)} files, {total / 1024:.0f} KiB in {dest.relative_to(ROOT)}"
        " (RMS: the loudest 50 ms window of an effect; the whole loop for music)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
