"""game/schema.py: every way a file or message fails becomes one message naming
source, line, entry and problem; a file set aside never replaces an earlier one."""

from typing import Annotated, Any, Literal

import msgspec
import pytest

from game import schema


class Seat(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: Literal["human", "bot"] = "human"


class Doc(msgspec.Struct, forbid_unknown_fields=True):
    seats: list[Seat]
    limits: dict[str, Annotated[int, msgspec.Meta(ge=1, le=6, description="a seat count from 1 to 6")]] = {}
    note: Any = None


@pytest.mark.parametrize(
    "data, expected",
    [
        ('{"seats": [{"name": 3}]}', "msg: 'seats[0].name': Expected `str`, got `int`"),
        ('{"seats": [{"name": "a", "kind": "cat"}]}', "msg: 'seats[0].kind': Invalid enum value 'cat'"),
        ('{"seats": [], "colour": 1}', "msg: 'colour': Object contains unknown field `colour`"),
        (
            '{"seats": [], "limits": {"a": 9}}',
            "msg: 'limits': Expected `int` <= 6; it must be a seat count from 1 to 6",
        ),
        ('{"seats": [', "msg: not valid JSON (input data was truncated)"),
        (b'{"seats": [{"name": "\x9c"}]}', "msg: not UTF-8 text (a string holds the byte 0x9c)"),
        ('{"seats": [], "note": ' + "[" * 100_000 + "]" * 100_000 + "}", "msg: nested too deep to read"),
    ],
)
def test_a_json_message_that_does_not_fit_is_named_by_its_path(data, expected):
    with pytest.raises(schema.SchemaError) as err:
        schema.decode_json(data, Doc, "msg")
    assert str(err.value) == expected


def test_a_toml_file_names_the_line_and_the_key_msgspec_leaves_unnamed(tmp_path):
    path = tmp_path / "f.toml"
    path.write_text("seats = []\n\n[limits]\nwokup = 4\nyatai = 0  # too few\n")
    with pytest.raises(schema.SchemaError) as err:
        schema.read_toml(path, Doc)
    assert str(err.value) == f"{path}, line 5: 'limits.yatai': Expected `int` >= 1; it must be a seat count from 1 to 6"


def test_set_aside_keeps_every_broken_copy(tmp_path, caplog):
    path = tmp_path / "x.json"
    for text in ("one", "two", "three"):
        path.write_text(text)
        schema.set_aside(path, "bad")
    kept = {p.name: p.read_text() for p in tmp_path.iterdir()}
    assert kept == {"x.json.broken": "one", "x.json.broken-2": "two", "x.json.broken-3": "three"}
    assert "x.json set aside as x.json.broken-3: bad" in caplog.text


def test_a_fault_in_telling_the_problem_still_gives_a_schema_error(monkeypatch):
    def broken(*_args):
        raise KeyError("oops")

    monkeypatch.setattr(schema, "describe", broken)
    with pytest.raises(schema.SchemaError, match=r"^msg: Expected `str`, got `int` - at `\$.seats\[0\].name`$"):
        schema.decode_json('{"seats": [{"name": 3}]}', Doc, "msg")


def test_a_file_that_cannot_be_moved_stays_and_is_logged(tmp_path, monkeypatch, caplog):
    path = tmp_path / "x.json"
    path.write_text("bad")

    def refuse(*_args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(schema.os, "replace", refuse)
    assert schema.set_aside(path, "bad") == path and path.read_text() == "bad"
    assert "cannot be set aside (Permission denied): bad" in caplog.text
