"""Every item of every game's data has a picture; a missing one is a placeholder
and a log line, never a crash."""

import logging

import pygame
import pytest

from game.app import catalogue
from game.app.pictures import PLACEHOLDER_INK, Pictures
from game.media import asset_path, manifest


@pytest.fixture(scope="module")
def shown():
    pygame.display.init()
    yield
    pygame.display.quit()


def test_every_item_of_every_game_has_a_picture_file():
    m = manifest.load()
    need = manifest.required_items(e.gdef for e in catalogue.load() if e.gdef is not None)
    unknown = [f"{item} ({where})" for item, where in need.items() if m.resolve(item) is None]
    assert not unknown, "no picture in assets/pictures/pictures.toml for: " + ", ".join(unknown)
    absent = [f"{item} ({m.file(item)})" for item in need if not m.file(item).exists()]
    assert not absent, "picture file missing (run tools/pictures.py) for: " + ", ".join(absent)
    assert {i.split(".")[0] for i in need} == {"wokup", "wewillwokyou", "cheaterchefs", "relleno", "yatai"}


def test_vendored_files_are_exactly_the_manifest():
    m = manifest.load()
    folder = asset_path("pictures", m.set["id"])
    on_disk = {p.name for p in folder.glob("*.png")}
    wanted = {f"{p.id}.png" for p in m.drawn()}
    assert on_disk == wanted, f"not in the manifest: {sorted(on_disk - wanted)}; missing: {sorted(wanted - on_disk)}"
    total = sum(p.stat().st_size for p in folder.glob("*.png"))
    assert total < 2_000_000, f"vendored pictures take {total} bytes"


def test_frame_colours_are_the_games_own():
    m = manifest.load()
    wokup_decks, yatai_customers = (
        catalogue.find("wokup").gdef.palettes["decks"],
        catalogue.find("yatai").gdef.palettes["customers"],
    )
    for deck, colour in wokup_decks().items():
        assert m.pictures[f"wokup.back.{deck}"].colour.lower() == colour.lower(), deck
    for name, rgb in yatai_customers().items():
        assert m.pictures[f"yatai.customer.{name}"].colour == "#{:02x}{:02x}{:02x}".format(*rgb), name
    backs = [m.pictures[f"wokup.back.{d}"] for d in wokup_decks()]
    assert len({(b.emoji, b.pattern) for b in backs}) == len(backs), "deck backs must differ by picture and pattern"


def test_manifest_errors_name_the_picture():
    with pytest.raises(manifest.ManifestError, match=r"wokup\.x"):
        manifest.parse('[set]\nid="t"\nsize=8\n[[picture]]\nid="wokup.x"\nshows="x"\n')
    with pytest.raises(manifest.ManifestError, match="same_as"):
        manifest.parse('[set]\nid="t"\nsize=8\n[[picture]]\nid="a"\nsame_as="b"\nshows="x"\n')


def test_pictures_load_scaled_and_cached_per_size(shown):
    pics = Pictures()
    chili = pics.get("wokup.chili", 64)
    assert chili.get_size() == (64, 64)
    assert pics.get("wokup.chili", 64) is chili
    assert pics.get("wokup.chili", 32).get_size() == (32, 32)
    back = pics.get("wokup.back.trio", (100, 100))
    assert back.get_height() == 100 and 70 <= back.get_width() <= 73  # a 63:88 card inside the box
    assert pics.get("relleno.star", 40).get_size() == (40, 40)  # same_as common.star
    assert not pics.missing
    # a real picture: some opaque pixels, some transparent ones round it
    alphas = {chili.get_at((x, y)).a for x in range(0, 64, 4) for y in range(0, 64, 4)}
    assert 0 in alphas and 255 in alphas


def test_a_missing_picture_is_a_placeholder_logged_once(shown, caplog, tmp_path):
    pygame.font.init()
    broken = manifest.parse('[set]\nid="nowhere"\nsize=8\n[[picture]]\nid="wokup.gone"\nemoji="1f336"\nshows="x"\n')
    pics = Pictures(broken)
    with caplog.at_level(logging.WARNING, logger="wok.pictures"):
        a = pics.get("wokup.gone", 64)
        b = pics.get("wokup.gone", 48)
        c = pics.get("nobody.knows", 64)
        pics.get("nobody.knows", 20)
    assert a.get_size() == (64, 64) and b.get_size() == (48, 48) and c.get_size() == (64, 64)
    assert a.get_at((0, 0))[:3] == PLACEHOLDER_INK
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 2, messages
    assert "wokup.gone" in messages[0] and "nobody.knows" in messages[1]
    assert set(pics.missing) == {"wokup.gone", "nobody.knows"}
    assert not pics.has("wokup.gone")
