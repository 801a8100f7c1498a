"""The C unit tests of firmware/wokbox/src, and the example frames of
PROTOCOL.md checked against the firmware's own code and the Python codec."""
import re
import subprocess

from game.hardware import protocol
from game.hardware.simbox import FIRMWARE_DIR


def test_c_unit_tests_pass(host_build):
    result = subprocess.run([str(host_build / "unit_tests")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
    assert re.search(r"^\d+ passed, 0 failed$", result.stdout, re.M)


def c_examples(host_build) -> dict[str, bytes]:
    out = subprocess.run([str(host_build / "examples")], capture_output=True, text=True,
                         check=True).stdout
    return {name: bytes.fromhex(hexes) for name, hexes in
            (line.split(": ") for line in out.splitlines())}


def test_example_frames_decode_and_reencode_identically(host_build):
    for name, wire in c_examples(host_build).items():
        decoder = protocol.FrameDecoder()
        messages = decoder.feed(wire)
        if name == "BAD_TYPE":
            assert messages == [] and decoder.unknown_types == 1
            continue
        assert len(messages) == 1 and decoder.errors == 0, name
        assert protocol.encode(messages[0]) == wire, name


def test_protocol_md_shows_the_firmwares_frames(host_build):
    doc = (FIRMWARE_DIR / "PROTOCOL.md").read_text()
    for name, wire in c_examples(host_build).items():
        assert wire.hex(" ") in doc, f"PROTOCOL.md lacks the current {name} frame {wire.hex(' ')}"
