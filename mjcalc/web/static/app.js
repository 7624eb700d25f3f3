// mjcalc's page: every number on it comes from the server's API (the same JSON as the
// command line); this script only builds requests from the taps and draws the answers.
// Each ruleset's own controls are drawn from GET /api/flags (a control per flag kind), so a
// plug-in ruleset gets its controls without a change here.
"use strict";

const START = JSON.parse(document.body.dataset.start || "{}");
const TOKEN = new URLSearchParams(location.search).get("token");
const SEATS = ["E", "S", "W", "N"];
const SUITS = [["m", 9], ["p", 9], ["s", 9], ["z", 7], ["f", 8]];
const ME_KEY = "mjcalc.me";
const HISTORY_ROWS = 12; // the last lines shown, and how many more each tap on "earlier" shows
const $ = (id) => document.getElementById(id);

const WORDS = {
  rules: ["Ruleset", "规则"],
  hand: ["Hand: type it or tap the tiles", "手牌：输入或点牌"],
  back: ["Delete the last tile", "删去最后一张"],
  clear: ["Clear the hand", "清空手牌"],
  winner: ["Winner", "和牌者"],
  dealer: ["Dealer", "庄家"],
  won: ["Won by", "和牌方式"],
  win_tile: ["Winning tile", "和的那张牌"],
  last_tile: ["the last tile written", "最后写的那张"],
  self_draw: ["self-draw", "自摸"],
  off: ["off {seat}", "{seat}放炮"],
  after_kong: ["after a kong", "杠上开花"],
  rob_kong: ["robbing a kong", "抢杠"],
  kongs: ["Kongs by the other seats", "其他家的杠"],
  add_kong: ["+ kong", "+ 杠"],
  concealed: ["concealed", "暗杠"],
  exposed: ["exposed", "明杠"],
  added: ["added", "加杠"],
  any_tile_kong: ["tile: any", "哪张牌：不限"],
  remove: ["Remove", "删除"],
  score: ["Score", "算分"],
  waits: ["Waits", "听牌"],
  suit_m: ["m", "万"], suit_p: ["p", "筒"], suit_s: ["s", "条"], suit_z: ["z", "字"], suit_f: ["f", "花"],
  meld_open: ["meld", "明"], meld_closed: ["kong", "暗杠"],
  meld_open_help: ["An exposed meld [ ]: chow, pung or kong", "明牌 [ ]：吃、碰或明杠"],
  meld_closed_help: ["A concealed kong ( )", "暗杠 ( )"],
  less: ["less", "减一"], more: ["more", "加一"],
  none: ["—", "—"],
  session: ["The sitting", "对局"],
  i_am: ["This phone is", "这台手机是"],
  add_hand: ["Record this hand", "记入这一手"],
  add_multi: ["Record the multiple win ({n})", "记入一炮多响（{n} 家）"],
  add_winner: ["+ another winner off this discard", "+ 另一家也和这张"],
  multi_held: ["Multiple win off {seat}: {names} held; set the next winner's hand.",
    "一炮多响，{seat}放炮：已记下 {names}；请输入下一家的手牌。"],
  multi_needs: ["A multiple win needs the discarder.", "一炮多响需要先选放炮的人。"],
  cancel: ["Cancel", "取消"],
  undo: ["Undo", "撤销"],
  add: ["Add", "加入"],
  line_label: ["Or type a line", "或者直接写一行"],
  line_hint: ["A hand, or: draw · escape W · false-win S · adjust S E 10",
    "一手牌，或者：流局 · 逃跑 西 · 诈胡 南 · 调整 南 东 10"],
  add_draw: ["Drawn hand", "流局"],
  seat_E: ["E", "东"], seat_S: ["S", "南"], seat_W: ["W", "西"], seat_N: ["N", "北"],
  word_E: ["East", "东家"], word_S: ["South", "南家"], word_W: ["West", "西家"], word_N: ["North", "北家"],
  tiles: ["{n} tiles", "{n} 张"],
  per_seat: ["Payment per seat", "各家收付"],
  details: ["Details", "详情"],
  breakdown: ["How it was scored", "计分明细"],
  tap: ["Tap an item to see why.", "点一项看原因。"],
  not_scored: ["Not scored", "未算分"],
  ready: ["Ready: waits on", "听牌："],
  any_tile: ["waits on every tile", "听任何牌"],
  shanten: ["{n} from ready (shanten)", "{n} 向听"],
  improving: ["Tiles that help", "进张"],
  discards: ["Discard to be ready", "打出后听牌"],
  complete: ["This hand is already complete.", "这手牌已经和了。"],
  left: ["{n} left", "剩 {n} 张"],
  self_drawn: ["self-drawn", "自摸"],
  not_allowed: ["not allowed", "不能和"],
  standings: ["Standings", "排名"],
  total: ["total", "总分"],
  balance: ["silver", "银子"],
  rank: ["rank", "段位"],
  player: ["player", "玩家"],
  seat: ["seat", "座位"],
  mine: ["You", "你"],
  added_line: ["Recorded (line {n}).", "已记入（第 {n} 行）。"],
  undone: ["Removed line {n}.", "已撤销第 {n} 行。"],
  network: ["The server did not answer ({status}).", "服务没有回应（{status}）。"],
  history: ["Last hands", "最近几手"],
  won_off: ["{w} won {p} off {d}", "{w} 和 {p}，{d} 放炮"],
  won_self: ["{w} self-drew {p}", "{w} 自摸 {p}"],
  how_off: ["{w} won off {d}", "{w} 和牌，{d} 放炮"],
  how_self: ["{w} self-drew", "{w} 自摸"],
  multi_off: ["{w} won off {d} (multiple win)", "{d} 放炮，{w} 一炮多响"],
  drawn: ["Drawn hand", "流局"],
  escaped: ["{s} escaped", "{s} 逃跑"],
  false_won: ["{s} declared a false win", "{s} 诈胡"],
  adjusted: ["{f} pays {t} {n}", "{f} 付给 {t} {n}"],
  bad_line: ["A line the sitting could not read: {e}", "这一行无法记入：{e}"],
  and: [", ", "、"],
  sitting_facts: ["From the sitting", "对局已定"],
  dealer_fact: ["dealer", "庄家"],
  ev_escape: ["Escape", "逃跑"], ev_false_win: ["False win", "诈胡"], ev_adjust: ["Adjust", "调整"],
  ev_seat: ["Who", "谁"],
  ev_ends: ["the game ends here", "牌局到此结束"],
  ev_from: ["Who pays", "谁付"], ev_to: ["To whom", "付给谁"],
  ev_amount: ["Amount", "数目"], ev_reason: ["Reason (optional)", "原因（可不填）"],
  ev_add: ["Record it", "记入"],
  ev_needs: ["Choose the seats first.", "请先选好座位。"],
  warnings: ["Note", "注意"],
  winner_star: ["winner", "和牌者"],
  // the club night
  tables: ["Tonight's tables", "今晚的牌桌"],
  tables_none: ["No table yet: start one.", "还没有牌桌：新开一桌吧。"],
  table_lines: ["{n} lines", "已记 {n} 行"],
  table_updated: ["last change {time}", "最后更新 {time}"],
  this_table: ["This table", "这一桌"],
  other_tables: ["Tables", "换一桌"],
  hide_tables: ["Close", "收起"],
  new_sitting: ["+ New table", "+ 新开一桌"],
  new_title: ["A new table", "新开一桌"],
  new_names: ["Players (optional)", "玩家（可不填）"],
  new_name: ["{seat}: name", "{seat}：名字"],
  new_dealer: ["First dealer", "首局庄家"],
  create: ["Start the table", "开桌"],
  no_sitting: ["This table is not here: {id}", "找不到这一桌：{id}"],
  row_edit: ["Edit", "修改"],
  row_insert: ["Insert before", "在前面插入"],
  row_delete: ["Delete", "删除"],
  row_line: ["The line", "这一行"],
  row_line_edit: ["In its place", "改成"],
  row_line_insert: ["The line to insert before it", "在它前面插入的一行"],
  row_use_hand: ["The hand set up above", "用上面设好的牌"],
  row_save_edit: ["Replace it", "替换"],
  row_save_insert: ["Insert it", "插入"],
  row_confirm_q: ["Delete this line? The lines after it are scored again.", "删除这一行吗？后面的各行会重新计分。"],
  confirm_delete: ["Yes, delete it", "确定删除"],
  row_needs: ["Type the line first, or take the hand set up above.", "请先写好这一行，或者用上面设好的牌。"],
  row_no_hand: ["No hand is set up above.", "上面还没有设好牌。"],
  row_replaced: ["Line {n} replaced.", "已替换第 {n} 行。"],
  row_inserted: ["Inserted as line {n}.", "已插入为第 {n} 行。"],
  row_deleted: ["Deleted line {n}.", "已删除第 {n} 行。"],
  lines_changed: ["The lines changed meanwhile: tap the line again.", "记录在这期间有变动：请重新点那一行。"],
  nothing_undo: ["Nothing to undo.", "没有可撤销的。"],
  history_more: ["Earlier lines", "更早的记录"],
  settle: ["Who pays whom", "谁付给谁"],
  settle_rate: ["Money per point (optional)", "每分多少钱（可不填）"],
  settle_currency: ["Currency (optional)", "货币（可不填）"],
  settle_pays: ["{f} pays {t} {n}{m}", "{f} 付给 {t} {n}{m}"],
  settle_money: [" ({m})", "（{m}）"],
  settle_fees: ["{f} pays the house {n} in fees{m}", "{f} 付服务费 {n}{m}"],
  settle_nothing: ["nothing to settle: every total is 0", "无需结算：各家输赢均为 0"],
  copy: ["Copy", "复制"],
  copied: ["Copied: paste it into the table's chat.", "已复制，可以贴到群里。"],
  copy_by_hand: ["This phone would not copy: select the lines and copy them.", "这台手机无法自动复制：请选中这几行再复制。"],
};
// better words than the flag data's own for the bundled rulesets' per-seat parts: a pair's two
// counts and a word's choices (a plug-in's fall back to the parts of its metavar)
const PARTS = {
  "jings.0": ["正精 main", "正精"],
  "jings.1": ["副精 secondary", "副精"],
  "xianggong.big": ["大相公 big", "大相公"],
  "xianggong.small": ["小相公 small", "小相公"],
};
const SECTIONS = START.sections || {}; // [en, zh] by section name, from the server's catalogue
const TILES = START.tiles || {}; // [glyph, Chinese name] by mpsz code, from mjcalc.tiles

const state = {
  lang: START.lang === "zh" ? "zh" : "en",
  rules: null, flags: {},
  winner: "E", dealer: "E", discarder: null, afterKong: false, robKong: false, winTile: "",
  kongs: [], values: {}, marks: {}, suit: "m",
  session: null, me: readMe(), result: null, waits: null, detailsOpen: false,
  message: null, multi: null, ev: { kind: null, seat: null, ends: false, from: null, to: null, amount: 10, reason: "" },
  // the club night: the sitting followed, the night's list, a new sitting's form, the history
  // row open for a change, the settlement
  sittingId: null, sittings: null, clubOpen: false, clubMessage: null, creating: null,
  row: null, shown: HISTORY_ROWS, settle: null, settleOpen: false,
};

function readMe() {
  try {
    const seat = localStorage.getItem(ME_KEY);
    return SEATS.includes(seat) ? seat : null;
  } catch (_) { return null; }
}
// the texts that name a false win, in the word of the sitting's table (国标: 错和)
const FALSE_WIN_KEYS = new Set(["ev_false_win", "false_won", "line_hint"]);
function t(key, params) {
  const pair = WORDS[key] || [key, key];
  let s = pair[state.lang === "zh" ? 1 : 0];
  if (state.lang === "zh" && FALSE_WIN_KEYS.has(key)) s = s.split("诈胡").join(falseWinWord());
  for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(String(v));
  return s;
}
const pick = (en, zh) => (state.lang === "zh" && zh ? zh : en);
const seatName = (s) => t("seat_" + s);
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}
// a sentence of the catalogue with nodes in it: "{w} won {p}" with w a <bdi> name
function phrase(key, parts) {
  const out = [];
  const pieces = t(key).split(/(\{[a-z]\})/);
  for (const piece of pieces) {
    const m = piece.match(/^\{([a-z])\}$/);
    if (m && m[1] in parts) out.push(parts[m[1]]);
    else if (piece) out.push(piece);
  }
  return out;
}
// a player's name as typed, isolated: a bidi override or a zero-width character in it cannot
// reorder or join what is drawn around it (textContent only, never HTML)
const playerName = (name) => el("bdi", { dir: "auto", class: "player", text: name || "" });
function who(seat) {
  const players = (state.session && state.session.players) || {};
  return players[seat] ? playerName(players[seat]) : el("span", { text: t("word_" + seat) });
}
const signed = (v) => (v > 0 ? "+" + v : String(v));

// --- the API -----------------------------------------------------------------------------
async function api(method, path, body, key) {
  const headers = { "Content-Type": "application/json" };
  if (TOKEN) headers.Authorization = "Bearer " + TOKEN;
  if (key) headers["Idempotency-Key"] = key;
  const init = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (data === null) {
    const message = WORDS.network.map((s) => s.split("{status}").join(String(response.status)));
    data = { ok: false, error: { code: "http", message: message[0], message_zh: message[1] } };
  }
  return { status: response.status, data };
}
const errorText = (e) => (e ? pick(e.message, e.message_zh) : "");
// a change to the sitting, sent again (with the same key, so the server makes it once) when the
// connection drops or another writer holds the file (503, Retry-After); 128 random bits from
// getRandomValues, which a page served over plain http on the LAN has too
function changeKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
const pause = (ms) => new Promise((done) => setTimeout(done, ms));
async function change(method, path, body) {
  const key = changeKey();
  for (let attempt = 1; ; attempt++) {
    let answer;
    try {
      answer = await api(method, path, body, key);
    } catch (err) {
      if (attempt >= 4) throw err;
      await pause(1000 * attempt);
      continue;
    }
    if (answer.status !== 503 || attempt >= 4) return answer;
    await pause(2000);
  }
}

// --- tiles -------------------------------------------------------------------------------
const glyph = (code) => (TILES[code] ? TILES[code][0] : code);
const tileName = (code) => (state.lang === "zh" && TILES[code] ? TILES[code][1] : code);
// a tile as words: its code (readable with any font) and, in Chinese, its name
const tileText = (code) => (state.lang === "zh" && TILES[code] ? `${code} ${TILES[code][1]}` : code);
const PLAY_TILES = SUITS.filter(([s]) => s !== "f").flatMap(([s, n]) => Array.from({ length: n }, (_, i) => `${i + 1}${s}`));
function tileSelect(attrs, value, codes, noneLabel) {
  const select = el("select", attrs,
    el("option", { value: "", selected: !value }, noneLabel),
    ...codes.map((c) => el("option", { value: c, selected: c === value }, `${glyph(c)} ${tileText(c)}`)));
  return select;
}
function openBracket(text) {
  const opens = { "[": 0, "(": 0 };
  for (const c of text) {
    if (c === "[" || c === "(") opens[c]++;
    else if (c === "]") opens["["]--;
    else if (c === ")") opens["("]--;
  }
  return opens["["] > 0 ? "[" : opens["("] > 0 ? "(" : null;
}
// the picker: a tab per suit (and the two meld brackets), the tiles of the suit shown; built
// again only on a language switch, its tabs' states updated in place as the hand changes
function buildPicker() {
  $("picker-tabs").replaceChildren(...SUITS.map(([suit]) => el("button", { type: "button", role: "tab",
    "data-suit": suit, title: t("suit_" + suit), onclick: () => { state.suit = suit; drawTiles(); updatePicker(); } },
  el("span", { class: "g", text: glyph("1" + suit) }), el("span", { class: "c", text: t("suit_" + suit) }))),
  ...[["[", "]", "meld_open"], ["(", ")", "meld_closed"]].map(([a, b, key]) => el("button", {
    type: "button", class: "meld", "data-meld": a, title: t(key + "_help"), "aria-label": t(key + "_help"),
    onclick: () => meld(a, b) },
  el("span", { class: "g", text: a + " " + b }), el("span", { class: "c", text: t(key) }))));
  drawTiles();
  updatePicker();
}
function drawTiles() {
  const count = SUITS.find(([s]) => s === state.suit)[1];
  const buttons = [];
  for (let n = 1; n <= count; n++) {
    const code = `${n}${state.suit}`;
    buttons.push(el("button", { type: "button", "data-tile": code, title: tileName(code),
      "aria-label": tileText(code), onclick: () => addTile(code) },
    el("span", { class: "g", text: glyph(code) }), el("span", { class: "c", text: code })));
  }
  buttons.push(el("button", { type: "button", class: "del", "data-tile-back": "", title: t("back"),
    "aria-label": t("back"), onclick: backTile }, el("span", { class: "g", text: "⌫" })));
  $("picker-tiles").replaceChildren(...buttons);
}
function updatePicker() {
  const open = openBracket($("hand").value);
  for (const tab of $("picker-tabs").querySelectorAll("[data-suit]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.suit === state.suit));
  }
  for (const m of $("picker-tabs").querySelectorAll("[data-meld]")) {
    m.setAttribute("aria-pressed", String(m.dataset.meld === open));
  }
}
function setHand(v) {
  $("hand").value = v;
  onHandInput();
  updatePicker();
}
function addTile(code) {
  const digit = code[0], suit = code[1];
  let v = $("hand").value.replace(/\s+$/, "");
  if (/[\])]$/.test(v)) v += " ";
  if (v.endsWith(suit) && /\d$/.test(v.slice(0, -1))) v = v.slice(0, -1) + digit + suit;
  else v += digit + suit;
  setHand(v);
}
// [ ] and ( ): the first tap opens the meld, the next closes it (the notation's brackets)
function meld(open, close) {
  let v = $("hand").value.replace(/\s+$/, "");
  if (openBracket(v) === open) v += close;
  else if (openBracket(v) === null) v += (v ? " " : "") + open;
  else return;
  setHand(v);
}
function backTile() {
  let v = $("hand").value.replace(/\s+$/, "");
  const m = v.match(/(\d+)([mpszf])$/);
  if (m && m[1].length > 1) v = v.slice(0, v.length - 2) + m[2];  // 123m → 12m
  else if (m) v = v.slice(0, v.length - 2);  // 11z3m → 11z
  else v = v.slice(0, -1);
  setHand(v.replace(/\s+$/, ""));
}

// --- the hand as typed -------------------------------------------------------------------
let parseTimer = null, parseSeq = 0, lastParsed = null;
function onHandInput() {
  clearTimeout(parseTimer);
  parseTimer = setTimeout(parseNow, 120);
}
async function parseNow() {
  const hand = $("hand").value;
  const seq = ++parseSeq;
  if (!hand.trim()) { showParsed(null, hand); return; }
  const { data } = await api("POST", "/api/parse", { hand });
  if (seq === parseSeq) showParsed(data, hand);
}
function caretBlock(text, column, message) {
  const chars = Array.from(text);
  const pad = chars.slice(0, Math.max(0, column - 1)).map((c) => (c === "\t" ? "\t" : " ")).join("");
  return `${text}\n${pad}^ ${message}`;
}
// the distinct tiles of a canonical hand, in order (flowers left out): the winning tile's choices
function handTiles(canonical) {
  const found = [];
  for (const [, digits, suit] of canonical.matchAll(/(\d+)([mpsz])/g)) {
    for (const d of digits) if (!found.includes(d + suit)) found.push(d + suit);
  }
  return found;
}
function showParsed(data, hand) {
  lastParsed = data;
  const caret = $("caret"), parsed = $("parsed"), glyphs = $("glyphs");
  if (!data) {
    caret.hidden = true; parsed.textContent = ""; glyphs.textContent = "";
  } else if (data.ok) {
    caret.hidden = true;
    glyphs.textContent = data.glyphs;
    parsed.textContent = `${data.hand} · ${t("tiles", { n: data.tiles })}`;
  } else {
    const e = data.error || {};
    caret.hidden = false;
    caret.textContent = e.column ? caretBlock(hand, e.column, errorText(e)) : errorText(e);
    parsed.textContent = "";
  }
  drawWinTile();
  updatePicker();
}
function drawWinTile() {
  const codes = lastParsed && lastParsed.ok ? handTiles(lastParsed.hand) : [];
  if (state.winTile && !codes.includes(state.winTile)) state.winTile = "";
  const select = tileSelect({}, state.winTile, codes, t("last_tile"));
  const box = $("win-tile");
  box.replaceChildren(...select.childNodes);
  box.value = state.winTile;
}

// --- the situation -----------------------------------------------------------------------
function seatButtons(box, current, onPick, options) {
  const { none, disabled, multiple } = options || {};
  const choices = none ? [null, ...SEATS] : SEATS;
  box.replaceChildren(...choices.map((seat) => {
    const on = multiple ? (current || []).includes(seat) : seat === current;
    return el("button", { type: "button", "aria-pressed": String(on), "data-seat": seat === null ? "none" : seat,
      disabled: Boolean(disabled && seat === disabled), onclick: () => onPick(seat) },
    seat === null ? none : seatName(seat));
  }));
  return box;
}
function switchButton(attrs, on, label, onToggle) {
  return el("button", { type: "button", role: "switch", "aria-checked": String(Boolean(on)), ...attrs,
    onclick: onToggle }, label);
}
// the sitting this page follows, when its ruleset is the one drawn: it supplies the dealer and
// the carried fields (开宝, 黄番), and takes the line marks (the dice double)
function sitting() {
  const s = state.session;
  return s && s.summary && s.summary.rules === state.rules ? s : null;
}
function falseWinWord() {
  const data = state.flags && state.flags[state.rules];
  return (data && data.false_win_name) || "诈胡";
}
const entry = () => state.flags[state.rules] || { flags: [], carried: [], marks: [], events: [], ignored: [], supplied: [] };
function drawSituation() {
  const held = sitting();
  seatButtons($("winner"), state.winner, (s) => {
    state.winner = s;
    if (state.discarder === s) state.discarder = null;
    drawSituation();
  });
  seatButtons($("discarder"), state.discarder, (s) => { state.discarder = s; drawSituation(); },
    { none: t("self_draw"), disabled: state.winner });
  $("dealer-field").hidden = Boolean(held);
  seatButtons($("dealer"), state.dealer, (s) => { state.dealer = s; drawSituation(); });
  for (const [id, key] of [["after-kong", "afterKong"], ["rob-kong", "robKong"]]) {
    $(id).setAttribute("aria-checked", String(state[key]));
  }
  // a shared field the ruleset ignores (Shanghai: other seats' kongs pay nothing) has no control
  const ignored = entry().ignored || [];
  $("kongs").parentElement.hidden = ignored.includes("kongs");
  const kongs = $("kongs");
  kongs.replaceChildren(...state.kongs.map((k, i) => el("div", { class: "kong", "data-kong": String(i) },
    el("select", { "aria-label": t("seat"), onchange: (e) => { k.seat = e.target.value; } },
      ...SEATS.map((s) => el("option", { value: s, selected: s === k.seat }, seatName(s)))),
    el("select", { "aria-label": t("kongs"), onchange: (e) => { k.kind = e.target.value; } },
      ...["exposed", "concealed", "added"].map((w) => el("option", { value: w, selected: w === k.kind }, t(w)))),
    tileSelect({ "aria-label": t("kongs"), onchange: (e) => { k.tile = e.target.value; } }, k.tile, PLAY_TILES, t("any_tile_kong")),
    el("button", { type: "button", class: "chip", title: t("remove"), "aria-label": t("remove"),
      onclick: () => { state.kongs.splice(i, 1); drawSituation(); } }, "✕"))));
  drawFacts();
  drawMarks();
}
// the help of a flag without the ruleset's name in front, the command line's "Repeatable", or
// (in Chinese) an aside that names the command line's words
function helpText(f) {
  let s = pick(f.help[0], f.help[1]).replace(/^[^:：]*[:：]\s*/, "");
  s = s.replace(/\s*(Repeatable\.|可重复。)\s*$/, "");
  if (state.lang === "zh") s = s.replace(/（[^）]*[A-Za-z]{2,}[^）]*）/g, "");
  return s.trim();
}
const shortHelp = (f) => helpText(f).split(/[（(.。]/)[0].trim();
// the parts after "SEAT=" of a per-seat flag's metavar: a pair's two counts (Z,F) or a word's
// choices (big|small)
function parts(f) {
  const tail = (f.metavar || "").split("=")[1] || "";
  return f.value === "pair" ? tail.split(",") : tail.split("|").filter(Boolean);
}
const partLabel = (f, part, index) => {
  const own = PARTS[`${f.field}.${f.value === "pair" ? index : part}`];
  return own ? pick(own[0], own[1]) : part;
};
function stepper(attrs, value, low, high, onSet) {
  const set = (v) => onSet(Math.min(high, Math.max(low, v)));
  return el("div", { class: "stepper", "data-testid": "stepper", ...attrs },
    el("button", { type: "button", class: "step", "data-step": "-1", "aria-label": t("less"),
      disabled: value <= low, onclick: () => set(value - 1) }, "−"),
    el("output", { text: String(value) }),
    el("button", { type: "button", class: "step", "data-step": "1", "aria-label": t("more"),
      disabled: value >= high, onclick: () => set(value + 1) }, "+"));
}
const PAIR_HIGH = 4; // a seat holds at most four of a tile
function pairValue(f, seat) {
  const all = state.values[f.field] || {};
  return all[seat] || [f.low, f.low];
}
function control(f) {
  const v = state.values[f.field];
  const redraw = () => drawFlags();
  const label = el("span", { class: "label", text: helpText(f) });
  if (f.kind === "switch") {
    return switchButton({ "data-field": f.field, "data-kind": f.kind }, v, helpText(f),
      () => { state.values[f.field] = !v; redraw(); });
  }
  if (f.kind === "text" && f.metavar === "TILE") {
    return el("label", {}, label, tileSelect({ id: "flag-" + f.field, "data-field": f.field, "data-kind": f.kind,
      onchange: (e) => { state.values[f.field] = e.target.value; } }, v || "", PLAY_TILES, t("none")));
  }
  if (f.kind === "text") {
    return el("label", {}, label, el("input", { id: "flag-" + f.field, "data-field": f.field, "data-kind": f.kind,
      value: v || "", oninput: (e) => { state.values[f.field] = e.target.value; } }));
  }
  if (f.kind === "count") {
    return el("div", {}, label, stepper({ "data-field": f.field, "data-kind": f.kind }, v ?? f.low, f.low, f.high,
      (n) => { state.values[f.field] = n; redraw(); }));
  }
  if (f.kind === "seat") {
    return el("div", {}, label, seatButtons(el("div", { class: "seats", "data-field": f.field, "data-kind": f.kind }),
      v || null, (s) => { state.values[f.field] = s; redraw(); }, { none: t("none") }));
  }
  if (f.kind === "seats") {
    return el("div", {}, label, seatButtons(el("div", { class: "seats", "data-field": f.field, "data-kind": f.kind }),
      v || [], (s) => {
        const now = new Set(v || []);
        if (now.has(s)) now.delete(s); else now.add(s);
        state.values[f.field] = SEATS.filter((x) => now.has(x));
        redraw();
      }, { multiple: true }));
  }
  if (f.kind === "seat_values" && f.value === "pair") {
    const names = parts(f);
    const head = el("tr", {}, el("th", {}), ...names.map((p, i) => el("th", { text: partLabel(f, p, i) })));
    const rows = SEATS.map((seat) => el("tr", { "data-seat": seat }, el("td", { text: seatName(seat) }),
      ...names.map((_, i) => el("td", {}, stepper({ "data-field": f.field, "data-seat": seat, "data-index": String(i),
        "data-kind": f.kind }, pairValue(f, seat)[i], f.low, Math.min(f.high, PAIR_HIGH), (n) => {
        const pair = pairValue(f, seat).slice();
        pair[i] = n;
        state.values[f.field] = { ...(state.values[f.field] || {}), [seat]: pair };
        redraw();
      })))));
    return el("div", {}, label, el("table", { class: "pairs" }, el("thead", {}, head), el("tbody", {}, ...rows)));
  }
  if (f.kind === "seat_values") {
    const words = parts(f);
    const all = v || {};
    const rows = SEATS.map((seat) => el("div", { class: "row choice", "data-field": f.field, "data-seat": seat, "data-kind": f.kind },
      el("span", { class: "who", text: seatName(seat) }),
      ...[null, ...words].map((w) => el("button", { type: "button", "data-value": w === null ? "none" : w,
        "aria-pressed": String((all[seat] || null) === w), onclick: () => {
          const next = { ...all };
          if (w === null) delete next[seat]; else next[seat] = w;
          state.values[f.field] = next;
          redraw();
        } }, w === null ? t("none") : partLabel(f, w)))));
    return el("div", {}, label, ...rows);
  }
  return null;
}
function drawFlags() {
  const held = sitting();
  const box = $("flags");
  box.replaceChildren();
  for (const f of entry().flags) {
    if (held && entry().carried.includes(f.field)) continue; // a fact of the sitting (drawFacts)
    if (held && (entry().supplied || []).includes(f.field)) continue; // the sitting's (圈风)
    const node = control(f);
    if (node) box.append(el("div", { class: "flag" }, node));
  }
}
function markAdds(field) {
  let n = 0;
  for (const m of entry().marks) if (state.marks[m.field] && m.adds[field]) n += m.adds[field];
  return n;
}
function drawFacts() {
  const held = sitting();
  const box = $("facts");
  box.hidden = !held;
  if (!held) { box.replaceChildren(); return; }
  const facts = [el("span", { class: "fact", "data-field": "dealer", "data-readonly": "", "data-value": held.summary.dealer },
    t("dealer_fact") + " ", el("b", {}, seatName(held.summary.dealer)),
    held.players && held.players[held.summary.dealer] ? el("span", {}, " ", playerName(held.players[held.summary.dealer])) : null)];
  for (const field of entry().carried) {
    const f = entry().flags.find((x) => x.field === field);
    const value = ((held.pending || {})[field] || 0) + markAdds(field);
    facts.push(el("span", { class: "fact", "data-field": field, "data-readonly": "", "data-value": String(value) },
      (f ? shortHelp(f) : field) + " ", el("b", { text: String(value) })));
  }
  box.replaceChildren(el("span", { class: "label", text: t("sitting_facts") }), ...facts);
}
function drawMarks() {
  const held = sitting();
  const box = $("marks");
  const marks = held ? entry().marks : [];
  box.hidden = !marks.length;
  box.replaceChildren(...marks.map((m) => switchButton({ "data-field": m.field, "data-mark": "" }, state.marks[m.field],
    helpText(m), () => { state.marks[m.field] = !state.marks[m.field]; drawSituation(); })));
}
function flagFields(forLine) {
  const out = {};
  const held = sitting();
  const carried = entry().carried;
  for (const f of entry().flags) {
    if (held && carried.includes(f.field)) {
      if (!forLine) out[f.field] = ((held.pending || {})[f.field] || 0) + markAdds(f.field);
      continue; // a hand line leaves them to the sitting
    }
    if (forLine && (entry().supplied || []).includes(f.field)) continue; // the sitting's own
    const v = state.values[f.field];
    if (f.kind === "text" && v && v.trim()) out[f.field] = v.trim();
    else if (f.kind === "switch" && v) out[f.field] = true;
    else if (f.kind === "count" && v !== undefined && v !== f.low) out[f.field] = v;
    else if (f.kind === "seat" && v) out[f.field] = v;
    else if (f.kind === "seats" && v && v.length) out[f.field] = v;
    else if (f.kind === "seat_values" && f.value === "pair") {
      // the counts are on the page, so they are known: every seat's is sent, none left to guess
      const given = {};
      for (const seat of SEATS) {
        const pair = pairValue(f, seat);
        if (pair.some((n) => n !== f.low)) given[seat] = pair;
      }
      out[f.field] = given;
    } else if (f.kind === "seat_values" && v && Object.keys(v).length) out[f.field] = v;
  }
  return out;
}
// kind: "score", "waits" (no winning-tile fields) or "line" (a hand line of the sitting: the
// sitting supplies the rules, the dealer and the carried fields; the line marks go in)
function situation(kind) {
  const r = { hand: $("hand").value.trim(), winner: state.winner };
  if (kind !== "line") r.dealer = sitting() ? sitting().summary.dealer : state.dealer;
  if (kind !== "waits") {
    if (state.winTile) r.win_tile = state.winTile;
    if (state.discarder) r.discarder = state.discarder;
    if (state.afterKong) r.after_kong = true;
    if (state.robKong) r.robbing_kong = true;
  }
  if (state.kongs.length && !(entry().ignored || []).includes("kongs")) {
    r.kongs = state.kongs.map((k) => (k.tile ? { seat: k.seat, kind: k.kind, tile: k.tile } : { seat: k.seat, kind: k.kind }));
  }
  return Object.assign(r, flagFields(kind === "line"));
}
const request = (kind) => Object.assign({ rules: state.rules }, situation(kind));

// --- the result --------------------------------------------------------------------------
function paymentsTable(payments, winner) {
  const head = el("tr", {}, ...SEATS.map((s) => el("th", { class: "num" + (s === state.me ? " me" : ""),
    title: s === winner ? t("winner_star") : null }, seatName(s) + (s === winner ? " ★" : ""))));
  const row = el("tr", {}, ...SEATS.map((s) => {
    const v = payments[s] || 0;
    return el("td", { class: "num " + (v > 0 ? "good" : v < 0 ? "bad" : "") + (s === state.me ? " me" : ""),
      "data-testid": "payment-" + s }, signed(v));
  }));
  return el("table", { class: "pay" }, el("thead", {}, head), el("tbody", {}, row));
}
function errorBox(result) {
  const e = result.error || {};
  const box = el("div", {}, el("div", { class: "pattern bad", text: t("not_scored") }));
  const msg = errorText(e);
  if (e.column && result.hand) box.append(el("pre", { class: "caret", text: caretBlock(result.hand, e.column, msg) }));
  else box.append(el("div", { class: "msg bad", "data-testid": "error", text: msg }));
  return box;
}
const patternName = (p) => pick(`${p.en} ${p.zh}`, p.zh);
function drawResult() {
  const box = $("result");
  const result = state.result;
  box.hidden = !result;
  box.replaceChildren();
  if (!result) return;
  if (!result.ok) { box.append(errorBox(result)); return; }
  box.append(el("div", { class: "pattern", "data-testid": "pattern", text: patternName(result.pattern) }));
  const how = result.discarder
    ? phrase("how_off", { w: who(result.winner), d: who(result.discarder) })
    : phrase("how_self", { w: who(result.winner) });
  box.append(el("div", { class: "hint", "data-testid": "result-how" }, ...how));
  box.append(paymentsTable(result.payments, result.winner));
  for (const w of result.warnings || []) {
    box.append(el("div", { class: "hint warn", text: `${t("warnings")}: ${pick(w.message, w.message_zh)}` }));
  }
  // the details open and close in place: an item tapped open stays open
  const details = el("div", { id: "details", "data-testid": "details", hidden: !state.detailsOpen });
  const more = el("button", { type: "button", class: "more", "data-testid": "details-button", "aria-controls": "details",
    onclick: () => { state.detailsOpen = !state.detailsOpen; showDetails(); } });
  const showDetails = () => {
    details.hidden = !state.detailsOpen;
    more.setAttribute("aria-expanded", String(state.detailsOpen));
    more.textContent = t("details") + (state.detailsOpen ? " ▴" : " ▾");
  };
  showDetails();
  box.append(more);
  details.append(el("div", { class: "hint", text: result.hand + (result.reading ? " · " + result.reading.sets.join(" ") : "") }));
  const items = el("ul", { class: "items", "data-testid": "items" });
  for (const item of result.items) {
    const why = [pick(item.detail, item.detail_zh), item.seats ? item.seats.map(seatName).join(" ") : null]
      .filter(Boolean).join(" · ");
    const li = el("li", { "data-item": item.id, onclick: () => li.classList.toggle("open") },
      el("div", { class: "top" }, el("span", { text: pick(`${item.en} ${item.zh}`, item.zh) }),
        el("span", { class: "effect", text: pick(item.effect, item.effect_zh) })),
      el("div", { class: "why", text: why || pick(item.en, item.zh) }));
    items.append(li);
  }
  details.append(el("h2", { text: t("breakdown") }), items, el("div", { class: "hint", text: t("tap") }));
  const names = Object.keys(result.sections || {});
  if (names.length) {
    const rows = names.map((name) => el("tr", {},
      el("td", { text: SECTIONS[name] ? pick(SECTIONS[name][0], SECTIONS[name][1]) : name }),
      ...SEATS.map((s) => el("td", { class: "num", text: String(result.sections[name][s] || 0) }))));
    details.append(el("table", {}, el("thead", {}, el("tr", {}, el("th", {}),
      ...SEATS.map((s) => el("th", { class: "num", text: seatName(s) })))), el("tbody", {}, ...rows)));
  }
  box.append(details);
}
async function doScore() {
  const { data } = await api("POST", "/api/score", request("score"));
  state.result = data;
  state.detailsOpen = false;
  drawResult();
  $("result").scrollIntoView({ block: "start" });
}

// --- waits -------------------------------------------------------------------------------
function waitLine(w, winner) {
  const pays = [];
  if (w.self_draw) pays.push(`${t("self_drawn")} +${w.self_draw.payments[winner]}`);
  for (const s of SEATS) {
    if (w.discard && w.discard[s]) pays.push(`${t("off", { seat: seatName(s) })} +${w.discard[s].payments[winner]}`);
  }
  const li = el("li", { "data-wait": w.tile, class: "open", onclick: () => li.classList.toggle("open") },
    el("div", { class: "top" }, el("span", { text: `${glyph(w.tile)} ${tileText(w.tile)} · ${pick(w.pattern.en, w.pattern.zh)}` }),
      el("span", { class: "effect", text: t("left", { n: w.left }) })),
    el("div", { class: "why", text: pays.join(" · ") || t("not_allowed") }));
  return li;
}
function drawWaits() {
  const box = $("waits-out");
  const data = state.waits;
  box.hidden = !data;
  box.replaceChildren();
  if (!data) return;
  if (!data.ok) { box.append(errorBox(data)); return; }
  if (data.shanten === -1) box.append(el("div", { class: "pattern", text: t("complete") }));
  else if (data.waits.length) {
    box.append(el("h2", { text: t("ready") + (data.any_tile ? " " + t("any_tile") : "") }),
      el("ul", { class: "items" }, ...data.waits.map((w) => waitLine(w, data.winner))));
  } else if (data.shanten !== null && data.shanten !== undefined && !data.discards) {
    box.append(el("div", { class: "pattern", text: t("shanten", { n: data.shanten }) }));
  }
  if (data.improving && data.improving.length) {
    box.append(el("h2", { text: t("improving") }),
      el("div", { class: "glyphs", text: data.improving.map((x) => glyph(x.tile)).join("") }),
      el("div", { class: "hint", text: data.improving.map((x) => tileText(x.tile)).join(" · ") }));
  }
  if (data.discards && data.discards.length) {
    box.append(el("h2", { text: t("discards") }));
    for (const d of data.discards) {
      box.append(el("div", { class: "hint", text: `${glyph(d.tile)} ${tileText(d.tile)} → ${d.waits.map((w) => tileText(w.tile)).join(" · ")}` }));
    }
  }
}
async function doWaits() {
  const { data } = await api("POST", "/api/waits", request("waits"));
  state.waits = data;
  drawWaits();
  $("waits-out").scrollIntoView({ block: "start" });
}

// --- the session -------------------------------------------------------------------------
// The sitting this page follows, by its id: the --session file's (START.sitting) is read and
// added to through /api/session, as before; any sitting (that one too) is fixed line by line,
// followed and settled through /api/sittings/{id}.
const OWN = START.sitting || null;
function routes(id) {
  const base = "/api/sittings/" + encodeURIComponent(id);
  const own = id === OWN;
  return { base, own, read: own ? "/api/session" : base, add: own ? "/api/session/lines" : base + "/lines" };
}
// the records after the last line this page holds, while the file still holds that line as it
// was (since > 0); else every record again. One read at a time: a change heard meanwhile (an
// event, this phone's own write) reads once more after it.
let reading = null, readAgain = false;
function loadSession() {
  if (reading) { readAgain = true; return reading; }
  reading = (async () => {
    try {
      do { readAgain = false; await readSitting(); } while (readAgain);
    } finally { reading = null; }
  })();
  return reading;
}
async function readSitting() {
  const id = state.sittingId;
  if (!id) return;
  const held = state.session && state.session.id === id ? state.session : null;
  const query = held && held.lines ? `?since=${held.lines}&mark=${encodeURIComponent(held.mark)}` : "";
  let answer;
  try {
    answer = await api("GET", routes(id).read + query);
  } catch (_) { return; } // offline a moment: the stream's next event reads again
  const { status, data } = answer;
  if (id !== state.sittingId) return; // another sitting was opened meanwhile
  if (status !== 200) {
    if (!held) { state.clubMessage = { key: "no_sitting", params: { id }, bad: true }; drawClub(); }
    return;
  }
  if (held && data.since > 0) data.records = held.records.concat(data.records);
  else if (held && state.row) { state.row = null; showMessage({ key: "lines_changed", bad: true }); }
  data.id = id;
  state.session = data;
  $("session").hidden = false;
  const rules = data.summary.rules;
  if (rules && state.flags[rules]) {
    $("rules").disabled = true; // the sitting's ruleset: a hand of another is not its line
    if (state.rules !== rules) switchRules(rules);
  }
  drawSituation();
  drawFlags();
  drawSession();
  drawClub();
  if (state.settleOpen) loadSettle();
}
// every phone on the sitting hears each change of its file (another phone's, a terminal's
// --add) as a Server-Sent Event, and reads what it does not hold yet; EventSource reconnects
// by itself, sending the last event's id. It cannot send headers: the token goes in the query.
let stream = null;
function follow(id) {
  if (stream) stream.close();
  stream = null;
  if (!id || typeof EventSource === "undefined") return;
  const query = TOKEN ? "?token=" + encodeURIComponent(TOKEN) : "";
  stream = new EventSource(routes(id).base + "/events" + query);
  stream.addEventListener("sitting", (event) => {
    let data = null;
    try { data = JSON.parse(event.data); } catch (_) { return; }
    const held = state.session;
    if (id !== state.sittingId) return;
    if (held && held.id === id && held.lines === data.lines && held.mark === data.mark) return;
    loadSession();
  });
}
async function openSitting(id, remember) {
  if (state.sittingId !== id) {
    state.session = null;
    state.row = null;
    state.multi = null;
    state.settle = null;
    state.message = null;
    state.shown = HISTORY_ROWS;
  }
  state.sittingId = id;
  state.clubMessage = null;
  state.clubOpen = false;
  state.creating = null;
  if (remember) {
    const params = new URLSearchParams(location.search);
    params.set("sitting", id);
    history.replaceState(null, "", location.pathname + "?" + params.toString());
  }
  $("rules").disabled = false;
  $("session").hidden = true;
  drawClub();
  follow(id);
  await loadSession();
}
function standingOrder() {
  if (!state.me) return SEATS;
  const i = SEATS.indexOf(state.me);
  return [...SEATS.slice(i), ...SEATS.slice(0, i)];
}
function drawSession() {
  const data = state.session;
  seatButtons($("me"), state.me, (s) => {
    state.me = state.me === s ? null : s;
    try {
      if (state.me) localStorage.setItem(ME_KEY, state.me); else localStorage.removeItem(ME_KEY);
    } catch (_) { /* a phone that keeps nothing: this page only */ }
    drawSession();
    drawResult();
  }, { none: t("none") });
  if (!data) return;
  const summary = data.summary;
  const head = el("tr", {}, el("th", { text: t("seat") }), el("th", { text: t("player") }),
    el("th", { class: "num", text: t("total") }),
    summary.balances ? el("th", { class: "num", text: t("balance") }) : null,
    summary.ranks ? el("th", { text: t("rank") }) : null);
  const rows = standingOrder().map((s) => el("tr", { "data-seat": s, class: s === state.me ? "me" : null },
    el("td", { text: seatName(s) + (s === summary.dealer ? " ●" : "") }), el("td", {}, playerName((data.players || {})[s])),
    el("td", { class: "num", "data-testid": "total-" + s, text: String(summary.totals[s]) }),
    summary.balances ? el("td", { class: "num", "data-testid": "balance-" + s, text: String(summary.balances[s]) }) : null,
    summary.ranks ? el("td", { text: `${summary.ranks[s].zh} (${summary.ranks[s].points})` }) : null));
  const mine = state.me ? el("div", { class: "mine", "data-testid": "my-standing", "data-seat": state.me },
    el("span", { text: t("mine") + " · " + seatName(state.me) + " " }), who(state.me),
    el("b", { class: summary.totals[state.me] >= 0 ? "good" : "bad", text: " " + signed(summary.totals[state.me]) }),
    summary.balances ? el("span", { text: ` · ${t("balance")} ${summary.balances[state.me]}` }) : null) : null;
  $("standings").replaceChildren(...[el("h2", { text: t("standings") }), mine,
    el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows))].filter(Boolean));
  drawChart(data.records);
  drawHistory(data.records);
  drawSettle();
  drawEvents();
  drawMulti();
  drawMessage();
}
// a line of the sitting as words: who won what off whom, a drawn hand, an escape, …
function recordWords(r) {
  if (!r.ok) return phrase("bad_line", { e: errorText(r.error) });
  const res = r.results || [];
  const paying = SEATS.filter((s) => (r.payments[s] || 0) < 0);
  const join = (seats) => seats.flatMap((s, i) => (i ? [t("and"), who(s)] : [who(s)]));
  if (r.event === "hand" && res.length) {
    const p = el("b", { text: patternName(res[0].pattern) });
    return res[0].discarder ? phrase("won_off", { w: who(res[0].winner), p, d: who(res[0].discarder) })
      : phrase("won_self", { w: who(res[0].winner), p });
  }
  if (r.event === "multi_win") {
    const w = el("span", {}, ...join(res.map((x) => x.winner)));
    return phrase("multi_off", { w, d: who(res[0] ? res[0].discarder : paying[0]) });
  }
  if (r.event === "draw") return [t("drawn")];
  if (r.event === "adjust" && r.adjust) {
    const words = phrase("adjusted", { f: who(r.adjust.from), t: who(r.adjust.to), n: String(r.adjust.amount) });
    if (r.adjust.reason) words.push(" (", playerName(r.adjust.reason), ")");
    return words;
  }
  // a line of the ruleset's own (a plug-in's penalty): by its name, the flag data giving no
  // words for it; what it moved is on the line below
  if (r.event !== "escape" && r.event !== "false_win") return [el("span", { class: "event-name", text: r.event })];
  // an escape and a false win: the seat that pays the others
  const s = paying.length === 1 ? who(paying[0]) : el("span", {}, ...join(paying));
  return phrase(r.event === "escape" ? "escaped" : "false_won", { s });
}
// the last lines, newest first; a tap on one offers to replace it, to insert a line before it
// or to delete it (after a second tap to confirm), as `session --replace/--insert/--delete`
function drawHistory(records) {
  const box = $("history");
  const kept = state.row && state.row.panel;
  const focused = kept && kept.contains(document.activeElement) ? document.activeElement : null;
  if (state.row && !records.some((r) => r.line === state.row.line)) state.row = null;
  const rows = records.slice(-state.shown).reverse().map((r) => {
    const moved = r.ok ? SEATS.filter((s) => r.payments[s]).flatMap((s) => [who(s), " " + signed(r.payments[s]) + "  "]) : [];
    const open = state.row && state.row.line === r.line;
    const li = el("li", { "data-testid": "history-row", "data-line": String(r.line), class: (r.ok ? "" : "bad") + (open ? " open" : ""),
      role: "button", tabindex: "0", "aria-expanded": String(Boolean(open)),
      onclick: (e) => { if (!e.target.closest(".row-panel")) toggleRow(r.line); },
      onkeydown: (e) => { if ((e.key === "Enter" || e.key === " ") && e.target === li) { e.preventDefault(); toggleRow(r.line); } } },
    el("div", {}, ...recordWords(r)), moved.length ? el("div", { class: "hint" }, ...moved) : null);
    if (open) li.append(rowPanel());
    return li;
  });
  box.replaceChildren(...rows);
  const more = $("history-more");
  more.hidden = records.length <= state.shown;
  if (focused && document.contains(focused)) focused.focus();
}
function toggleRow(line) {
  state.row = state.row && state.row.line === line ? null : { line, mode: null, text: "", error: null, panel: null };
  drawHistory(state.session.records);
}
// the open row's actions, built once per row and mode and kept across redraws (another
// phone's line arriving meanwhile leaves what is typed here as it is)
function rowPanel() {
  const row = state.row;
  if (row.panel) { drawRowMessage(); return row.panel; }
  const mode = (m) => () => { row.mode = row.mode === m ? null : m; row.error = null; row.panel = null; drawHistory(state.session.records); };
  const actions = el("div", { class: "actions" },
    el("button", { type: "button", "data-testid": "row-edit", "aria-pressed": String(row.mode === "edit"), onclick: mode("edit") }, t("row_edit")),
    el("button", { type: "button", "data-testid": "row-insert", "aria-pressed": String(row.mode === "insert"), onclick: mode("insert") }, t("row_insert")),
    el("button", { type: "button", "data-testid": "row-delete", "aria-pressed": String(row.mode === "delete"), onclick: mode("delete") }, t("row_delete")));
  const panel = el("div", { class: "row-panel", "data-testid": "row-actions" }, actions);
  if (row.mode === "edit" || row.mode === "insert") {
    const input = el("input", { "data-testid": "row-line", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
      "aria-label": t("row_line"), value: row.text, oninput: (e) => { row.text = e.target.value; },
      onkeydown: (e) => { if (e.key === "Enter") rowChange(row.mode); } });
    panel.append(el("label", { class: "label", text: t(row.mode === "edit" ? "row_line_edit" : "row_line_insert") }),
      el("div", { class: "row" }, input),
      el("div", { class: "hint", text: t("line_hint") }),
      el("div", { class: "actions" },
        el("button", { type: "button", "data-testid": "row-use-hand", onclick: () => {
          if (!$("hand").value.trim()) { row.error = { key: "row_no_hand" }; drawRowMessage(); return; }
          row.text = JSON.stringify({ ...situation("line"), ...markFields() });
          input.value = row.text;
        } }, t("row_use_hand")),
        el("button", { type: "button", class: "primary", "data-testid": "row-save", onclick: () => rowChange(row.mode) },
          t(row.mode === "edit" ? "row_save_edit" : "row_save_insert"))));
  }
  if (row.mode === "delete") {
    panel.append(el("div", { class: "msg", text: t("row_confirm_q") }),
      el("div", { class: "actions" },
        el("button", { type: "button", class: "danger", "data-testid": "confirm", onclick: () => rowChange("delete") }, t("confirm_delete")),
        el("button", { type: "button", "data-testid": "row-cancel", onclick: mode("delete") }, t("cancel"))));
  }
  panel.append(el("div", { class: "msg bad", "data-testid": "row-message", "aria-live": "polite" }));
  row.panel = panel;
  drawRowMessage();
  return panel;
}
function drawRowMessage() {
  const row = state.row;
  const box = row && row.panel && row.panel.querySelector('[data-testid="row-message"]');
  if (!box) return;
  const e = row.error;
  box.textContent = !e ? "" : e.key ? t(e.key, e.params) : errorText(e);
}
async function rowChange(kind) {
  const row = state.row;
  if (!row || row.busy) return;
  const n = row.line;
  const line = row.text.trim();
  if (kind !== "delete" && !line) { row.error = { key: "row_needs" }; drawRowMessage(); return; }
  const lines = routes(state.sittingId).base + "/lines";
  row.busy = true;
  let answer;
  try {
    if (kind === "edit") answer = await change("PUT", `${lines}/${n}`, { line });
    else if (kind === "insert") answer = await change("POST", lines, { line, before: n });
    else answer = await change("DELETE", `${lines}/${n}`);
  } catch (_) {
    answer = { data: { ok: false, error: { key: "network", params: { status: "—" } } } };
  } finally { row.busy = false; }
  const { data } = answer;
  if (data.ok) {
    state.row = null;
    showMessage({ key: { edit: "row_replaced", insert: "row_inserted", delete: "row_deleted" }[kind], params: { n: data.line } });
  } else if (state.row === row) {
    row.error = data.error || {};
    drawRowMessage();
  }
  await loadSession();
}
const COLOURS = { E: "#c0392b", S: "#2471a3", W: "#b9770e", N: "#1e8449" };
function drawChart(records) {
  const box = $("chart");
  const points = [{ E: 0, S: 0, W: 0, N: 0 }, ...records.filter((r) => r.ok).map((r) => r.totals)];
  if (points.length < 2) { box.replaceChildren(); return; }
  const W = 360, H = 160, P = 24;
  const values = points.flatMap((p) => SEATS.map((s) => p[s]));
  const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
  const x = (i) => P + (i * (W - 2 * P)) / (points.length - 1);
  const y = (v) => H - P - ((v - lo) * (H - 2 * P)) / (hi - lo || 1);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  const line = (x1, y1, x2, y2, colour) => {
    const l = document.createElementNS(NS, "line");
    Object.entries({ x1, y1, x2, y2, stroke: colour, "stroke-width": 1 }).forEach(([k, v]) => l.setAttribute(k, v));
    svg.append(l);
  };
  line(P, y(0), W - P, y(0), "#999");
  for (const [v, ty] of [[hi, y(hi)], [lo, y(lo)]]) {
    const label = document.createElementNS(NS, "text");
    label.setAttribute("x", 2); label.setAttribute("y", ty + 3); label.textContent = String(v);
    svg.append(label);
  }
  for (const s of SEATS) {
    const path = document.createElementNS(NS, "polyline");
    path.setAttribute("points", points.map((p, i) => `${x(i).toFixed(1)},${y(p[s]).toFixed(1)}`).join(" "));
    path.setAttribute("fill", "none");
    path.setAttribute("stroke", COLOURS[s]);
    path.setAttribute("stroke-width", s === state.me ? 4 : 2);
    path.setAttribute("data-seat", s);
    svg.append(path);
  }
  const legend = el("div", { class: "legend" }, ...SEATS.map((s) => {
    const key = el("span", {}, seatName(s) + " ", who(s));
    key.style.setProperty("--c", COLOURS[s]); // through the CSSOM: no style attribute (CSP)
    return key;
  }));
  box.replaceChildren(svg, legend);
}
// the events the sitting's table takes besides hands and drawn hands (adjust: every table)
function eventKinds() {
  const kinds = (entry().events || []).filter((k) => k === "escape" || k === "false_win");
  return [...kinds, "adjust"];
}
function drawEvents() {
  const ev = state.ev;
  const box = $("events");
  const kinds = eventKinds();
  if (!kinds.includes(ev.kind)) ev.kind = null;
  const chooser = el("div", { class: "seats" }, ...kinds.map((k) => el("button", { type: "button", "data-event": k,
    "aria-pressed": String(ev.kind === k), onclick: () => { ev.kind = ev.kind === k ? null : k; drawEvents(); } }, t("ev_" + k))));
  const form = [];
  const seatRow = (key, label) => el("div", { class: "field" }, el("span", { class: "label", text: t(label) }),
    seatButtons(el("div", { class: "seats", "data-ev": key }), ev[key], (s) => { ev[key] = s; drawEvents(); }));
  if (ev.kind === "escape" || ev.kind === "false_win") form.push(seatRow("seat", "ev_seat"));
  if (ev.kind === "escape") {
    form.push(switchButton({ "data-ev": "ends" }, ev.ends, t("ev_ends"), () => { ev.ends = !ev.ends; drawEvents(); }));
  }
  if (ev.kind === "adjust") {
    form.push(seatRow("from", "ev_from"), seatRow("to", "ev_to"),
      el("label", { class: "field" }, el("span", { class: "label", text: t("ev_amount") }),
        el("input", { type: "number", inputmode: "numeric", min: "1", max: "1000", "data-ev": "amount", value: String(ev.amount),
          oninput: (e) => { ev.amount = Number(e.target.value); } })),
      el("label", { class: "field" }, el("span", { class: "label", text: t("ev_reason") }),
        el("input", { "data-ev": "reason", maxlength: "80", value: ev.reason, oninput: (e) => { ev.reason = e.target.value; } })));
  }
  if (ev.kind) form.push(el("button", { type: "button", class: "primary", "data-testid": "add-event", onclick: addEvent }, t("ev_add")));
  box.replaceChildren(chooser, ...form);
}
function addEvent() {
  const ev = state.ev;
  let line = null;
  if (ev.kind === "escape" && ev.seat) line = { event: "escape", seat: ev.seat, ends: ev.ends };
  else if (ev.kind === "false_win" && ev.seat) line = { event: "false_win", seat: ev.seat };
  else if (ev.kind === "adjust" && ev.from && ev.to) {
    line = { event: "adjust", from: ev.from, to: ev.to, amount: ev.amount };
    if (ev.reason.trim()) line.reason = ev.reason.trim();
  }
  if (!line) { showMessage({ key: "ev_needs", bad: true }); return; }
  postLine(JSON.stringify(line), () => { state.ev = { ...state.ev, kind: null, seat: null, ends: false, from: null, to: null, reason: "" }; });
}
function drawMulti() {
  const box = $("multi");
  const multi = state.multi;
  const can = sitting() && (entry().events || []).includes("multi_win");
  box.replaceChildren();
  $("add-hand").textContent = multi ? t("add_multi", { n: multi.winners.length + 1 }) : t("add_hand");
  if (!can) return;
  if (multi) {
    const names = el("span", {}, ...multi.winners.flatMap((w, i) => (i ? [t("and"), who(w.winner)] : [who(w.winner)])));
    const words = t("multi_held").split(/(\{seat\}|\{names\})/).map((piece) => (
      piece === "{seat}" ? seatName(multi.discarder) : piece === "{names}" ? names : piece));
    box.append(el("span", {}, ...words),
      el("button", { type: "button", class: "chip", onclick: () => { state.multi = null; drawMulti(); } }, t("cancel")));
  }
  if (!multi || multi.winners.length < 2) {
    box.append(el("button", { type: "button", class: "chip", "data-testid": "add-winner", onclick: holdWinner }, t("add_winner")));
  }
}
// one winner of a multiple win held back while the next one's hand is set up
function holdWinner() {
  const discarder = state.multi ? state.multi.discarder : state.discarder;
  if (!discarder) { showMessage({ key: "multi_needs", bad: true }); return; }
  const line = situation("line");
  delete line.discarder;
  const multi = state.multi || { discarder, winners: [] };
  multi.winners.push(line);
  state.multi = multi;
  const taken = new Set([discarder, ...multi.winners.map((w) => w.winner)]);
  state.winner = SEATS.find((s) => !taken.has(s)) || state.winner;
  state.discarder = discarder;
  setHand("");
  drawSituation();
  drawMulti();
}
function showMessage(message) {
  state.message = message;
  drawMessage();
}
function drawMessage() {
  const msg = $("session-msg");
  const m = state.message;
  msg.textContent = !m ? "" : m.error ? errorText(m.error) : t(m.key, m.params);
  msg.className = "msg" + (m && m.bad ? " bad" : " good");
}
function markFields() {
  const out = {};
  for (const m of sitting() ? entry().marks : []) if (state.marks[m.field]) out[m.field] = true;
  return out;
}
async function postLine(line, done) {
  const { data } = await change("POST", routes(state.sittingId).add, { line });
  if (data.ok) {
    showMessage({ key: "added_line", params: { n: data.line } });
    $("line").value = "";
    state.marks = {};
    if (done) done();
  } else {
    showMessage({ error: data.error, bad: true });
  }
  await loadSession();
  return data.ok;
}
async function addHand() {
  let line = { ...situation("line"), ...markFields() };
  if (state.multi) {
    delete line.discarder;
    for (const m of Object.keys(markFields())) delete line[m];
    line = { discarder: state.multi.discarder, winners: [...state.multi.winners, line], ...markFields() };
  }
  await postLine(JSON.stringify(line), () => { state.multi = null; });
}
// undo: the --session file's own route; another sitting's last hand or event line deleted by
// its number (a line another phone added meanwhile is not the one taken back)
async function undo() {
  const id = state.sittingId;
  let answer;
  if (routes(id).own) answer = await change("POST", "/api/session/undo");
  else {
    const records = (state.session && state.session.records) || [];
    if (!records.length) { showMessage({ key: "nothing_undo", bad: true }); return; }
    answer = await change("DELETE", `${routes(id).base}/lines/${records[records.length - 1].line}`);
  }
  const { data } = answer;
  if (data.ok) showMessage({ key: "undone", params: { n: data.line } });
  else showMessage({ error: data.error, bad: true });
  await loadSession();
}

// --- the club night: the night's sittings, a new one -------------------------------------
async function loadSittings() {
  let answer;
  try { answer = await api("GET", "/api/sittings"); } catch (_) { return; }
  state.sittings = answer.status === 200 && Array.isArray(answer.data) ? answer.data : [];
  drawClub();
}
const rulesTitle = (name) => {
  const found = state.flags[name];
  return found ? pick(found.title[0], found.title[1]) : name || "";
};
// a sitting in words: its ruleset and its players' names (each isolated)
function tableWords(rules, names) {
  const named = SEATS.filter((s) => names && names[s]);
  const people = named.flatMap((s, i) => (i ? [t("and"), playerName(names[s])] : [playerName(names[s])]));
  return [el("b", { text: rulesTitle(rules) }), ...(people.length ? [" · ", ...people] : [])];
}
const clock = (iso) => {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return "";
  return `${String(when.getHours()).padStart(2, "0")}:${String(when.getMinutes()).padStart(2, "0")}`;
};
function drawClub() {
  const box = $("club");
  const shown = START.club || Boolean(state.clubMessage);
  box.hidden = !shown;
  if (!shown) { box.replaceChildren(); return; }
  const parts = [];
  const held = state.session && state.session.id === state.sittingId ? state.session : null;
  if (START.club && state.sittingId && !state.clubOpen) {
    const words = held ? tableWords(held.summary.rules, held.players) : [];
    parts.push(el("div", { class: "row club-bar" },
      el("div", { class: "grow", "data-testid": "sitting-title" }, el("span", { class: "label", text: t("this_table") }), ...words),
      el("button", { type: "button", "data-testid": "sittings-toggle", "aria-expanded": "false",
        onclick: () => { state.clubOpen = true; drawClub(); loadSittings(); } }, t("other_tables"))));
  } else if (START.club) {
    const head = el("div", { class: "row club-bar" }, el("h2", { class: "grow", text: t("tables") }));
    if (state.sittingId) {
      head.append(el("button", { type: "button", "data-testid": "sittings-toggle", "aria-expanded": "true",
        onclick: () => { state.clubOpen = false; drawClub(); } }, t("hide_tables")));
    }
    parts.push(head);
    const list = state.sittings || [];
    if (state.sittings && !list.length) parts.push(el("div", { class: "hint", text: t("tables_none") }));
    parts.push(el("div", { class: "tables", "data-testid": "sitting-list" }, ...list.map((row) => {
      const about = [t("table_lines", { n: row.lines }), t("table_updated", { time: clock(row.updated) })];
      if (state.lang === "en") about.unshift(row.id); // an id is words of Latin letters: not in Chinese
      return el("button", { type: "button", class: "table", "data-testid": "sitting-row", "data-id": row.id,
        "aria-pressed": String(row.id === state.sittingId), onclick: () => openSitting(row.id, true) },
      el("span", {}, ...tableWords(row.rules, row.names)), el("span", { class: "hint", text: about.join(" · ") }));
    })));
    if (state.creating) parts.push(newSittingForm());
    else {
      parts.push(el("button", { type: "button", class: "more", "data-testid": "new-sitting",
        onclick: () => { state.creating = newSitting(state.rules); drawClub(); } }, t("new_sitting")));
    }
  }
  const m = state.clubMessage;
  if (m) parts.push(el("div", { class: "msg" + (m.bad ? " bad" : ""), "data-testid": "sittings-message", text: t(m.key, m.params) }));
  box.replaceChildren(...parts);
}
function newSitting(rules) {
  return { rules: state.flags[rules] ? rules : Object.keys(state.flags)[0], names: {}, dealer: null, options: {}, error: null, node: null, busy: false };
}
// an option's help without its aside that it is for sittings only: the whole form is one
const optionHelp = (o) => pick(o.help[0], o.help[1]).replace(/\s*[（(][^（()）]*[)）]\s*$/, "");
// the form of a new sitting: the fields `session --new` writes (players' names, the ruleset,
// the first dealer, the ruleset's whole-number options for sittings); built once and kept
// across redraws, so that a line heard from the table leaves what is typed here
function newSittingForm() {
  const c = state.creating;
  if (c.node) { drawNewMessage(); return c.node; }
  const rules = el("select", { "data-field": "rules", "aria-label": t("rules"), onchange: (e) => {
    c.rules = e.target.value; c.options = {}; c.node = null; drawClub();
  } }, ...Object.keys(state.flags).map((name) => el("option", { value: name, selected: name === c.rules }, rulesTitle(name))));
  const names = SEATS.map((seat) => el("label", { class: "row name" }, el("span", { class: "who", text: seatName(seat) }),
    el("input", { "data-field": "names", "data-seat": seat, maxlength: "40", autocomplete: "off",
      "aria-label": t("new_name", { seat: seatName(seat) }), value: c.names[seat] || "",
      oninput: (e) => { c.names[seat] = e.target.value; } })));
  const dealer = el("div", { class: "seats", "data-field": "dealer" });
  const drawDealer = () => seatButtons(dealer, c.dealer || "E", (seat) => { c.dealer = seat; drawDealer(); });
  drawDealer();
  const options = ((state.flags[c.rules] || {}).options || []).map((o) => el("label", { class: "field" },
    el("span", { class: "label", text: optionHelp(o) }),
    el("input", { type: "number", inputmode: "numeric", min: String(o.low), max: String(o.high), step: "1",
      "data-field": "options", "data-option": o.name, value: c.options[o.name] ?? String(o.value),
      oninput: (e) => { c.options[o.name] = e.target.value; } })));
  c.node = el("div", { class: "new-sitting", "data-testid": "new-sitting-form" },
    el("h2", { text: t("new_title") }),
    el("label", { class: "field" }, el("span", { class: "label", text: t("rules") }), rules),
    el("div", { class: "field" }, el("span", { class: "label", text: t("new_names") }), ...names),
    el("div", { class: "field" }, el("span", { class: "label", text: t("new_dealer") }), dealer),
    ...options,
    el("div", { class: "actions" },
      el("button", { type: "button", class: "primary", "data-testid": "create-sitting", onclick: createSitting }, t("create")),
      el("button", { type: "button", "data-testid": "new-cancel", onclick: () => { state.creating = null; drawClub(); } }, t("cancel"))),
    el("div", { class: "msg bad", "data-testid": "new-sitting-message", "aria-live": "polite" }));
  drawNewMessage();
  return c.node;
}
function drawNewMessage() {
  const c = state.creating;
  const box = c && c.node && c.node.querySelector('[data-testid="new-sitting-message"]');
  if (box) box.textContent = c.error ? errorText(c.error) : "";
}
// only the fields given go into the header, as flags not given on the command line: a name
// left empty, the dealer not chosen, an option at its value are left out
function newSittingBody(c) {
  const body = { rules: c.rules };
  const names = {};
  for (const seat of SEATS) if ((c.names[seat] || "").trim()) names[seat] = c.names[seat];
  if (Object.keys(names).length) body.names = names;
  if (c.dealer) body.dealer = c.dealer;
  const options = {};
  for (const o of (state.flags[c.rules] || {}).options || []) {
    const written = String(c.options[o.name] ?? "").trim();
    if (!written) continue;
    const v = Number(written);
    if (v !== o.value) options[o.name] = Number.isFinite(v) ? v : written;
  }
  if (Object.keys(options).length) body.options = options;
  return body;
}
async function createSitting() {
  const c = state.creating;
  if (!c || c.busy) return;
  c.busy = true;
  let answer;
  try {
    answer = await change("POST", "/api/sittings", newSittingBody(c));
  } catch (_) {
    answer = { status: 0, data: { ok: false, error: { message: WORDS.network[0].replace("{status}", "—"), message_zh: WORDS.network[1].replace("{status}", "—") } } };
  } finally { c.busy = false; }
  const { status, data } = answer;
  if (status === 201 && data.ok) {
    await openSitting(data.id, true);
    loadSittings();
    return;
  }
  c.error = data.error || {};
  drawNewMessage();
}

// --- the settlement: who pays whom ---------------------------------------------------------
let settleSeq = 0, settleTimer = null;
async function loadSettle() {
  const id = state.sittingId;
  if (!id) return;
  const params = new URLSearchParams();
  const rate = $("settle-rate").value.trim(), currency = $("settle-currency").value.trim();
  if (rate) params.set("rate", rate);
  if (currency) params.set("currency", currency);
  const query = params.toString();
  const seq = ++settleSeq;
  let answer;
  try { answer = await api("GET", routes(id).base + "/settle" + (query ? "?" + query : "")); } catch (_) { return; }
  if (seq !== settleSeq || id !== state.sittingId) return;
  state.settle = answer.status === 200 ? { data: answer.data } : { error: answer.data.error || answer.data };
  drawSettle();
}
// money as the command line writes it: a symbol before the amount (¥8.00), an ASCII code after
// it with a space (8.00 CNY), a word after it (8.00元)
function moneyText(amount, currency) {
  if (!currency) return amount;
  if (/^[A-Za-z]+$/.test(currency)) return `${amount} ${currency}`;
  if (/\p{L}$/u.test(currency)) return `${amount}${currency}`;
  return `${currency}${amount}`;
}
// points × the rate to the cent, rounded half up, exactly (the rate is the server's decimal
// text): the fees' money, which the settlement gives in points
function moneyOf(points, rate) {
  const [whole, part = ""] = String(rate).split(".");
  const scale = 10n ** BigInt(part.length);
  const product = BigInt(points) * BigInt(whole + part) * 100n;
  const negative = product < 0n;
  const size = negative ? -product : product;
  const cents = (2n * size + scale) / (2n * scale);
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
  return negative && cents ? "-" + text : text;
}
// the settlement's lines, each as nodes to show (names isolated) and as text to copy
function settlementLines(d) {
  const players = d.players || {};
  const plain = (seat) => players[seat] || t("word_" + seat);
  const shown = (seat) => (players[seat] ? playerName(players[seat]) : el("span", { text: t("word_" + seat) }));
  const money = (m) => (m === null || m === undefined ? "" : phrase("settle_money", { m: moneyText(m, d.currency) }).join(""));
  const line = (key, attrs, from, to, amount, m) => ({
    attrs: { "data-testid": "settle-line", ...attrs },
    text: phrase(key, { f: plain(from), t: to ? plain(to) : "", n: String(amount), m: money(m) }).join(""),
    nodes: phrase(key, { f: shown(from), t: to ? shown(to) : "", n: String(amount), m: money(m) }),
  });
  const out = (d.transfers || []).map((x) => line("settle_pays",
    { "data-kind": "transfer", "data-from": x.from, "data-to": x.to, "data-amount": String(x.amount), "data-money": x.money || null },
    x.from, x.to, x.amount, x.money));
  for (const seat of SEATS) {
    const fee = (d.fees || {})[seat];
    if (!fee) continue;
    const m = d.rate === undefined || d.rate === null ? null : moneyOf(fee, d.rate);
    out.push(line("settle_fees", { "data-kind": "fees", "data-from": seat, "data-amount": String(fee), "data-money": m }, seat, null, fee, m));
  }
  if (!out.length) out.push({ attrs: { "data-testid": "settle-line", "data-kind": "nothing" }, text: t("settle_nothing"), nodes: [t("settle_nothing")] });
  return out;
}
function drawSettle() {
  const open = state.settleOpen;
  const button = $("settle-button");
  button.textContent = t("settle") + (open ? " ▴" : " ▾");
  button.setAttribute("aria-expanded", String(open));
  $("settle-body").hidden = !open;
  const list = $("settle-lines"), msg = $("settle-msg");
  const s = state.settle;
  if (!open || !s) { list.replaceChildren(); msg.textContent = ""; return; }
  if (s.error) {
    list.replaceChildren();
    msg.textContent = errorText(s.error);
    msg.className = "msg bad";
    return;
  }
  const lines = settlementLines(s.data);
  list.replaceChildren(...lines.map((l) => el("li", l.attrs, ...l.nodes)));
  msg.textContent = s.copied === true ? t("copied") : s.copied === false ? t("copy_by_hand") : "";
  msg.className = "msg" + (s.copied === false ? " bad" : " good");
}
async function copySettle() {
  const s = state.settle;
  if (!s || !s.data) return;
  const text = settlementLines(s.data).map((l) => l.text).join("\n") + "\n";
  let done = false;
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); done = true; }
  } catch (_) { done = false; }
  if (!done) { // a page over plain http on the LAN has no clipboard API: the older way
    const area = el("textarea", { readonly: true, "aria-hidden": "true" });
    area.value = text;
    area.style.position = "fixed"; // through the CSSOM: no style attribute (CSP)
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try { done = document.execCommand("copy"); } catch (_) { done = false; }
    area.remove();
  }
  s.copied = done;
  drawSettle();
}

// --- language, ruleset and start ---------------------------------------------------------
function switchRules(name) {
  state.rules = name;
  $("rules").value = name;
  state.result = null; // another ruleset's numbers: not this one's
  state.waits = null;
  state.multi = null;
  drawResult();
  drawWaits();
  drawFlags();
  drawSituation();
  if (state.session) drawSession();
}
function applyLang() {
  document.documentElement.lang = state.lang === "zh" ? "zh-CN" : "en";
  if (state.row) state.row.panel = null; // built again in the new language, what is typed kept
  if (state.creating) state.creating.node = null;
  $("lang").textContent = state.lang === "zh" ? "EN" : "中文";
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-title]")) node.title = t(node.dataset.tTitle);
  for (const node of document.querySelectorAll("[data-t-aria]")) node.setAttribute("aria-label", t(node.dataset.tAria));
  for (const option of $("rules").options) {
    const found = state.flags[option.value];
    if (found) option.textContent = pick(found.title[0], found.title[1]);
  }
  buildPicker();
  showParsed(lastParsed, $("hand").value);
  drawSituation();
  drawFlags();
  drawResult();
  drawWaits();
  drawSession();
  drawClub();
  drawSettle();
}
async function start() {
  const { data } = await api("GET", "/api/flags");
  state.flags = data;
  const select = $("rules");
  for (const name of Object.keys(data)) select.append(el("option", { value: name }, name));
  state.rules = select.value;
  select.addEventListener("change", () => switchRules(select.value));
  $("hand").addEventListener("input", () => { onHandInput(); updatePicker(); });
  $("hand").addEventListener("keydown", (e) => { if (e.key === "Enter") doScore(); });
  $("back").addEventListener("click", backTile);
  $("clear").addEventListener("click", () => setHand(""));
  $("win-tile").addEventListener("change", (e) => { state.winTile = e.target.value; });
  $("after-kong").addEventListener("click", () => { state.afterKong = !state.afterKong; drawSituation(); });
  $("rob-kong").addEventListener("click", () => { state.robKong = !state.robKong; drawSituation(); });
  $("add-kong").addEventListener("click", () => {
    state.kongs.push({ seat: SEATS.find((s) => s !== state.winner), kind: "exposed", tile: "" });
    drawSituation();
  });
  $("score").addEventListener("click", doScore);
  $("waits").addEventListener("click", doWaits);
  $("lang").addEventListener("click", () => { state.lang = state.lang === "zh" ? "en" : "zh"; applyLang(); });
  $("add-hand").addEventListener("click", addHand);
  $("undo").addEventListener("click", undo);
  $("add-draw").addEventListener("click", () => postLine(JSON.stringify({ event: "draw", ...markFields() })));
  $("add-line").addEventListener("click", () => { if ($("line").value.trim()) postLine($("line").value.trim()); });
  $("history-more").addEventListener("click", () => { state.shown += HISTORY_ROWS; drawHistory(state.session.records); });
  $("settle-button").addEventListener("click", () => {
    state.settleOpen = !state.settleOpen;
    drawSettle();
    if (state.settleOpen) loadSettle();
  });
  for (const id of ["settle-rate", "settle-currency"]) {
    $(id).addEventListener("input", () => { clearTimeout(settleTimer); settleTimer = setTimeout(loadSettle, 300); });
  }
  $("settle-copy").addEventListener("click", copySettle);
  applyLang();
  // the sitting of the URL (?sitting=ID), else the --session file's; on a club night without
  // either, the night's list to choose from or to start a new one
  const asked = new URLSearchParams(location.search).get("sitting");
  if (START.club) loadSittings();
  if (asked || OWN) await openSitting(asked || OWN, false);
  else if (START.club) { state.clubOpen = true; drawClub(); }
  // a stream may have dropped while the phone slept: read what is new when it is looked at again
  document.addEventListener("visibilitychange", () => { if (!document.hidden && state.sittingId) loadSession(); });
  document.body.dataset.ready = "true";
}
start();
