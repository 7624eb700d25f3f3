"""The Shanghai rank table (级数): 24 levels by rank points, for sessions.

The names are the seed's table. Its 下一级升级分 column gives the score at which the next level
starts: level 1 is below 100, level 2 starts at 100, and each later level at twice the one before,
up to level 24 at 419430400 (the seed's last entry, 838860800, has no level after it).
"""

from __future__ import annotations

from dataclasses import dataclass

RANK_NAMES: tuple[tuple[str, str], ...] = (
    ("待业", "麻袋"),
    ("临时工", "街头一段"),
    ("合同工", "街头二段"),
    ("正式工", "街头三段"),
    ("助理主管", "街头霸王"),
    ("副主管", "茶室一段"),
    ("主管", "茶室二段"),
    ("助理经理", "茶室三段"),
    ("副经理", "茶室不败"),
    ("经理", "酒店一段"),
    ("助理总裁", "酒店二段"),
    ("副总裁", "酒店三段"),
    ("总裁", "酒店至尊"),
    ("董事", "县级大师"),
    ("副董事长", "市级大师"),
    ("董事长", "省级大师"),
    ("赌王", "国家大师"),
    ("赌圣", "国际大师"),
    ("赌神", "特级大师"),
    ("边锋首富", "麻将部长"),
    ("中国首富", "麻将总理"),
    ("亚洲首富", "麻将总统"),
    ("世界首富", "麻将皇帝"),
    ("财神", "麻将无敌"),
)
"""(级别名称, 段位名称) of levels 1..24, from the seed."""

FIRST_THRESHOLD = 100
"""The score at which level 2 starts; each later level starts at twice the previous one."""


@dataclass(frozen=True, slots=True)
class Rank:
    """A level of the table and the score at which it starts (``None`` for level 1)."""

    level: int
    title: str
    dan: str
    starts_at: int | None


def level_start(level: int) -> int | None:
    """The score at which ``level`` (1..24) starts: none for 1, then 100, 200, 400…"""
    if not 1 <= level <= len(RANK_NAMES):
        raise ValueError(f"no level {level}: the table has levels 1 to {len(RANK_NAMES)}")
    return None if level == 1 else FIRST_THRESHOLD << (level - 2)


@dataclass(frozen=True, slots=True)
class RankInfo:
    """A seat's rank level as a sitting's summary shows it: the level, its 级别名称 and its 段位名称
    (the session core reads these three through its rank hook, knowing nothing of the table)."""

    level: int
    zh: str
    dan: str


def rank_info(points: int) -> RankInfo:
    """The rank hook of Shanghai's sessions: the level that ``points`` reach, with its names."""
    found = rank_for(points)
    return RankInfo(found.level, found.title, found.dan)


def rank_for(points: int) -> Rank:
    """The rank of a score (any score below 100, negative included, is level 1)."""
    level = 1
    while level < len(RANK_NAMES) and points >= FIRST_THRESHOLD << (level - 1):
        level += 1
    title, dan = RANK_NAMES[level - 1]
    return Rank(level, title, dan, level_start(level))
