"""Tile codes (:mod:`mjcalc.tiles`): the table of codes is the codes worked out."""

from __future__ import annotations

from mjcalc.tiles import N_ALL, code, rank_of, suit_of


def test_tile_codes_read_from_the_table_are_the_worked_out_codes() -> None:
    for t in range(-3, N_ALL + 3):  # values that are no tile too: never another tile's entry
        assert code(t) == f"{rank_of(t)}{suit_of(t)}"
