"""The ``--help`` texts of every command and option (key → English, Chinese). Keys start ``help.``.

Each option is declared once in :mod:`mjcalc.cli` with one of these keys as its ``help``; the key
is turned into words only when the help is shown, in the language of the command line (see
:func:`mjcalc.cli.lang.argv_lang`). A ruleset's own flags carry their texts themselves
(:class:`mjcalc.rules.flags.Flag`). The English texts are the ones ``--help`` has always shown.
Loaded with the first of these texts asked for (:func:`mjcalc.i18n._late`), never when scoring.
``\\b`` before a paragraph keeps Click from re-wrapping it (examples, JSON lines).
"""

from __future__ import annotations

HELP: dict[str, tuple[str, str]] = {
    # --- Click's own options, declared by mjcalc ----------------------------------------------
    "help.version": ("Show the version and exit.", "显示版本号并退出。"),
    "help.version_line": ("mjcalc, version {version}", "mjcalc，版本 {version}"),
    "help.aborted": ("Aborted!", "已中止！"),
    # --- commands -------------------------------------------------------------------------------
    "help.cli": (
        "Score Chinese regional mahjong hands: Xingguo 冲关, Shanghai 清混碰 and Nanchang 南昌.\n\n"
        "\b\nExamples:\n"
        "  mjcalc score 123m456p789s11z 234m --rules xingguo --jing 9s --self-draw\n"
        "  mjcalc score 11122233344455m --rules shanghai --discarder S --json\n"
        "  mjcalc batch hands.txt --rules xingguo --json | jq .payments\n"
        "  mjcalc session game.jsonl --add '11122233344455m --winner S'\n"
        "  mjcalc waits 1122m3344p5566s7s --rules xingguo --jing 9p\n"
        "  mjcalc rules xingguo\n\n"
        "\b\nEnvironment:\n"
        "  MJCALC_LANG=zh    help, views and messages in Chinese (as --lang zh, which\n"
        "                    may stand anywhere on the line)\n"
        "  MJCALC_RULES=NAME the ruleset when a command is given no --rules\n\n"
        "Exit status: 0 scored, 1 not scored, 2 usage error. Shell completion:\n"
        'eval "$(_MJCALC_COMPLETE=bash_source mjcalc)" (zsh_source, fish_source).',
        "为中国地方麻将算分：兴国冲关、上海清混碰与南昌麻将。\n\n"
        "\b\n例子：\n"
        "  mjcalc score 123m456p789s11z 234m --rules xingguo --jing 9s --self-draw\n"
        "  mjcalc score 11122233344455m --rules shanghai --discarder S --json\n"
        "  mjcalc batch hands.txt --rules xingguo --json | jq .payments\n"
        "  mjcalc session game.jsonl --add '11122233344455m --winner S'\n"
        "  mjcalc waits 1122m3344p5566s7s --rules xingguo --jing 9p\n"
        "  mjcalc rules xingguo\n\n"
        "\b\n环境变量：\n"
        "  MJCALC_LANG=zh    帮助、结果和提示用中文（同 --lang zh，可写在任意位置）\n"
        "  MJCALC_RULES=NAME 命令没有 --rules 时所用的规则\n\n"
        "退出码：0 已算分，1 未能算分，2 用法错误。命令补全：\n"
        'eval "$(_MJCALC_COMPLETE=bash_source mjcalc)"（也可用 zsh_source、fish_source）。',
    ),
    # the group's list of commands: one line each (its first sentence would be cut)
    "help.batch.short": (
        "Score a file of hands, one per line (FILE, or - for stdin).",
        "逐行算一个文件里的牌（FILE，写 - 读标准输入）。",
    ),
    "help.rules.short": (
        "List the rulesets, or show one: its options and tables.",
        "列出所有规则，或显示一套的选项和计分表。",
    ),
    "help.schema.short": (
        "The JSON Schema of a request, a result, waits or a session line.",
        "请求、结果、waits 回答或牌局行的 JSON Schema。",
    ),
    "help.score.short": ("Score one hand.", "算一手牌的分。"),
    "help.serve.short": (
        "The page for the table's phones, and the HTTP JSON API.",
        "给牌桌上的手机用的网页，和 HTTP JSON 接口。",
    ),
    "help.session.short": (
        "Replay a sitting: each line's payments, totals, standings.",
        "重放一场牌局：每行的收付、累计和排名。",
    ),
    "help.waits.short": (
        "What a hand waits on and what each tile pays, or what to discard.",
        "听什么牌、每张赢多少，或该打哪张。",
    ),
    "help.score": (
        "Score one hand.\n\n"
        "HAND is the winner's final tiles, e.g. '123m456p789s11z 234m' (mpsz), letters E S W N"
        " P F C,\nChinese (一万 五筒 東) or Unicode tiles; [...] is an exposed meld, (...) a"
        " concealed kong.",
        "算一手牌的分。\n\n"
        "HAND 是胡牌者最后的全部牌，例如 '123m456p789s11z 234m'（mpsz 写法），"
        "字母 E S W N P F C，中文（一万 五筒 東）或 Unicode 牌符均可；"
        "[...] 是明的副露，(...) 是暗杠。",
    ),
    "help.batch": (
        "Score a file of hands, one per line (FILE, or - for stdin).\n\n"
        "Each line is a JSON request or the arguments of `mjcalc score`; blank lines and #"
        " comments are\nskipped. Every hand line yields exactly one result, in order; exit"
        " status 1 if any failed.",
        "逐行算一个文件里的牌（FILE，写 - 则读标准输入）。\n\n"
        "每行是一个 JSON 请求，或 `mjcalc score` 的参数；空行和 # 注释行跳过。"
        "每个牌行按顺序恰好给出一个结果；只要有一行失败，退出码就是 1。",
    ),
    "help.session": (
        "Replay a whole sitting (FILE, or - for stdin): dealer, each line's payments,"
        " standings.\n\n"
        "\b\n"
        'The first line is the header: {"session": {"rules": "shanghai", ...}}.\n'
        "Each later line is one of these, in words or as JSON (docs/sessions.md):\n"
        "  HAND [score flags]            a hand; Xingguo: each line its own --jing TILE\n"
        "  --discarder S --winners E,W HAND HAND\n"
        "                                several winners off one discard (Shanghai)\n"
        "  draw, 流局 [--dice-double]    a drawn hand\n"
        "  escape SEAT [--ends], 逃跑    an escape (Shanghai)\n"
        "  false-win SEAT, 诈胡 SEAT     a false win, where the ruleset has one (Guobiao 错和)\n"
        "  adjust FROM TO AMOUNT, 调整   a correction agreed at the table\n"
        "Blank lines and # comments are skipped.\n\n"
        "\b\nExamples:\n"
        "  mjcalc session game.jsonl --new --rules shanghai --balance 1000 -o fee=10\n"
        "  mjcalc session game.jsonl --add '11122233344455m --winner S --discarder E'\n"
        "  mjcalc session game.jsonl --json | jq .summary\n\n"
        "Exit status: 0 every line applied (or LINE added), 1 a bad line, 2 usage error.",
        "重放一整场牌局（FILE，写 - 则读标准输入）：庄家、每行的收付、积分排名。\n\n"
        "\b\n"
        '第一行是表头：{"session": {"rules": "shanghai", ...}}。\n'
        "之后每行是下面之一，写成词语或 JSON（docs/sessions.md）：\n"
        "  HAND [score 的选项]           一手牌；兴国：每行都要写自己的 --jing TILE\n"
        "  --discarder S --winners E,W HAND HAND\n"
        "                                一炮多响（上海）\n"
        "  流局, draw [--dice-double]    流局\n"
        "  逃跑 SEAT [--ends], escape    逃跑（上海）\n"
        "  诈胡 SEAT, false-win SEAT     诈胡（规则有此项时；国标称错和）\n"
        "  调整 FROM TO AMOUNT, adjust   牌桌上商定的调整\n"
        "空行和 # 注释行跳过。\n\n"
        "\b\n例子：\n"
        "  mjcalc session game.jsonl --new --rules shanghai --balance 1000 -o fee=10\n"
        "  mjcalc session game.jsonl --add '11122233344455m --winner S --discarder E'\n"
        "  mjcalc session game.jsonl --json | jq .summary\n\n"
        "退出码：0 每行都已记入（或 LINE 已加入），1 有一行有误，2 用法错误。",
    ),
    "help.rules": (
        "List the rulesets, or show one (NAME or a TOML path): its options and scoring"
        " tables.\n\n"
        "An unknown ruleset or a bad ruleset file prints the error and exits with status 1.",
        "列出所有规则，或显示其中一套（NAME 或 TOML 文件路径）：它的选项和计分表。\n\n"
        "规则不存在或规则文件有误时，显示错误并以退出码 1 结束。",
    ),
    "help.waits": (
        "What a hand waits on and what each tile pays (13 tiles), or what to discard (14).\n\n"
        "HAND is the hand of the seat --winner (default E), in the notation of `mjcalc score`;"
        " the\nother flags are those of `score`, but for the ones about the winning tile."
        " Every tile is\npriced by the ruleset itself: self-drawn and off each other seat's"
        " discard.",
        "听什么牌、每张能赢多少（13 张），或该打哪张（14 张）。\n\n"
        "HAND 是 --winner 那一家（默认东）的牌，写法同 `mjcalc score`；"
        "其他选项与 `mjcalc score` 相同，只是去掉了胡的那张牌的选项。"
        "每张牌都按规则本身计价：自摸，以及其他各家打出时。",
    ),
    "help.cli.lang": (
        "Language of the help and of usage errors [env: MJCALC_LANG].",
        "帮助和用法错误的语言［环境变量 MJCALC_LANG］。",
    ),
    "help.schema.lang": (
        "Language of the help and of usage errors (the schema is JSON) [env: MJCALC_LANG].",
        "帮助和用法错误的语言（schema 本身是 JSON）［环境变量 MJCALC_LANG］。",
    ),
    "help.schema": (
        "Print the JSON Schema (draft 2020-12) of a request (the default), a result, the\n"
        "answer of `mjcalc waits`, or a line of `mjcalc session --json`.",
        "打印 JSON Schema（2020-12 草案）：请求（默认）、结果、`mjcalc waits` 的回答，"
        "或 `mjcalc session --json` 的一行。",
    ),
    # --- score (and waits, batch argument lines) ------------------------------------------------
    "help.score.rules": (
        "Ruleset name ({known}) or a ruleset TOML file [env: MJCALC_RULES].",
        "规则名（{known}）或规则 TOML 文件［环境变量 MJCALC_RULES］。",
    ),
    "help.score.winner": ("Winning seat (default E).", "胡牌的座位（默认东）。"),
    "help.score.dealer": ("Dealer seat (default E).", "庄家座位（默认东）。"),
    "help.score.self_draw": (
        "Won on a self-drawn tile (the default).",
        "自摸胡牌（默认）。",
    ),
    "help.score.discarder": ("Seat that discarded the winning tile.", "打出胡的那张牌的座位。"),
    "help.score.win": (
        "The winning tile (default: last concealed).",
        "胡的那张牌（默认：暗牌的最后一张）。",
    ),
    "help.score.after_kong": ("Won on a kong replacement tile (杠开).", "杠后补牌胡（杠开）。"),
    "help.score.rob_kong": (
        "Won by robbing a kong (抢杠); --discarder is the kong maker.",
        "抢杠胡；--discarder 是开杠的那一家。",
    ),
    "help.score.kong": (
        "A kong by another seat: KIND is concealed, exposed or added. Repeatable.",
        "别家的杠：KIND 为 concealed（暗杠）、exposed（明杠）或 added（加杠）。可重复。",
    ),
    "help.score.option": (
        "Override a ruleset option for this hand. Repeatable.",
        "这手牌改用某个规则选项的值。可重复。",
    ),
    "help.score.format": (
        "Output: text (the breakdown), json (the result object) or markdown (tables of the items"
        " and payments, to paste into a chat).",
        "输出格式：text（明细）、json（结果对象）或 markdown（项目和收付的表格，可贴到聊天里）。",
    ),
    "help.score.json": (
        "Print the result as JSON (short for --format json).",
        "以 JSON 打印结果（即 --format json）。",
    ),
    "help.score.lang": (
        "Language of the breakdown and messages (en shows the Chinese term beside each item)"
        " [env: MJCALC_LANG].",
        "明细和提示的语言（en 在每项旁附中文名称）［环境变量 MJCALC_LANG］。",
    ),
    # --- batch ----------------------------------------------------------------------------------
    "help.batch.rules": (
        "Ruleset for lines that do not name one [env: MJCALC_RULES].",
        "没有写规则的行所用的规则［环境变量 MJCALC_RULES］。",
    ),
    "help.batch.format": (
        "Output: text (a table), json (one result per hand line), csv (one row per hand line)"
        " or markdown (one table row per hand line).",
        "输出格式：text（表格）、json（每个牌行一个结果）、csv（每个牌行一行）"
        "或 markdown（每个牌行一个表格行）。",
    ),
    "help.batch.json": (
        "One JSON result per hand line (short for --format json).",
        "每个牌行输出一个 JSON 结果（即 --format json）。",
    ),
    "help.batch.lang": (
        "Language of the table (ignored with json and csv) [env: MJCALC_LANG].",
        "表格的语言（json 和 csv 时不起作用）［环境变量 MJCALC_LANG］。",
    ),
    "help.batch.csv": (
        "One CSV row per hand line (UTF-8, header first): line, ok, rules, winner, pattern,"
        " payment per seat, error code (short for --format csv).",
        "每个牌行输出一行 CSV（UTF-8，先有表头）：行号、是否算出、规则、胡牌者、牌型、"
        "各家得失、错误代码（即 --format csv）。",
    ),
    "help.batch.jobs": (
        "Score in N worker processes (0: one per core; at most 64, more is a usage error);"
        " output stays in input order.",
        "用 N 个工作进程算分（0：每个处理器核一个；最多 64，超过算用法错误）；输出仍按输入顺序。",
    ),
    # --- session --------------------------------------------------------------------------------
    "help.session.format": (
        "Output: text (the rows and the standings), json (one record per line, then a summary)"
        " or csv (one row per applied line).",
        "输出格式：text（逐行记录和战况）、json（每行一条记录，最后是汇总）"
        "或 csv（每个有效行一行）。",
    ),
    "help.session.json": (
        "One JSON record per line, then a summary (short for --format json).",
        "每行输出一条 JSON 记录，最后是汇总（即 --format json）。",
    ),
    "help.session.standings": (
        "Only the standings: by place, with each player's wins and what passes the leader.",
        "只显示战况：按名次，附每人的胡牌次数和超过第一名所需。",
    ),
    "help.session.csv": (
        "One CSV row per applied line: payments, fees, totals (and silver) per seat (short for"
        " --format csv).",
        "每个有效行输出一行 CSV：各家的收付、服务费、累计（及银子）（即 --format csv）。",
    ),
    "help.session.chart": (
        "Draw each player's running total, line by line, in the terminal.",
        "在终端里画出各家逐行的累计输赢。",
    ),
    "help.session.settle": (
        "Who pays whom: the fewest transfers that settle every total, as lines to paste into a"
        " chat (with --json or --csv: JSON or CSV).",
        "谁付给谁：结清各家累计所需的最少几笔转账，可直接贴到聊天里"
        "（加 --json 或 --csv：JSON 或 CSV）。",
    ),
    "help.session.rate": (
        "--settle: money per point (a decimal from 0 up, e.g. 0.5): each transfer shows"
        " points × R to the cent.",
        "--settle：每分折合多少钱（不小于 0 的小数，例如 0.5）：每笔转账显示 分数 × R，精确到分。",
    ),
    "help.session.currency": (
        "--settle: the currency symbol or code shown with the money (e.g. ¥, CNY).",
        "--settle：金额旁显示的货币符号或代码（例如 ¥、CNY）。",
    ),
    "help.session.lang": (
        "Language of the view (ignored with json).",
        "显示的语言（json 时不起作用）。",
    ),
    "help.session.add": (
        "Check LINE against the session so far; append it to FILE only if it is valid.",
        "按目前的牌局检查 LINE；只有无误时才把它加到 FILE 末尾。",
    ),
    "help.session.undo": (
        "Remove the last hand or event line of FILE (never the header).",
        "删除 FILE 最后一个牌局或事件行（不会删表头）。",
    ),
    "help.session.replace": (
        "Put LINE in place of line N (numbers as the view shows them), if the sitting still"
        " replays.",
        "用 LINE 替换第 N 行（行号同显示的行号），前提是整局仍能重放。",
    ),
    "help.session.insert": (
        "Insert LINE before line N, if the sitting still replays.",
        "在第 N 行之前插入 LINE，前提是整局仍能重放。",
    ),
    "help.session.delete": (
        "Delete line N (not the header), if the sitting still replays.",
        "删除第 N 行（不能是表头），前提是整局仍能重放。",
    ),
    "help.session.new": (
        "Start FILE: write its header from the flags below.",
        "新建 FILE：按下面的选项写入表头。",
    ),
    "help.session.rules": (
        "--new: the ruleset ({known} or a TOML file).",
        "--new：所用规则（{known} 或 TOML 文件）。",
    ),
    "help.session.dealer": ("--new: the first dealer (default E).", "--new：首个庄家（默认东）。"),
    "help.session.balance": (
        "--new: silver of every seat, or of one seat, for a ruleset that keeps silver. Repeatable.",
        "--new：每家或某一家的银子，用于记银子的规则。可重复。",
    ),
    "help.session.points": (
        "--new: starting rank points, for a ruleset that keeps ranks. Repeatable.",
        "--new：起始名次分，用于有名次的规则。可重复。",
    ),
    "help.session.player": ("--new: a player's name.", "--new：某家牌手的名字。"),
    "help.session.option": (
        "--new: a ruleset option for every hand (e.g. fee=10). Repeatable.",
        "--new：每手牌都用的规则选项（例如 fee=10）。可重复。",
    ),
    "help.session.force": ("--new: replace FILE if it exists.", "--new：FILE 已存在时覆盖它。"),
    "help.session.wait": (
        "A change: how long to wait for FILE's lock when another writer holds it (default 10"
        " seconds); then give up, exit 1, error code `locked`, FILE unchanged.",
        "修改时：另一个写入者持有 FILE 的锁时最多等待多少秒（默认 10 秒）；超时则放弃，"
        "退出状态 1，错误代码 `locked`，FILE 不变。",
    ),
    "help.session.strict_rules": (
        "Refuse to replay when the header's ruleset file has changed since the sitting"
        " started (its SHA-256 recorded by --new); without it, a warning.",
        "表头的规则文件在牌局开始后被修改（与 --new 记录的 SHA-256 不符）时拒绝回放；"
        "不加此选项只给出警告。",
    ),
    # --- rules ----------------------------------------------------------------------------------
    "help.rules.option": (
        "Show the tables with this option changed (needs NAME). Repeatable.",
        "显示改了这个选项之后的计分表（需写 NAME）。可重复。",
    ),
    "help.rules.format": (
        "Output: text (the listing, or options and tables) or json.",
        "输出格式：text（规则列表，或选项和计分表）或 json。",
    ),
    "help.rules.json": (
        "The listing, or options and tables, as JSON (short for --format json).",
        "以 JSON 给出规则列表，或选项和计分表（即 --format json）。",
    ),
    "help.rules.lang": (
        "Language of the listing and tables [env: MJCALC_LANG].",
        "列表和计分表的语言［环境变量 MJCALC_LANG］。",
    ),
    # --- waits ----------------------------------------------------------------------------------
    "help.waits.format": (
        "Output: text (the view) or json (the answer object).",
        "输出格式：text（显示）或 json（回答对象）。",
    ),
    "help.waits.json": (
        "Print the answer as JSON (short for --format json).",
        "以 JSON 打印回答（即 --format json）。",
    ),
    "help.waits.lang": (
        "Language of the view [env: MJCALC_LANG].",
        "显示的语言［环境变量 MJCALC_LANG］。",
    ),
    # --- serve ----------------------------------------------------------------------------------
    "help.serve": (
        "Serve the page for the table and the HTTP JSON API (the same JSON as the commands).\n\n"
        "Open the printed URL on a phone: type or pick a hand, score it, see the waits; with"
        " --session\nFILE, add hands and events, undo, and follow the standings; with --dir"
        " DIR, every\nsitting of a club night (DIR/<id>.jsonl), and new ones. By default only"
        " this machine\ncan open it (127.0.0.1, no token). To let the phones in: --host 0.0.0.0;"
        " every request\nthen needs the token, printed in the URL and as a QR code; the phones"
        " join the same\nnetwork, and a firewall must let the port in (e.g. ufw allow 8765/tcp)."
        " Stop with Ctrl-C.\n\n"
        "\b\nExamples:\n"
        "  mjcalc serve --session game.jsonl                  # this machine only\n"
        "  mjcalc serve --session game.jsonl --host 0.0.0.0   # the table's phones\n"
        "  mjcalc serve --dir night/ --host 0.0.0.0           # a club night",
        "为牌桌提供网页和 HTTP JSON 接口（JSON 与各命令相同）。\n\n"
        "在手机上打开打印出的网址：输入或点选手牌、算分、看听牌；"
        "指定 --session FILE 时还可加一手或一个事件、撤销、看排名；"
        "指定 --dir DIR 时服务一晚的所有对局（DIR/<id>.jsonl），也可新建对局。"
        "默认只有本机能打开（127.0.0.1，不需要令牌）；要让手机连进来，"
        "请加 --host 0.0.0.0，这时每个请求都需要令牌，令牌写在打印出的网址里，也印成二维码；"
        "手机须连同一个网络，防火墙须放行该端口（例如 ufw allow 8765/tcp）。按 `Ctrl-C` 停止。\n\n"
        "\b\n例子：\n"
        "  mjcalc serve --session game.jsonl                  # 只有本机\n"
        "  mjcalc serve --session game.jsonl --host 0.0.0.0   # 牌桌上的手机\n"
        "  mjcalc serve --dir night/ --host 0.0.0.0           # 一晚的俱乐部",
    ),
    "help.serve.dir": (
        "A club night: serve every sitting DIR/<id>.jsonl and let phones start new ones.",
        "一晚的俱乐部：服务 DIR/<id>.jsonl 中的每个对局，并让手机新建对局。",
    ),
    "help.serve.session": (
        "The session file the page adds to and replays (start one with `session --new`).",
        "网页加行和重放的对局文件（先用 `session --new` 新建）。",
    ),
    "help.serve.host": (
        "The address to listen on: 0.0.0.0 for the table's phones (then every request needs"
        " the token).",
        "监听的地址：牌桌上的手机要用 0.0.0.0（这时每个请求都需要令牌）。",
    ),
    "help.serve.port": (
        "The port to listen on (0: any free port).",
        "监听的端口（0：任一空闲端口）。",
    ),
    "help.serve.token": (
        "The token every request must carry (default off loopback: a random one).",
        "每个请求必须带的令牌（非本机地址时默认随机生成）。",
    ),
    "help.serve.allow_host": (
        "Also answer requests for this host name (a name the table's network gives this"
        " machine); repeatable.",
        "也应答这个主机名的请求（牌桌网络给这台机器的名字）；可重复。",
    ),
    "help.serve.lang": (
        "The page's first language and the terminal's [env: MJCALC_LANG].",
        "网页初始语言和终端信息的语言［环境变量 MJCALC_LANG］。",
    ),
}
"""key → (English, Chinese) help texts."""

USAGE: dict[str, tuple[str, str]] = {
    "cli.batch.binary": (
        "{file} is not text: a NUL byte at offset {offset} (a hand file is lines of text)",
        "{file} 不是文本文件：偏移 {offset} 处有 NUL 字节（牌的文件应是一行行的文字）",
    ),
    "cli.batch.no_hands": (
        "no hand lines in {file}: it is empty, or holds only blank lines and # comments",
        "{file} 里没有牌行：文件是空的，或只有空行和 # 注释",
    ),
    "usage.waits.left_out": (
        "waits takes no {option}: it prices every tile both self-drawn and off each other"
        " seat's discard, so none of {options} is one of its flags",
        "waits 没有 {option} 选项：它把每张牌按自摸和别家点炮都算一遍价，"
        "所以 {options} 都不是它的选项",
    ),
    "cli.session.whole_number": ("expected a whole number, got {got}", "应为整数，实际是 {got}"),
    "cli.format.csv_and_json": (
        "--csv and --json cannot be used together: choose one output",
        "--csv 和 --json 不能同用：请选一种输出",
    ),
    "cli.format.short_and_format": (
        "{flag} is short for --format {short}: not with --format {given}; choose one output",
        "{flag} 即 --format {short}：不能和 --format {given} 同用；请选一种输出",
    ),
    "cli.session.view_alone": (
        "{view} is a view of the replay: not with {other}",
        "{view} 是回放的一种显示方式：不能和 {other} 一起用",
    ),
    "cli.session.one_write": (
        "{flags}: give only one of --new, --add, --undo, --replace, --insert, --delete",
        "{flags}：--new、--add、--undo、--replace、--insert、--delete 只能用一个",
    ),
    "cli.session.write_dash": (
        "{flag} changes a file: FILE cannot be - (standard input)",
        "{flag} 会修改文件：FILE 不能是 -（标准输入）",
    ),
    "cli.session.line_number": (
        "expected a line number (1, 2, …), got {got}",
        "应为行号（1、2……），实际是 {got}",
    ),
    "cli.session.only_with_settle": (
        "{flags}: only with --settle",
        "{flags} 只能和 --settle 一起用",
    ),
    "cli.session.only_with_new": ("{flags}: only with --new", "{flags} 只能和 --new 一起用"),
    "cli.session.no_file": ("{file}: no such file", "{file}：没有这个文件"),
    "cli.session.new_rules": (
        "--new needs --rules NAME ({known}) or a ruleset file",
        "--new 需要 --rules NAME（{known}）或规则文件",
    ),
    "cli.os.ENOENT": ("No such file or directory", "没有这个文件或目录"),
    "cli.os.EACCES": ("Permission denied", "没有权限"),
    "cli.os.EISDIR": ("Is a directory", "是一个目录"),
    "cli.session.add_blank": ("--add needs a LINE that is not blank", "--add 的 LINE 不能是空的"),
    "cli.serve.listening": ("mjcalc serve: the page is at {url}", "mjcalc serve：网页地址 {url}"),
    "cli.serve.token": (
        "every request needs the token (it is in this URL); scan the code to open it:",
        "每个请求都需要令牌（已在网址中）；扫码打开：",
    ),
    "cli.serve.session": ("session file: {file}", "对局文件：{file}"),
    "cli.serve.also": ("  also at {url}", "  也可用 {url}"),
    "cli.serve.no_address": (
        "this machine has no network address: only it can open the page",
        "本机没有网络地址：只有本机能打开网页",
    ),
    "cli.serve.dir": (
        "club night: every sitting in {dir} (GET /api/sittings)",
        "俱乐部之夜：{dir} 中的所有对局（GET /api/sittings）",
    ),
    "cli.serve.phones": (
        "phones: join this machine's network; a firewall must let TCP port {port} in",
        "手机须连入本机所在网络；防火墙须放行 TCP 端口 {port}",
    ),
    "cli.serve.stop": ("stop with Ctrl-C", "按 Ctrl-C 停止"),
    "cli.serve.cannot_listen": (
        "cannot listen on {host} port {port}: {reason}",
        "无法在 {host} 的 {port} 端口监听：{reason}",
    ),
    "cli.serve.empty_token": (
        "--token needs a TOKEN that is not empty (leave --token out for none on loopback)",
        "--token 的 TOKEN 不能是空的（在本机地址上不要令牌时请不写 --token）",
    ),
}
"""Usage errors of the command line (key → English, Chinese): ``mjcalc session``'s own, and the
operating system's reasons for a file that cannot be opened, which Click quotes in English."""
