import pytest

from game.app import catalogue

from .toy_scene import TOY


@pytest.fixture
def toy_catalogue(monkeypatch):
    """The real catalogue with the toy game in first place, playable."""
    real = catalogue.load

    def load():
        return [catalogue.Entry("toy-snap", "Toy Snap", "5", "A test game.", "tests.app.toy_scene"), *real()]

    monkeypatch.setitem(catalogue._LOADED, "tests.app.toy_scene", (TOY, ""))

    monkeypatch.setattr(catalogue, "load", load)
    return TOY
