"""The kiosk's back end: no screens, no pygame (tests/test_purity.py checks).

Modules: `notify` (systemd's READY/WATCHDOG/STATUS/STOPPING), `crashloop`
(did the last run crash, are we looping), `stats` (the statistics database),
`halloffame`, `pin` (operator PIN, lockout, hidden gesture), `cli` (``python -m game.kiosk``).
Importing this package imports nothing heavy: each module is imported where used.

How the app uses this
=====================

At start (``python -m game kiosk``, or ``settings.kiosk.enabled``)::

    notifier = notify.Notifier()                   # no-op without $NOTIFY_SOCKET
    heartbeat = notify.Heartbeat.from_env(notifier)
    starts = crashloop.Starts.in_dir(data_dir())
    check = starts.record_start()                  # before looking at the save
    stats = stats_.Stats.open(settings.kiosk.stats_url, data_dir=data_dir(),
                              cabinet=settings.kiosk.cabinet or None)   # returns at once
    hall = halloffame.HallOfFame(stats)
    doc = saves.read()                             # ValueError: set it aside, attract mode
    if check.crashed:
        stats.crash(check.describe(), game_ref=doc and doc.get("stats_ref"))
    if check.fall_back and doc:                    # 3 crashes within a minute
        saves.set_aside(); stats.game_abandoned(doc.get("stats_ref"), "crash loop")
        -> attract mode
    elif doc:  -> resume it at once, no question (kiosk mode), under the same stats_ref
    else:      -> attract mode
    signal.signal(SIGTERM, ...)  -> end the loop cleanly (systemctl stop is no crash)

Per drawn frame, right after ``pygame.display.flip()`` (never per step, never from
a thread: the heartbeat must mean "frames are being drawn")::

    heartbeat.beat()                               # WATCHDOG=1 at most every WatchdogSec/2
    if first_frame: notifier.ready("attract mode") # once, when something is on screen

Per game event (a Session's life)::

    ref = stats.game_started(gdef.id, session.seats, session.options, demo=is_attract_demo)
        # keep `ref` in the save document ("stats_ref") so a resumed game goes on under it;
        # demo=True records nothing and returns None, and None is ignored below
    stats.game_finished(ref, state.winners(), state.scores(), actions=len(state.log))
    stats.game_abandoned(ref, "quit to the menu", actions=len(state.log))
    stats.crash(traceback_text, game_ref=ref)      # in App.recover()
    stats.buzzer_fault(box_id, station, "unplugged", game_ref=ref)   # from the buzzer notices
    notifier.status(f"playing {gdef.id}")          # optional: shows in systemctl status

After a win, for each kind the game keeps (`halloffame.kinds(game)`)::

    if hall.qualifies(game, kind, value):  -> the initials screen (three letters A-Z)
        hall.record(game, kind, value, initials, game_ref=ref)

Attract mode: ``hall.board(game, wait=False)`` is a Future of {kind: {"today": [...],
"all_time": [...]}} (take ``.result()`` once ``.done()``; it never raises).

Operator menu: feed taps/clicks to ``gesture.feed(pin.corner_token(x, y, size),
time.monotonic())`` (`pin.Gesture`: the four corners clockwise within 5 s), and
watch for decks 1 and 5 held together for 5 s on one controller (the app's
game/app/kiosk.py does both); then show the PIN pad, then ``gate.attempt(digits)`` with
``gate = pin.PinGate(settings.kiosk.operator_pin, settings.kiosk.pin_tries,
settings.kiosk.pin_lock_seconds, state_path=data_dir() / "operator-pin.json")``
→ Verdict OPEN / WRONG (tries_left) / LOCKED (seconds_left) / NO_PIN / SHORT (fewer
than 6 digits: set a new PIN); an OPEN with ``new_hash`` (an older, cheaper hash made
again) is stored in the settings. A check costs ~0.3-0.6 s (scrypt N=2**17): once per
PIN entered. The operator screen plots
``stats.games_per_day(since=...)`` and ``stats.games_per_game()``, exports with
``stats.export_csv(path)`` (None: the database could not be read) and shows
``stats.status()`` (pending records, last error).

At shutdown, in this order::

    notifier.stopping()
    stats.close(timeout=2)                         # keep under the unit's TimeoutStopSec=5
    starts.mark_clean_shutdown()                   # last: only a run that got here is clean

Every call above is safe when the database is down: records queue and retry,
queries answer empty (see `stats`).
"""
