"""Wok Arcade: a party arcade of cooking tabletop games."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
