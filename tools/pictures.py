"""Regenerate the vendored pictures from Twemoji's SVG files.

    python tools/pictures.py                 # render every picture of the manifest
    python tools/pictures.py --check         # render into a temporary folder, compare, exit 1 on a difference
    python tools/pictures.py --sheet docs/screenshots/media/contact-sheet.png   # also draw the contact sheet
    python tools/pictures.py --package-dir DIR   # use an unpacked @twemoji/svg instead of `npm pack`

What it does, in order:
1. Fetches the set named in `assets/pictures/pictures.toml` ([set] package and
   version, i.e. @twemoji/svg 15.0.0) with `npm pack` into a temporary folder
   and unpacks it. Nothing is installed into the project; the arcade and the
   tests never need npm.
2. For every [[picture]] with an `emoji`, builds an SVG: the emoji alone, or
   the emoji placed on a card back or a badge of our own shapes (see the
   manifest's header), and rasterises it with librsvg's `rsvg-convert`
   (Debian package librsvg2-bin) at the set's size (256 px wide; card backs
   are 63:88). `optipng` (Debian package optipng), when present, shrinks the
   PNG losslessly.
3. Writes assets/pictures/<set>/<id>.png only where the bytes changed, and
   deletes PNGs that no picture names any more. Same inputs, same tools: same
   bytes, so a second run changes nothing (idempotent).

Why PNG and not SVG at run time: pygame-ce 2.5 can load SVG (SDL_image's
nanosvg), but nanosvg ignores SVG patterns and nested viewports, which the
card backs use, and a 256 px PNG scaled down with smoothscale and cached per
size costs well under a millisecond per new size (figures in
docs/media.md).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.media import asset_path  # noqa: E402
from game.media.manifest import Manifest, Picture, load  # noqa: E402


def fetch_package(manifest: Manifest, work: Path) -> Path:
    spec = f"{manifest.set['package']}@{manifest.set['version']}"
    out = (
        subprocess.run(
            ["npm", "pack", spec, "--silent", "--pack-destination", str(work)],
            capture_output=True,
            text=True,
            check=True,
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    with tarfile.open(work / out) as tar:
        tar.extractall(work, filter="data")
    return work / "package"


def _emoji_inner(svg: str) -> str:
    m = re.search(r"<svg[^>]*>(.*)</svg>\s*$", svg, re.S)
    if not m:
        raise ValueError("not an SVG document")
    return m.group(1)


def _nested(inner: str, x: float, y: float, size: float) -> str:
    return f'<svg x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" viewBox="0 0 36 36">{inner}</svg>'


def _mix(hexa: str, other: tuple[int, int, int], t: float) -> str:
    rgb = [int(hexa[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(rgb, other))


PATTERNS = {
    "dots": '<circle cx="16" cy="16" r="6"/>',
    "stripes": '<path d="M-8 8 L8 -8 M0 32 L32 0 M24 40 L40 24" stroke-width="7" stroke="{c}"/>',
    "checks": '<rect width="16" height="16"/><rect x="16" y="16" width="16" height="16"/>',
    "bars": '<rect width="32" height="10"/>',
    "zigzag": '<polyline points="0,24 8,8 16,24 24,8 32,24" fill="none" stroke-width="5" stroke="{c}"/>',
}


def card_back(pic: Picture, inner: str, w: int, h: int) -> str:
    light, dark = _mix(pic.colour, (255, 255, 255), 0.28), _mix(pic.colour, (0, 0, 0), 0.45)
    pattern = PATTERNS[pic.pattern].format(c=light)
    r = w * 0.31
    cx, cy = w / 2, h / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
        f'<defs><pattern id="p" width="32" height="32" patternUnits="userSpaceOnUse">'
        f'<g fill="{light}">{pattern}</g></pattern></defs>'
        f'<rect x="3" y="3" width="{w - 6}" height="{h - 6}" rx="18" fill="{pic.colour}" '
        f'stroke="{dark}" stroke-width="6"/>'
        f'<rect x="16" y="16" width="{w - 32}" height="{h - 32}" rx="10" fill="url(#p)" '
        f'stroke="#ffffff" stroke-opacity="0.9" stroke-width="5"/>'
        f'<circle cx="{cx}" cy="{cy}" r="{r:g}" fill="#ffffff" stroke="{dark}" stroke-width="6"/>'
        f"{_nested(inner, cx - r * 0.72, cy - r * 0.72, r * 1.44)}</svg>"
    )


# shape outline, then the white disc inside it: (centre x, centre y, radius)
BADGES = {
    "circle": ('<circle cx="128" cy="128" r="120"/>', (128, 128, 86)),
    "square": ('<rect x="10" y="10" width="236" height="236" rx="26"/>', (128, 128, 90)),
    "triangle": ('<polygon points="128,6 250,238 6,238" stroke-linejoin="round"/>', (128, 160, 64)),
    "diamond": ('<polygon points="128,4 252,128 128,252 4,128" stroke-linejoin="round"/>', (128, 128, 76)),
}


def badge(pic: Picture, inner: str, size: int) -> str:
    shape, (cx, cy, r) = BADGES[pic.shape]
    dark = _mix(pic.colour, (0, 0, 0), 0.55)
    s = r * 1.45
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 256 256">'
        f'<g fill="{pic.colour}" stroke="{dark}" stroke-width="8">{shape}</g>'
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="#ffffff" stroke="{dark}" stroke-width="4"/>'
        f"{_nested(inner, cx - s / 2, cy - s / 2, s)}</svg>"
    )


def svg_for(pic: Picture, package: Path, manifest: Manifest) -> str:
    source = (package / f"{pic.emoji}.svg").read_text(encoding="utf-8")
    w, h = manifest.pixel_size(pic)
    if pic.frame is None:
        return source
    inner = _emoji_inner(source)
    return card_back(pic, inner, w, h) if pic.frame == "card-back" else badge(pic, inner, w)


def render(pic: Picture, package: Path, manifest: Manifest, out: Path, work: Path) -> None:
    w, h = manifest.pixel_size(pic)
    src = work / f"{pic.id}.svg"
    src.write_text(svg_for(pic, package, manifest), encoding="utf-8")
    subprocess.run(["rsvg-convert", "-w", str(w), "-h", str(h), "-o", str(out), str(src)], check=True)
    if shutil.which("optipng"):
        subprocess.run(["optipng", "-quiet", "-o2", "-strip", "all", str(out)], check=True)


def build(manifest: Manifest, package: Path, dest: Path, work: Path) -> list[str]:
    """Render every picture into `dest`; returns the file names written or removed."""
    dest.mkdir(parents=True, exist_ok=True)
    changed = []
    wanted = set()
    for pic in manifest.drawn():
        name = f"{pic.id}.png"
        wanted.add(name)
        fresh = work / name
        render(pic, package, manifest, fresh, work)
        target = dest / name
        if not target.exists() or not filecmp.cmp(fresh, target, shallow=False):
            shutil.copyfile(fresh, target)
            changed.append(name)
    for old in dest.glob("*.png"):
        if old.name not in wanted:
            old.unlink()
            changed.append(f"{old.name} (removed)")
    return changed


def contact_sheet(manifest: Manifest, out: Path, tile: int = 64) -> None:
    """Every picture at `tile` px on the arcade's dark background, id underneath."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.app.pictures import Pictures
    from game.app.ui import BG, FONTS, INK, MUTED

    pygame.display.init()  # not pygame.init(): no audio device is needed to draw
    pygame.font.init()
    pics = Pictures(manifest)
    ids = list(manifest.pictures)
    cols, cell_w, cell_h = 8, 190, tile * 2 + 34
    rows = (len(ids) + cols - 1) // cols
    sheet = pygame.Surface((cols * cell_w + 20, rows * cell_h + 70))
    sheet.fill(BG)
    font = pygame.font.Font(FONTS / "DejaVuSans.ttf", 13)
    head = pygame.font.Font(FONTS / "DejaVuSans-Bold.ttf", 20)
    sheet.blit(
        head.render(f"{manifest.set['title']} ({manifest.set['licence']}): {len(ids)} items at {tile} px", True, INK),
        (14, 14),
    )
    for i, pid in enumerate(ids):
        x, y = 10 + (i % cols) * cell_w, 50 + (i // cols) * cell_h
        pic = manifest.resolve(pid)
        w, h = manifest.pixel_size(pic)
        size = (tile, tile) if h == w else (round(tile * 1.4 * w / h), round(tile * 1.4))
        img = pics.get(pid, size)
        sheet.blit(img, img.get_rect(midtop=(x + cell_w // 2, y + 4)))
        small = pics.get(pid, (tile // 2, tile // 2)) if h == w else None
        if small is not None:  # the half size too: what a token's five pictures get
            sheet.blit(small, (x + cell_w // 2 + tile // 2 + 6, y + 4 + tile // 2))
        game, _dot, rest = pid.partition(".")
        for k, text in enumerate((game, rest)):
            label = font.render(text, True, MUTED if k == 0 else INK)
            sheet.blit(label, label.get_rect(midtop=(x + cell_w // 2, y + cell_h - 36 + 15 * k)))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    pygame.quit()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the vendored files; change nothing")
    ap.add_argument("--package-dir", type=Path, help="an unpacked @twemoji/svg (skips npm pack)")
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args()
    manifest = load()
    dest = asset_path("pictures", manifest.set["id"])
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        package = args.package_dir or fetch_package(manifest, work)
        if args.check:
            shadow = work / "check"
            if dest.exists():
                shutil.copytree(dest, shadow)
            changed = build(manifest, package, shadow, work)
            for name in changed:
                print(f"differs: {name}")
            print("vendored pictures are up to date" if not changed else f"{len(changed)} differ")
            return 1 if changed else 0
        changed = build(manifest, package, dest, work)
    total = sum(p.stat().st_size for p in dest.glob("*.png"))
    print(
        f"{len(changed)} written or removed; {len(list(dest.glob('*.png')))} files, {total / 1024:.0f} KiB "
        f"in {dest.relative_to(ROOT)}"
    )
    if args.sheet:
        contact_sheet(manifest, args.sheet)
        print(f"contact sheet: {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
