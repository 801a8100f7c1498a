"""The table's face cache (game/app/faces.py): least recently used faces go first,
at most one face of a place is redrawn per frame, a new language redraws at once."""

import pygame

from game import i18n
from game.app.app import App
from game.app.faces import STAGES, Faces


def _painter(log: list, name: str):
    def paint(surface):
        log.append(name)
        surface.fill((1, 2, 3, 255))

    return paint


def test_faces_are_painted_once_and_the_least_recently_used_go_first():
    app = App(size=(640, 360), window=False)
    faces, painted = Faces(app.ui, limit=2), []
    for name in ("a", "b", "a", "c", "a", "b"):
        faces.get((name,), (8, 8), _painter(painted, name))
    # "a" was used again before "c" came, so "b" was the one dropped
    assert painted == ["a", "b", "c", "b"]
    app.quit()


def test_the_faces_kept_are_bounded_in_bytes_the_least_recently_used_go_first():
    """A table keeps at most `STAGES` pictures of the stage in faces, whatever their count:
    a 6-seat Relleno game's seat panels (points only grow, a look seldom comes back) would
    otherwise hold about 110 MB at 1080p until the table closes."""
    app = App(size=(640, 360), window=False)
    faces, painted = Faces(app.ui), []
    stage = app.ui.px(1920) * app.ui.px(1080) * 4
    size = (app.ui.px(1920), app.ui.px(1080) // 4)  # a quarter of the stage each
    for n in range(4 * STAGES + 8):
        faces.get(("panel", n), size, _painter(painted, str(n)))
        faces.get(("card",), (8, 8), _painter(painted, "card"))  # used every frame: kept
    kept = sum(face.get_width() * face.get_height() * 4 for face, _boxes in faces._faces.values())
    assert kept <= STAGES * stage
    assert len(faces._faces) == 4 * STAGES  # the card and the newest panels but one
    faces.get(("panel", 4 * STAGES + 7), size, _painter(painted, "again"))
    faces.get(("panel", 0), size, _painter(painted, "0 again"))
    assert painted[-1] == "0 again" and "again" not in painted and painted.count("card") == 1
    app.quit()


def test_only_one_place_is_redrawn_per_frame_the_others_show_their_last_look():
    app = App(size=(640, 360), window=False)
    faces, painted = Faces(app.ui), []
    first = {
        seat: faces.get(("stall", seat, 0), (8, 8), _painter(painted, f"{seat}@0"), place=seat) for seat in (0, 1, 2)
    }
    assert painted == ["0@0", "1@0", "2@0"]  # the first frame draws every place
    faces.next_frame()
    now = {
        seat: faces.get(("stall", seat, 1), (8, 8), _painter(painted, f"{seat}@1"), place=seat) for seat in (0, 1, 2)
    }
    assert painted[3:] == ["0@1"]
    assert now[1] is first[1] and now[2] is first[2]
    faces.next_frame()
    for seat in (0, 1, 2):
        faces.get(("stall", seat, 1), (8, 8), _painter(painted, f"{seat}@1"), place=seat)
    assert painted[4:] == ["1@1"]
    app.quit()


def test_a_new_language_redraws_every_place_at_once():
    app = App(size=(640, 360), window=False)
    faces, painted = Faces(app.ui), []
    for seat in (0, 1):
        faces.get(("stall", seat), (8, 8), _painter(painted, f"{seat}"), place=seat)
    app.set_language("de")
    try:
        faces.next_frame()
        for seat in (0, 1):
            faces.get(("stall", seat), (8, 8), _painter(painted, f"{seat}:de"), place=seat)
    finally:
        app.set_language("en")
    assert painted == ["0", "1", "0:de", "1:de"]
    assert i18n.language() == "en"
    app.quit()


def test_a_blitted_face_reports_its_box_and_the_words_inside_it_to_the_layout_recorder():
    app = App(size=(1920, 1080), window=False)
    faces, screen = Faces(app.ui), pygame.Surface((400, 300))
    faces.get(("tag",), (200, 100), lambda s: app.ui.text(s, "Cleanliness", (10, 10), 30))  # cached, unrecorded
    app.ui.boxes = []
    faces.blit(screen, ("tag",), pygame.Rect(100, 50, 200, 100), lambda s: app.ui.text(s, "Cleanliness", (10, 10), 30))
    (kind, card), (word, ink) = app.ui.boxes
    assert (kind, card, word) == ("card", pygame.Rect(100, 50, 200, 100), "text")
    assert card.contains(ink) and ink.x >= 110 and ink.y >= 60  # where the face is, not where it was painted
    app.ui.boxes = None
    app.quit()


def test_a_word_cut_off_by_its_face_is_seen_by_the_layout_check():
    """Text painted on a cached face is measured against the face: a name too long for
    it even shrunk is an overflow, and its inked box runs over the face's box where
    the face lies on the table (Cheater Chefs' chips cut "Pomme de terre" unseen)."""
    from game.app import layout

    app = App(size=(1920, 1080), window=False)
    ui, faces, screen = app.ui, Faces(app.ui), pygame.Surface((1920, 1080))

    def chip(name: str):
        return lambda s: ui.text(s, name, (90, 40), 34, (0, 0, 0), True, "midleft")

    ui.boxes, ui.overflows = [], []
    faces.blit(screen, ("chip", "short"), pygame.Rect(100, 100, 270, 80), chip("Riz"), kind="chip")
    assert ui.overflows == [] and layout.problems(ui.boxes, screen.get_rect()) == []
    ui.boxes = []
    name = "Pomme de terre de Noirmoutier"
    faces.blit(screen, ("chip", "long"), pygame.Rect(100, 200, 270, 80), chip(name), kind="chip")
    assert [o.text for o in ui.overflows] == [name]
    found = layout.problems(ui.boxes, screen.get_rect())
    assert found and "runs over the edge of chip (100, 200, 270, 80)" in found[0], found
    ui.boxes = ui.overflows = None
    app.quit()


def test_a_place_the_frames_area_misses_keeps_its_face_even_one_painted_before():
    """Drawn in part, a place outside the frame's area shows its last face: a new face, or
    one already painted (the place showed it before), waits for a frame that shows it; so
    the frame changed nothing outside its area. Inside the area the new face comes at once."""
    app = App(size=(640, 360), window=False)
    surf = pygame.Surface((640, 360))
    faces, painted = Faces(app.ui), []
    at = pygame.Rect(400, 300, 8, 8)
    for name in ("a", "b"):  # the place has shown both faces
        faces.next_frame()
        faces.blit(surf, (name,), at, _painter(painted, name), place="seat")
    faces.next_frame()
    surf.set_clip(pygame.Rect(0, 0, 640, 100))  # a frame drawn in part, above the place
    faces.blit(surf, ("a",), at, _painter(painted, "a"), place="seat")
    assert faces.lagging and faces.late == [at] and faces.changed == [], "the place kept face b"
    faces.next_frame()
    surf.set_clip(at)  # the next frame draws the place itself
    faces.blit(surf, ("a",), at, _painter(painted, "a"), place="seat")
    assert not faces.lagging and faces.changed == [at] and painted == ["a", "b"]
    app.quit()
