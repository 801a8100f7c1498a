"""Alembic migrations of the statistics database, run by `Stats` at open
(`game.kiosk.stats.migrate`). Each file in versions/ is one step, never edited
once released; see game/kiosk/schema.py for how to add one."""
