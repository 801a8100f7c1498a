"""The C unit tests of firmware/wokbox/src, and the example frames of
PROTOCOL.md checked against the firmware's own code and the Python codec."""
import re
import subprocess
import zlib

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


def test_the_firmwares_crc32_is_zlibs(host_build):
    """The box's table-of-nibbles CRC-32 against the host's zlib.crc32, on the
    check string and on every length up to a whole frame."""
    out = subprocess.run([str(host_build / "examples"), "--crc"], capture_output=True, text=True,
                         check=True).stdout
    vectors = dict(line.removeprefix("CRC32 ").split(": ") for line in out.splitlines())
    assert int(vectors.pop("check"), 16) == zlib.crc32(b"123456789") == 0xCBF43926
    pattern = bytes((i * 151 + 7) & 0xFF for i in range(protocol.MAX_FRAME))
    assert sorted(map(int, vectors)) == list(range(protocol.MAX_FRAME + 1))
    for n, crc in vectors.items():
        assert int(crc, 16) == zlib.crc32(pattern[: int(n)]), n
