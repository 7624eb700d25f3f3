"""Texts of input limits and hostile input: refused files, bounded fields, I/O.

Lines that cannot be decoded have their texts in :mod:`mjcalc.i18n.lines`, shared by batch and
session.

Keys: ``err.input.*`` for errors in results, ``warn.*`` for warnings, ``usage.*`` for usage
errors of the command line, ``io.*`` for the one line printed when the output cannot be written.
"""

from __future__ import annotations

LIMIT_TEXTS: dict[str, tuple[str, str]] = {
    "err.input.rules_file": (
        "no ruleset '{name}': give a bundled name ({known}) or a readable regular"
        " .toml file of at most 1 MiB",
        "没有规则 '{name}'：请给出内置规则名（{known}）或一个可读、不超过 1 MiB 的普通 .toml 文件",
    ),
    "err.input.rules_not_utf8": (
        "ruleset file {name} is not UTF-8 text",
        "规则文件 {name} 不是 UTF-8 文本",
    ),
    "err.input.rules_nested": (
        "ruleset file {name} is nested too deeply to be a ruleset file",
        "规则文件 {name} 嵌套过深，不是规则文件",
    ),
    "err.input.rules_deep_key": (
        "ruleset file {name} has a key of more than {limit} dotted parts",
        "规则文件 {name} 有超过 {limit} 段的点分键",
    ),
    "err.input.rules_number": (
        "ruleset file {name} holds a number too long to read (more than 4300 digits)",
        "规则文件 {name} 含有过长的数字（超过 4300 位），无法读取",
    ),
    "err.input.rules_description": (
        "ruleset file {name}: description must be a string",
        "规则文件 {name}：description 必须是字符串",
    ),
    "err.input.ruleset_key": (
        "ruleset file {file}: ruleset = '{value}' is not a known ruleset (known: {known})",
        "规则文件 {file}：ruleset = '{value}' 不是已知规则（已知：{known}）",
    ),
    "err.input.rules_long": (
        "field 'rules': at most {limit} characters",
        "字段 'rules'：最多 {limit} 个字符",
    ),
    "err.input.kongs_per_seat": (
        "kongs: seat {seat} makes {n} kongs; a seat can make at most 4",
        "kongs：{seat} 家开了 {n} 个杠；每家最多 4 个",
    ),
    "err.input.kong_copies": (
        "kongs: {seat}'s kong of {tile} needs all 4 copies, but {held} are already in the"
        " winner's hand or another kong",
        "kongs：{seat} 家的 {tile} 杠需要全部 4 张，但胡家手牌或其他杠里已有 {held} 张",
    ),
    "err.input.kong_flower": (
        "kongs.tile: {tile} is a flower; a kong is made of a playing tile",
        "kongs.tile：{tile} 是花牌；杠只能由普通牌组成",
    ),
    "warn.no_effect_field": (
        "'{name}' changes nothing in this ruleset; it was ignored",
        "'{name}' 在此规则中不影响计分，已忽略",
    ),
    "warn.session_option": (
        "option '{name}' is used only by `mjcalc session`; it does not change a single hand",
        "选项 '{name}' 只用于 `mjcalc session`，不影响单手牌的计分",
    ),
    "usage.pair": (
        "expected SEAT=A,B (two whole numbers), got {text}",
        "应为 SEAT=A,B（两个整数），实际为 {text}",
    ),
    "usage.seat_twice": (
        "seat {seat} is given twice",
        "{seat} 家给出了两次",
    ),
    "io.write_failed": (
        "mjcalc: cannot write the output: {reason}",
        "mjcalc：无法写出结果：{reason}",
    ),
    "io.read_failed": (
        "mjcalc: cannot read the input: {reason}",
        "mjcalc：无法读取输入：{reason}",
    ),
}
"""key → (English, Chinese)."""
