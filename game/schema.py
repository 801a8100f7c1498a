"""One schema library for every file and message the arcade reads: msgspec.

A file's shape is a `msgspec.Struct` (strict types, `Annotated[..., Meta(...)]`
for ranges, `Meta(description=...)` for what a field must be, in words). This
module decodes JSON and converts parsed TOML against such a type and turns every
way of failing (a wrong type, an unknown key, a truncated file, nesting deep
enough to exhaust the stack) into one `SchemaError` whose message names the
file, the line where there is one, the entry and the problem. `set_aside` keeps
a file that cannot be used as `<name>.broken` and logs it: never deleted.
"""

from __future__ import annotations

import builtins
import logging
import os
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import NoneType, UnionType
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

import msgspec

log = logging.getLogger(__name__)
T = TypeVar("T")


class SchemaError(ValueError):
    """A file or message that does not fit its schema; str() names file, line, entry, problem."""


def decode_json(data: bytes | str, type: type[T], source: str) -> T:
    """JSON checked against `type`; `source` names it in the message (a file's path)."""
    try:
        return msgspec.json.decode(data, type=type, strict=True)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError) as exc:
        raise SchemaError(_told(exc, source, type)) from exc
    except UnicodeDecodeError as exc:  # msgspec checks UTF-8 only as it makes each str
        raise SchemaError(f"{source}: not UTF-8 text (a string holds the byte 0x{exc.object[exc.start]:02x})") from exc


def read_json(path: Path, type: type[T]) -> T:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SchemaError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    return decode_json(data, type, str(path))


def parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        reason = re.sub(r"\s*\(at (line|end of document).*\)", "", str(exc))
        raise SchemaError(f"{source}{f', line {m.group(1)}' if m else ''}: not valid TOML: {reason}") from exc
    except RecursionError as exc:
        raise SchemaError(f"{source}: nested too deep to read") from exc


def convert(data: Any, type: type[T], source: str, text: str | None = None) -> T:
    """Parsed data (a TOML document, a table of one) checked against `type`;
    given the file's `text`, the message says on which line the culprit is."""
    try:
        return msgspec.convert(data, type=type, strict=True)
    except (msgspec.ValidationError, RecursionError) as exc:
        raise SchemaError(_told(exc, source, type, text, data)) from exc


def read_toml(path: Path, type: type[T]) -> tuple[T, str]:
    """A TOML file checked against `type`, and its text (for a writer that keeps comments)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise SchemaError(f"{path}: cannot read ({reason or exc})") from exc
    return convert(parse_toml(text, str(path)), type, str(path), text), text


def _told(exc: BaseException, source: str, *args: Any) -> str:
    """`describe`, or msgspec's own words if telling them better fails: the
    message about a bad file must never be what stops the arcade."""
    try:
        return describe(exc, source, *args)
    except Exception:
        log.exception("could not describe %r", exc)
        return f"{source}: {exc}"


def describe(
    exc: BaseException, source: str, type: Any = None, text: str | None = None, data: Any = msgspec.UNSET
) -> str:
    """`source[, line N]: 'entry': problem; it must be <the field's description>`.
    Given the `data` that failed, the keys of a table msgspec leaves unnamed are found."""
    if isinstance(exc, RecursionError):
        return f"{source}: nested too deep to read"
    message = str(exc)
    if isinstance(exc, msgspec.DecodeError) and not isinstance(exc, msgspec.ValidationError):
        return f"{source}: not valid JSON ({message[:1].lower() + message[1:]})"
    problem, _sep, at = message.partition(" - at `")
    at = at.removesuffix("`")
    keys = _path(at.removeprefix("key` in `"))
    hint = _hint(type, keys) if type is not None else ""
    unknown = re.search(r"unknown field `([^`]*)`", problem)
    bad_key = re.match(r"Invalid enum value '([^']*)'", problem) if at.startswith("key`") else None
    if data is not msgspec.UNSET and type is not None:
        keys = _locate(keys, data, type)
    if unknown or bad_key:  # a key that is not one: no hint of its value's type
        keys.append((unknown or bad_key).group(1))  # type: ignore[union-attr]
        hint = ""
    return fault(source, text, keys, problem + (f"; it must be {hint}" if hint else "")).args[0]


def fault(source: str, text: str | None, keys: list[str | int], problem: str) -> SchemaError:
    """The error for `problem` at `keys` (["kiosk", "pin_tries"]; a dict's
    unnamed key is "[...]") of `source`, with its line if `text` is given."""
    line = line_of(text, keys) if text else None
    where = source + (f", line {line}" if line else "")
    entry = ""
    for key in keys:
        entry += f"[{key}]" if isinstance(key, int) else "" if key == "[...]" else ("." if entry else "") + key
    return SchemaError(f"{where}: " + (f"'{entry}': " if entry else "") + problem)


def _path(at: str) -> list[str | int]:
    """msgspec's `$.seats[0].kind` as ["seats", 0, "kind"] (a dict's value: "[...]")."""
    keys: list[str | int] = []
    for m in re.finditer(r"\.([^.\[]+)|\[(\d+)\]|(\[\.\.\.\])", at.removeprefix("$")):
        keys.append(m.group(1) if m.group(1) is not None else int(m.group(2)) if m.group(2) else "[...]")
    return keys


def _locate(keys: list[str | int], data: Any, type: Any) -> list[str | int]:
    """`keys` with each unnamed table key ("[...]") replaced by the first key of
    `data` there whose value does not fit (msgspec names list items, not keys)."""
    found: list[str | int] = []
    for i, key in enumerate(keys):
        type = _bare(type)
        if isinstance(type, builtins.type) and issubclass(type, msgspec.Struct) and isinstance(key, str):
            type = next((f.type for f in msgspec.structs.fields(type) if f.name == key), Any)
        elif get_origin(type) in (list, dict):
            if key == "[...]" and isinstance(data, dict):
                key = next((k for k, v in data.items() if not _fits({k: v}, type)), key)
                if key == "[...]":
                    return found + keys[i:]
            type = get_args(type)[-1]
        else:
            type = Any
        found.append(key)
        try:
            data = data[key]
        except (LookupError, TypeError):
            return found + keys[i + 1 :]
    return found


def _bare(type: Any) -> Any:
    """The type under Annotated[...] and Optional[...]."""
    while True:
        if get_origin(type) is Annotated:
            type = get_args(type)[0]
        elif get_origin(type) in (Union, UnionType) and len([a for a in get_args(type) if a is not NoneType]) == 1:
            type = next(a for a in get_args(type) if a is not NoneType)
        else:
            return type


def _fits(data: Any, type: Any) -> bool:
    try:
        msgspec.convert(data, type=type, strict=True)
    except (msgspec.ValidationError, RecursionError):
        return False
    return True


def _hint(type: Any, keys: list[str | int]) -> str:
    """The deepest `Meta(description=...)` on the way to the culprit."""
    from msgspec import inspect

    hint = ""
    info: Any = inspect.type_info(type)
    for key in [*keys, None]:
        while isinstance(info, inspect.Metadata | inspect.UnionType):
            if isinstance(info, inspect.UnionType):
                inner = [t for t in info.types if not isinstance(t, inspect.NoneType)]
                if len(inner) != 1:
                    return hint
                info = inner[0]
                continue
            hint = (info.extra_json_schema or {}).get("description", hint)
            info = info.type
        if key is None:
            break
        if isinstance(info, inspect.StructType | inspect.DataclassType):
            info = next((f.type for f in info.fields if f.name == key), None)
        elif isinstance(info, inspect.DictType):
            info = info.value_type
        elif isinstance(info, inspect.ListType | inspect.VarTupleType):
            info = info.item_type
        else:
            break
    return hint


_HEADER = re.compile(r"\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_ASSIGN = re.compile(
    r"\s*((?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*'))*)\s*="
)


def _dotted(key: str) -> list[str]:
    return [p.strip().strip("\"'") for p in re.findall(r"\"[^\"]*\"|'[^']*'|[^.]+", key)]


def _keys_by_line(text: str) -> Iterator[tuple[int, list[str]]]:
    table: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header and not _ASSIGN.match(line):
            table = _dotted(header.group(1))
            yield number, table
            continue
        assign = _ASSIGN.match(line)
        if assign:
            yield number, table + _dotted(assign.group(1))


def line_of(text: str, path: list[str | int]) -> int | None:
    """The line of a TOML file that sets (or opens the table of) the deepest of
    `path` it can find: ["kiosk", "pin_tries"] is the `pin_tries =` under [kiosk]
    ("[...]" stands for any key, list indexes are left out)."""
    keys = [k for k in path if isinstance(k, str)]
    best, best_depth = None, 0
    for number, full in _keys_by_line(text):
        depth = 0
        while depth < min(len(full), len(keys)) and keys[depth] in (full[depth], "[...]"):
            depth += 1
        if depth == min(len(full), len(keys)) and depth > best_depth:
            best, best_depth = number, depth
    return best


def set_aside(path: Path, problem: str = "") -> Path:
    """Keep a file that cannot be used as `<name>.broken` (`.broken-2`, ... if one
    is there already: an earlier one is never overwritten) and log why. Returns
    where the file is now (where it was, if it could not be moved)."""
    aside = path.with_name(path.name + ".broken")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.broken-{n}")
    try:
        os.replace(path, aside)
    except OSError as exc:  # a read-only folder: the file stays where it is, reported again next time
        log.error("%s cannot be set aside (%s)%s", path, exc.strerror or exc, f": {problem}" if problem else "")
        return path
    log.warning("%s set aside as %s%s", path, aside.name, f": {problem}" if problem else "")
    return aside
