"""`python -m game.kiosk ...`: see game/kiosk/cli.py."""

import sys

from .cli import main

sys.exit(main())
