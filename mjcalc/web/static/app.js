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
};

function readMe() {
  try {
    const seat = localStorage.getItem(ME_KEY);
    return SEATS.includes(seat) ? seat : null;
  } catch (_) { return null; }
}
function t(key, params) {
  const pair = WORDS[key] || [key, key];
  let s = pair[state.lang === "zh" ? 1 : 0];
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
async function change(path, body) {
  const key = changeKey();
  for (let attempt = 1; ; attempt++) {
    let answer;
    try {
      answer = await api("POST", path, body, key);
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
const entry = () => state.flags[state.rules] || { flags: [], carried: [], marks: [], events: [], ignored: [] };
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
// the records after the last line this page holds, while the file still holds that line as it
// was (since > 0); else every record again
async function loadSession() {
  const held = state.session;
  const query = held && held.lines ? `?since=${held.lines}&mark=${encodeURIComponent(held.mark)}` : "";
  const { status, data } = await api("GET", "/api/session" + query);
  if (status !== 200) return;
  if (held && data.since > 0) data.records = held.records.concat(data.records);
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
  // an escape and a false win: the seat that pays the others
  const s = paying.length === 1 ? who(paying[0]) : el("span", {}, ...join(paying));
  return phrase(r.event === "escape" ? "escaped" : "false_won", { s });
}
function drawHistory(records) {
  $("history").replaceChildren(...records.slice(-12).reverse().map((r) => {
    const moved = r.ok ? SEATS.filter((s) => r.payments[s]).flatMap((s) => [who(s), " " + signed(r.payments[s]) + "  "]) : [];
    return el("li", { "data-testid": "history-row", "data-line": String(r.line), class: r.ok ? null : "bad" },
      el("div", {}, ...recordWords(r)), moved.length ? el("div", { class: "hint" }, ...moved) : null);
  }));
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
  const { data } = await change("/api/session/lines", { line });
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
async function undo() {
  const { data } = await change("/api/session/undo");
  if (data.ok) showMessage({ key: "undone", params: { n: data.line } });
  else showMessage({ error: data.error, bad: true });
  await loadSession();
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
  applyLang();
  if (START.session) {
    await loadSession();
    // another phone may have written since: read what is new when this one is looked at again
    document.addEventListener("visibilitychange", () => { if (!document.hidden) loadSession(); });
  }
  document.body.dataset.ready = "true";
}
start();
