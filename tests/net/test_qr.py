"""The host's QR codes: what is printed is the code segno makes of the address, cell
for cell, in characters one column wide; a code that does not fit is not printed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.cells import cell_len

from tabletop_tui.net import cli
from tabletop_tui.net.qr import CELLS, QUIET, qr_lines, qr_matrix

ADDRESS = "http://192.168.100.200:8766/seat/Xq3-_abcDEFghiJKLmnoPQRs"


def modules_of(lines: list[str]) -> list[list[bool]]:
    """The modules the printed lines draw (True: dark), read back from the characters."""
    pair_of = {char: pair for pair, char in CELLS.items()}
    rows: list[list[bool]] = []
    for line in lines:
        pairs = [pair_of[char] for char in line]
        rows.append([not up for up, _ in pairs])
        rows.append([not down for _, down in pairs])
    return rows


def test_the_printed_cells_are_the_librarys_matrix_of_the_address():
    matrix = qr_matrix(ADDRESS)
    drawn = modules_of(qr_lines(ADDRESS))
    assert drawn[: len(matrix)] == matrix
    # an odd count of rows is completed by a light row, part of the quiet border
    assert all(not dark for row in drawn[len(matrix) :] for dark in row)


def test_the_code_keeps_its_quiet_border_and_finder_patterns():
    matrix = qr_matrix(ADDRESS)
    size = len(matrix)
    assert all(len(row) == size for row in matrix)
    for i in range(QUIET):  # four light modules on every side
        assert not any(matrix[i]) and not any(matrix[size - 1 - i])
        assert not any(row[i] or row[size - 1 - i] for row in matrix)
    # the top-left finder: a dark 7x7 ring round a light ring round a dark 3x3
    finder = [row[QUIET : QUIET + 7] for row in matrix[QUIET : QUIET + 7]]
    assert all(finder[0]) and all(finder[6])
    assert not any(finder[1][1:6]) and all(finder[3][2:5])


def test_every_character_is_one_column_wide():
    for line in qr_lines(ADDRESS):
        assert set(line) <= set(CELLS.values())
        assert cell_len(line) == len(line)


def table_of(kinds: list[str]) -> SimpleNamespace:
    state = SimpleNamespace(players=[f"P{i}" for i in range(len(kinds))], is_over=False)
    return SimpleNamespace(state=state, kinds=kinds, tokens=[f"tok{i}" for i in range(len(kinds))])


def test_the_host_prints_a_code_under_each_seat_reachable_from_elsewhere(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "40")
    cli._print_addresses(table_of(["remote", "bot", "remote"]), "10.0.0.5", 9000, Path("s"), True)
    out = capsys.readouterr().out.splitlines()
    for seat in (0, 2):
        at = next(i for i, line in enumerate(out) if line.startswith(f"Seat {seat + 1} "))
        code = qr_lines(f"http://10.0.0.5:9000/seat/tok{seat}")
        assert out[at + 1 : at + 1 + len(code)] == code  # not coloured: not a terminal
    assert cli.LOOPBACK_QR_NOTE not in out


def test_a_code_that_does_not_fit_the_terminal_is_not_printed(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    monkeypatch.setenv("LINES", "40")
    cli._print_addresses(table_of(["remote"]), "10.0.0.5", 9000, Path("s"), True)
    out = capsys.readouterr().out
    assert "does not fit this terminal" in out
    assert not set(out) & {"\u2580", "\u2584", "\u2588"}


def test_a_loopback_address_gets_no_code_and_says_why(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "40")
    cli._print_addresses(table_of(["remote"]), "127.0.0.1", 9000, Path("s"), False)
    out = capsys.readouterr().out
    assert cli.LOOPBACK_QR_NOTE in out.splitlines()
    assert not set(out) & {"\u2580", "\u2584", "\u2588"}


def png_of(modules: list[list[bool]], scale: int = 4) -> bytes:
    """A greyscale PNG of the modules (dark black, light white), ``scale`` pixels each."""
    import struct
    import zlib

    rows = b"".join(
        b"\x00" + bytes(0 if dark else 255 for dark in row for _ in range(scale))
        for row in modules
        for _ in range(scale)
    )
    width, height = len(modules[0]) * scale, len(modules) * scale

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="no QR decoder (apt: zbar-tools)")
def test_the_printed_code_decodes_back_to_the_address(tmp_path):
    picture = tmp_path / "code.png"
    picture.write_bytes(png_of(modules_of(qr_lines(ADDRESS))))
    read = subprocess.run(
        ["zbarimg", "--raw", "-q", str(picture)], capture_output=True, text=True, timeout=20
    )
    assert read.stdout.strip() == ADDRESS
