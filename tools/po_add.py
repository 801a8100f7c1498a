"""Add translations to a catalogue: python tools/po_add.py FILE.po < pairs.json
(a JSON object msgid -> msgstr)."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from game.i18n import read_po, write_po

path = Path(sys.argv[1])
entries = read_po(path) if path.exists() else {}
entries.update(json.load(sys.stdin))
write_po(path, entries)
