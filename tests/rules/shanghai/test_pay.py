"""Shanghai: who pays (discard, self-draw, 抢杠, 承包), 八花齐, stake and options, the CLI;
the amounts owed against the shares owed.

Most hands are the 碰碰胡 111m 222p 333s 444m 55p with no flowers: (0 + 1) × 2^2 = 4 a share,
under the one-勒子 cap of 10. Winner E unless told.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcalc.cli import cli
from tests.rules.shanghai.helpers import error, hu, item, item_ids, nets, score

PUNGS = "111m222p333s444m55p"  # 碰碰胡, a share of 4
# 抢杠 takes the fourth copy, so the winner holds only the tile it robs: a chow's end
ROB = {"hand": "123m456m789m234m55z", "win_tile": "1m"}  # 混一色, a share of 4

# --- discard and self-draw -------------------------------------------------------------------


def test_discard_win_only_the_discarder_pays_one_share() -> None:
    result = score(PUNGS, discarder="W")
    assert item(result, "discard").seats == ["W"]
    assert result.sections["hu"] == nets(4, 0, -4, 0)
    assert result.payments == nets(4, 0, -4, 0)


def test_self_draw_each_other_seat_pays_one_undoubled_share() -> None:
    # self-draw does not double: 4 from each, 3 × 4 = 12
    result = score(PUNGS)
    assert item(result, "self_draw").seats == ["S", "W", "N"]
    assert result.sections["hu"] == nets(12, -4, -4, -4)


def test_after_kong_is_paid_as_a_self_draw() -> None:
    # 碰碰胡 + 杠开 with a 1111m 暗杠 (2 flowers): (2 + 1) × 2^3 = 24 → cap 10 from each
    assert hu("222p333s444m55p (1111m)", after_kong=True) == nets(30, -10, -10, -10)


@pytest.mark.parametrize("dealer", ["E", "S", "W", "N"])
def test_no_dealer_bonus(dealer: str) -> None:
    # the same 4 a share whoever deals, self-drawn or off a discard
    assert hu(PUNGS, dealer=dealer) == nets(12, -4, -4, -4)
    assert hu(PUNGS, dealer=dealer, discarder="S") == nets(4, -4, 0, 0)


def test_winner_in_another_seat() -> None:
    assert hu(PUNGS, winner="N", discarder="E") == nets(-4, 0, 0, 4)
    assert hu(PUNGS, winner="S") == nets(-4, 12, -4, -4)


# --- 抢杠 ------------------------------------------------------------------------------------


def test_robbing_kong_kong_maker_pays_all_three_shares() -> None:
    # scored as a self-draw (3 shares of 4), all paid by W, the kong maker: 12
    result = score(**ROB, robbing_kong=True, discarder="W")
    assert item(result, "robbing_kong").seats == ["W"]
    assert "self_draw" not in item_ids(result)
    assert result.sections["hu"] == nets(12, 0, -12, 0)


# --- 承包 ------------------------------------------------------------------------------------


def test_liable_on_a_discard_win_pays_one_share_more() -> None:
    # S discards: 1 share (4); N liable: 1 more (4)
    result = score(PUNGS, discarder="S", liable=["N"])
    assert item(result, "liable").seats == ["N"]
    assert result.sections["hu"] == nets(8, -4, 0, -4)


def test_liable_discarder_pays_both_shares() -> None:
    # S discards and is liable: 1 + 1 = 2 shares, 8
    assert hu(PUNGS, discarder="S", liable=["S"]) == nets(8, -8, 0, 0)


def test_liable_on_a_self_draw_pays_three_shares_in_all() -> None:
    # W liable: 3 shares (12) instead of 1; S and N 1 each (4). E: 12 + 4 + 4 = 20
    result = score(PUNGS, liable=["W"])
    assert item(result, "liable").effect == "3 shares in all"
    assert result.sections["hu"] == nets(20, -4, -12, -4)


def test_two_liable_seats_on_a_self_draw() -> None:
    # S and W 3 shares each (12), N 1 (4): 28
    assert hu(PUNGS, liable=["S", "W"]) == nets(28, -12, -12, -4)


def test_liable_on_robbing_kong_pays_three_shares_more() -> None:
    # W, the kong maker: 3 shares (12); N liable: 3 more (12). E: 24
    assert hu(**ROB, robbing_kong=True, discarder="W", liable=["N"]) == nets(24, 0, -12, -12)


def test_liable_kong_maker_pays_both_parts() -> None:
    # W robbed and liable: 3 + 3 = 6 shares, 24
    assert hu(**ROB, robbing_kong=True, discarder="W", liable=["W"]) == nets(24, 0, -24, 0)


def test_liable_shares_are_capped_shares() -> None:
    # 清碰 32 → 20 a share; self-draw with S liable: S 60, W 20, N 20
    assert hu("111m333m555m777m99m", liable=["S"]) == nets(100, -60, -20, -20)


def test_liable_winner_is_invalid_request() -> None:
    err = error(PUNGS, liable=["E"])
    assert err.code == "invalid_request"
    assert "winner" in err.message


def test_liable_seat_twice_is_invalid_request() -> None:
    err = error(PUNGS, liable=["S", "S"])
    assert err.code == "invalid_request"
    assert "twice" in err.message


# --- 八花齐 -----------------------------------------------------------------------------------


def test_eight_flowers_wins_at_once_with_an_incomplete_hand() -> None:
    # each other seat pays one 勒子 flat: 10 × 3
    result = score("123m456p 12345678f")
    assert result.pattern is not None and result.pattern.id == "eight_flowers"
    assert result.sections["hu"] == nets(30, -10, -10, -10)


def test_eight_flowers_by_count_wins_with_a_thirteen_tile_hand() -> None:
    assert hu("123m456m789m123m5m", flowers=8) == nets(30, -10, -10, -10)


def test_eight_flowers_wins_with_a_complete_illegal_hand() -> None:
    # a mixed chow hand may not win, but 八花齐 does: 10 from each
    result = score("123m456p789s11122z 12345678f")
    assert result.pattern is not None and result.pattern.id == "eight_flowers"
    assert result.sections["hu"] == nets(30, -10, -10, -10)


def test_eight_flowers_alone_is_flat_whatever_the_situation() -> None:
    # no fan, cap or 承包 apply to the flat 勒子
    fields = {"after_kong": True, "kaibao": 2, "huangfan": 1, "liable": ["S"]}
    # (杠开 needs a kong to draw after: the hand shows one)
    assert hu("123m (4444p) 12345678f", **fields) == nets(30, -10, -10, -10)
    assert hu("123m456p 12345678f", options={"lezi": 25}) == nets(75, -25, -25, -25)


def test_eight_flowers_alone_has_no_discarder() -> None:
    err = error("123m456p 12345678f", discarder="S")
    assert err.code == "not_winning"
    assert "八花齐" in err.message
    assert error("123m456p789s11122z 12345678f", discarder="S").code == "illegal_win"


def test_eight_flowers_with_a_win_adds_one_lezi_per_share_off_a_discard() -> None:
    # 碰碰胡 with 8 flowers: (8 + 1) × 2^2 = 36 → cap 10; + 勒子 10 = 20 from S
    result = score(PUNGS + " 12345678f", discarder="S")
    assert result.pattern is not None and result.pattern.id == "all_pungs"
    assert item(result, "eight_flowers").add == 10
    assert result.sections["hu"] == nets(20, -20, 0, 0)


def test_eight_flowers_with_a_self_drawn_win() -> None:
    # 20 a share from each of three: 60
    assert hu(PUNGS, flowers=8) == nets(60, -20, -20, -20)


def test_eight_flowers_bonus_comes_after_the_cap() -> None:
    # lezi 50: (8 + 1) × 4 = 36 is under the cap; 36 + 50 = 86 from S
    assert hu(PUNGS, flowers=8, discarder="S", options={"lezi": 50}) == nets(86, -86, 0, 0)


def test_eight_flowers_bonus_on_every_liable_and_robbed_share() -> None:
    # 20 a share. Discard by S, W liable: 20 each. 抢杠 by S, W liable: 3 × 20 = 60 each
    assert hu(PUNGS, flowers=8, discarder="S", liable=["W"]) == nets(40, -20, -20, 0)
    fields = {"robbing_kong": True, "discarder": "S", "liable": ["W"]}
    assert hu(**ROB, flowers=8, **fields) == nets(120, -60, -60, 0)


# --- stake and options -----------------------------------------------------------------------


def test_stake_multiplies_every_amount() -> None:
    # 4 a share × stake 5 = 20 from each of three
    result = score(PUNGS, options={"stake": 5})
    assert item(result, "stake").factor == 5
    assert result.payments == nets(60, -20, -20, -20)


def test_base_option() -> None:
    # base 3: (0 + 3) × 2^2 = 12 → cap 10; with 1 flower and lezi 100: (1 + 3) × 4 = 16
    assert hu(PUNGS, discarder="S", options={"base": 3}) == nets(10, -10, 0, 0)
    assert hu(PUNGS, discarder="S", flowers=1, options={"base": 3, "lezi": 100}) == nets(
        16, -16, 0, 0
    )


def test_lezi_option() -> None:
    # 清一色 16 → lezi 12; 清碰 32 → 2 × 12 = 24
    assert hu("123m456m789m123m55m", discarder="S", options={"lezi": 12}) == nets(12, -12, 0, 0)
    assert hu("111m333m555m777m99m", discarder="S", options={"lezi": 12}) == nets(24, -24, 0, 0)


def test_session_options_are_accepted_and_do_not_change_a_hand() -> None:
    assert hu(PUNGS, options={"fee": 5, "escape_lezi": 2}) == nets(12, -4, -4, -4)


@pytest.mark.parametrize(
    "options",
    [{"lezi": 0}, {"base": -1}, {"stake": 0}, {"fee": -1}, {"escape_lezi": -1}, {"bawang": 1}],
)
def test_bad_options_are_invalid_request(options: dict[str, int]) -> None:
    assert error(PUNGS, options=options).code == "invalid_request"


def test_house_rule_file_overrides_base_and_lezi(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('ruleset = "shanghai"\n[options]\nbase = 2\nlezi = 50\n', encoding="utf-8")
    # 清一色 with base 2: (0 + 2) × 2^4 = 32 ≤ 50
    result = score("123m456m789m123m55m", rules=str(path), discarder="S")
    assert result.sections["hu"] == nets(32, -32, 0, 0)
    # the request's options override the file: lezi 20 caps the 32
    result = score("123m456m789m123m55m", rules=str(path), discarder="S", options={"lezi": 20})
    assert result.sections["hu"] == nets(20, -20, 0, 0)


def test_unknown_request_field_is_invalid_request() -> None:
    assert error(PUNGS, jing="1m").code == "invalid_request"


# --- the command line ------------------------------------------------------------------------


def _cli(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["score", *args, "--rules", "shanghai", "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_cli_discard_with_flowers() -> None:
    # 碰碰胡 + 3 flowers: (3 + 1) × 4 = 16 → 10 from S
    data = _cli("111m222p333s444m55p", "--discarder", "S", "--flowers", "3")
    assert data["payments"] == nets(10, -10, 0, 0)


def test_cli_liable_and_kaibao() -> None:
    # 清一色 + 开宝: 1 × 2^5 = 32 → 2 勒子 20; self-draw, W liable: 60 from W, 20 from S and N
    data = _cli("123m456m789m123m55m", "--kaibao", "1", "--liable", "W")
    assert data["payments"] == nets(100, -20, -60, -20)


def test_cli_refused_hand_exits_1() -> None:
    result = CliRunner().invoke(
        cli, ["score", "123m456p789s11122z", "--rules", "shanghai", "--json"]
    )
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"]["code"] == "illegal_win"


def test_after_kong_with_a_discarder_is_invalid_request() -> None:
    assert error(PUNGS, after_kong=True, discarder="S").code == "invalid_request"


def test_one_discard_pays_each_winner_a_full_share() -> None:
    # 一炮多响: S's discard pays E its 碰碰胡 (4) and W its 清碰 (32 → 20), each in full
    assert hu(PUNGS, discarder="S") == nets(4, -4, 0, 0)
    assert hu("111m333m555m777m99m", winner="W", discarder="S") == nets(0, -20, 20, 0)


# --- liability = "full" and cap_scope = "payer" (docs/rules/shanghai.md options) ----------------

QINGPENG = "11122233344455m"  # 清碰, 5 fan: (0 + 1) × 2^5 = 32 a share, capped at 2 勒子 = 20
# no hand of pungs can be robbed (抢杠 leaves the winner one copy of the tile): 清一色 with one
# flower, 勒子 20: (1 + 1) × 2^4 = 32 a share, capped at 1 勒子 = 20, the same numbers
FLUSH_ROB = {"hand": "123m456m789m111m55m 1f", "win_tile": "2m"}


def test_full_liability_on_a_discard_win_the_liable_seat_pays_instead() -> None:
    # extra: S discards (1 share, 20) and W is liable (1 more, 20) → E +40
    assert hu(QINGPENG, discarder="S", liable=["W"]) == nets(40, -20, -20, 0)
    # full: W pays the discarder's share instead; S pays nothing → E +20
    full = score(QINGPENG, discarder="S", liable=["W"], options={"liability": "full"})
    assert full.sections["hu"] == nets(20, 0, -20, 0)
    assert item(full, "liable").effect == "pays every share"


def test_full_liability_on_a_self_draw_the_liable_seat_pays_all_three_shares() -> None:
    # extra: W pays 3 shares (60), S and N one each (20) → E +100
    assert hu(QINGPENG, liable=["W"]) == nets(100, -20, -60, -20)
    # full: W pays the three shares alone, 3 × 20 = 60 → E +60
    assert hu(QINGPENG, liable=["W"], options={"liability": "full"}) == nets(60, 0, -60, 0)


def test_full_liability_split_among_liable_seats_remainder_to_the_first_after_the_winner() -> None:
    # 混一色 with 2 flowers and 勒子 = 7: (2 + 1) × 2^2 = 12 → capped at 7 a share.
    # Self-draw by E, S and N liable: 3 shares × 7 = 21 shared by S and N: 21 = 10 + 10 + 1,
    # the odd 1 to S (the first liable seat after E in play order) → S 11, N 10.
    hand = "123m456m789m123m11z 1f2f"
    result = score(hand, liable=["N", "S"], options={"liability": "full", "lezi": 7})
    assert result.sections["hu"] == nets(21, -11, 0, -10)
    # and the winner in another seat: N wins, E and W liable; order after N is E, S, W → E 11
    result = score(hand, winner="N", liable=["W", "E"], options={"liability": "full", "lezi": 7})
    assert result.sections["hu"] == nets(-11, 0, -10, 21)


def test_full_liability_on_a_robbed_kong() -> None:
    # 抢杠 off S with W liable. extra: S pays 3 shares (60), W 3 more (60) → E +120.
    # full: W pays the kong maker's 3 shares instead, S nothing → E +60.
    rob = {**FLUSH_ROB, "discarder": "S", "robbing_kong": True, "liable": ["W"]}
    assert hu(**rob, options={"lezi": 20}) == nets(120, -60, -60, 0)
    full = hu(**rob, options={"lezi": 20, "liability": "full"})
    assert full == nets(60, 0, -60, 0)


def test_cap_per_payer_limits_a_seats_several_shares_together() -> None:
    # self-draw, W liable (3 shares). share: each share capped at 20 → W 60, S 20, N 20 (E +100).
    # payer: W's 3 shares together, min(3 × 32, 20) = 20; S and N min(32, 20) = 20 → E +60
    payer = score(QINGPENG, liable=["W"], options={"cap_scope": "payer"})
    assert payer.sections["hu"] == nets(60, -20, -20, -20)
    assert item(payer, "cap_payer").effect == "≤ 20 per payer"
    # 抢杠: the kong maker's 3 shares, 60 → 20
    payer = {"cap_scope": "payer", "lezi": 20}
    assert hu(**FLUSH_ROB, discarder="S", robbing_kong=True, options=payer) == nets(20, -20, 0, 0)


def test_cap_per_payer_changes_nothing_for_single_shares() -> None:
    # a discard win and a plain self-draw: every payer owes one share → the same as per share
    plain = score(QINGPENG, discarder="S", options={"cap_scope": "payer"})
    assert plain.sections["hu"] == nets(20, -20, 0, 0)
    assert "cap_payer" not in item_ids(plain)
    assert hu(QINGPENG, options={"cap_scope": "payer"}) == nets(60, -20, -20, -20)


def test_cap_per_payer_leaves_the_eight_flowers_bonus_outside() -> None:
    # 清一色 with all 8 flowers, 勒子 20: (8 + 1) × 2^4 = 144 a share, capped at 20, + 1 勒子 (20)
    # 八花齐 bonus per share. 抢杠 off S: share scope: 3 × (20 + 20) = 120;
    # payer scope: min(3 × 144, 20) + 3 × 20 = 80.
    rob = {"hand": "123m456m789m111m55m 12345678f", "win_tile": "2m", "discarder": "S"}
    assert hu(**rob, robbing_kong=True, options={"lezi": 20}) == nets(120, -120, 0, 0)
    payer = hu(**rob, robbing_kong=True, options={"cap_scope": "payer", "lezi": 20})
    assert payer == nets(80, -80, 0, 0)


def test_full_liability_with_a_payer_cap() -> None:
    # self-draw, S and W liable, full: 3 shares of the uncapped 32 = 96, split 48 / 48, each
    # capped at 20 as one payer's total → S 20, W 20 → E +40
    result = score(QINGPENG, liable=["S", "W"], options={"liability": "full", "cap_scope": "payer"})
    assert result.sections["hu"] == nets(40, -20, -20, 0)


def test_eight_flowers_typed_alone_win_on_the_eighth() -> None:
    # only 12345678f: 八花齐 wins on drawing the eighth flower; each other seat pays one 勒子 (10)
    result = score("12345678f")
    assert result.ok, result.error
    assert result.win_tile == "8f"
    assert result.hand == "12345678f"
    assert result.pattern is not None and result.pattern.id == "eight_flowers"
    assert result.payments == nets(30, -10, -10, -10)
    # the winning tile is the one written last
    assert score("87654321f").win_tile == "1f"
    # still no discarder: the eighth flower is drawn
    assert error("12345678f", discarder="S").code == "not_winning"
    # seven flowers alone are no hand at all
    assert error("1234567f").code == "invalid_hand"


# --- amounts owed against the shares owed ---------------------------------------------------------


def test_amounts_owed_without_liability_are_the_shares_owed_times_a_share() -> None:
    from mjcalc.rules.shanghai.pay import Payers, ShareValue, amounts_owed, shares_owed

    for winner in ("E", "S", "W", "N"):
        for discarder in (None, "E", "S", "W", "N"):
            if discarder == winner:
                continue
            for robbing in (False, True) if discarder else (False,):
                p = Payers(winner, discarder, robbing, ())
                for value in (ShareValue(10, 40, 10, 0), ShareValue(7, 7, 20, 10)):
                    long_way = {
                        s: n * (value.capped + value.bonus) for s, n in shares_owed(p).items()
                    }
                    for liability in ("extra", "full"):
                        owed = amounts_owed(p, value, liability, "share")
                        assert owed == long_way and list(owed) == list(long_way)


def test_hu_settlement_is_the_items_and_section_worked_out_each_time() -> None:
    """The memo of payments gives what the payment's own steps give, for every seat, 承包 and
    cap scope; under the per-share cap, two shares capped alike share an entry (so the share
    before its cap must not reach the result); each call gets its own section."""
    from mjcalc.rules.shanghai import pay
    from mjcalc.rules.shanghai.pay import Payers, ShareValue

    values = (ShareValue(10, 40, 10, 0), ShareValue(10, 12, 10, 0), ShareValue(7, 7, 20, 10))
    checked = 0
    for winner in ("E", "S", "W", "N"):
        for discarder in (None, "E", "S", "W", "N"):
            if discarder == winner:
                continue
            for robbing in (False, True) if discarder else (False,):
                for liable in ((), tuple(s for s in ("S", "N") if s != winner)[:1]):
                    p = Payers(winner, discarder, robbing, liable)
                    for value in values:
                        for liability in ("extra", "full"):
                            for scope in ("share", "payer"):
                                items = pay.settlement_items(
                                    p, value.capped + value.bonus, liability
                                )
                                if scope == "payer" and pay.payer_cap_bites(p, value, liability):
                                    items.append(pay.payer_cap_item(value.cap))
                                owed = pay.amounts_owed(p, value, liability, scope)
                                section = pay.settle(winner, owed)
                                got_items, got = pay.hu_settlement(p, value, liability, scope)
                                assert list(got_items) == items
                                assert got == section and sum(got.values()) == 0
                                got[winner] += 1  # a caller's change stays in its own copy
                                assert pay.hu_settlement(p, value, liability, scope)[1] == section
                                checked += 1
    assert checked == 4 * 7 * 2 * 3 * 2 * 2
    # the payer cap bites on the first value, not under the per-share cap
    p = Payers("E", None, False, ())
    assert pay.hu_settlement(p, values[0], "extra", "payer")[1] == {
        "E": 30,
        "S": -10,
        "W": -10,
        "N": -10,
    }
    assert pay.hu_settlement(p, values[0], "extra", "share")[1] == {
        "E": 30,
        "S": -10,
        "W": -10,
        "N": -10,
    }
    assert pay.hu_settlement(p, values[2], "extra", "share")[1] == {
        "E": 51,
        "S": -17,
        "W": -17,
        "N": -17,
    }
