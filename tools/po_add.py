"""Add translations to a catalogue: python tools/po_add.py FILE.po < pairs.json
(a JSON object msgid -> msgstr, or msgid -> [forms] for a plural entry). An
msgid the catalogue does not have is refused: run `python -m game i18n` first."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from game.i18n import read_catalogue, write_catalogue

path = Path(sys.argv[1])
lang = path.stem
catalog = read_catalogue(path, lang)
unknown = []
for msgid, text in json.load(sys.stdin).items():
    message = catalog.get(msgid)
    if message is None:
        unknown.append(msgid)
        continue
    message.string = tuple(text) if isinstance(message.id, (list, tuple)) else text
    message.flags.discard("fuzzy")
write_catalogue(path, catalog)
if unknown:
    sys.exit(f"{path}: not in the catalogue (run python -m game i18n): {unknown}")
