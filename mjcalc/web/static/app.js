// mjcalc's page: every number on it comes from the server's API (the same JSON as the
// command line); this script only builds requests from the taps and draws the answers.
"use strict";

const START = JSON.parse(document.body.dataset.start || "{}");
const TOKEN = new URLSearchParams(location.search).get("token");
const SEATS = ["E", "S", "W", "N"];
const $ = (id) => document.getElementById(id);

const WORDS = {
  hand: ["Hand (notation or tap the tiles)", "手牌（输入写法或点牌）"],
  back: ["Delete the last tile", "删去最后一张"],
  clear: ["Clear", "清空"],
  winner: ["Winner", "和牌者"],
  dealer: ["Dealer", "庄家"],
  won: ["Won by", "和牌方式"],
  self_draw: ["self-draw", "自摸"],
  off: ["off {seat}", "{seat}放炮"],
  after_kong: ["after a kong", "杠上开花"],
  rob_kong: ["robbing a kong", "抢杠"],
  kongs: ["Kongs by the other seats", "其他家的杠"],
  add_kong: ["+ kong", "+ 杠"],
  concealed: ["concealed", "暗杠"],
  exposed: ["exposed", "明杠"],
  added: ["added", "加杠"],
  remove: ["remove", "删除"],
  score: ["Score", "算分"],
  waits: ["Waits", "听牌"],
  session: ["Session", "对局"],
  add_hand: ["Add this hand", "记入这一手"],
  undo: ["Undo", "撤销"],
  add: ["Add", "加入"],
  line_hint: ["Any line `session --add` takes: escape W · false-win S · adjust S E 10 · a hand",
    "`session --add` 接受的任何一行：escape W（逃跑）· false-win S（诈胡）· adjust S E 10（调整）· 一手牌"],
  add_draw: ["Drawn hand", "流局"],
  seat_E: ["E", "东"], seat_S: ["S", "南"], seat_W: ["W", "西"], seat_N: ["N", "北"],
  tiles: ["{n} tiles", "{n} 张"],
  per_seat: ["Payment per seat", "各家收付"],
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
  line_n: ["line {n}", "第 {n} 行"],
  added_line: ["Added line {n}.", "已加入第 {n} 行。"],
  undone: ["Removed line {n}.", "已撤销第 {n} 行。"],
  network: ["The server did not answer ({status}).", "服务没有回应（{status}）。"],
  draw: ["draw", "流局"],
  hand_event: ["hand", "一手"],
  multi_win: ["multiple win", "一炮多响"],
  false_win: ["false win", "诈胡"],
  escape: ["escape", "逃跑"],
  adjust: ["adjustment", "调整"],
  dealer_is: ["dealer {seat}", "庄家 {seat}"],
  warnings: ["Note", "注意"],
};
const SECTIONS = START.sections || {}; // [en, zh] by section name, from the server's catalogue
const TILES = START.tiles || {}; // [glyph, Chinese name] by mpsz code, from mjcalc.tiles

const state = {
  lang: START.lang === "zh" ? "zh" : "en",
  rules: null, flags: {}, winner: "E", dealer: "E", discarder: null, kongs: [],
  session: null,
};

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
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

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
    data = { ok: false, error: { code: "http", message: t("network", { status: response.status }) } };
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
const tileLabel = (code) => (state.lang === "zh" && TILES[code] ? TILES[code][1] : code);
function buildPicker() {
  const box = $("picker");
  box.replaceChildren();
  const rows = [["m", 9], ["p", 9], ["s", 9], ["z", 7], ["f", 8]];
  for (const [suit, count] of rows) {
    for (let n = 1; n <= 9; n++) {
      if (n > count) { box.append(el("span", { class: "gap" })); continue; }
      const code = `${n}${suit}`;
      box.append(el("button", { type: "button", "data-tile": code, title: code,
        onclick: () => addTile(code) },
        el("span", { class: "g", text: glyph(code) }), el("span", { class: "c", text: tileLabel(code) })));
    }
  }
}
function addTile(code) {
  const input = $("hand");
  const digit = code[0], suit = code[1];
  let v = input.value.replace(/\s+$/, "");
  if (v.endsWith(suit) && /\d$/.test(v.slice(0, -1))) v = v.slice(0, -1) + digit + suit;
  else v += digit + suit;
  input.value = v;
  onHandInput();
}
function backTile() {
  const input = $("hand");
  let v = input.value.replace(/\s+$/, "");
  const m = v.match(/(\d+)([mpszf])$/);
  if (m && m[1].length > 1) v = v.slice(0, v.length - 2) + m[2];  // 123m → 12m
  else if (m) v = v.slice(0, v.length - 2);  // 11z3m → 11z
  else v = v.slice(0, -1);
  input.value = v;
  onHandInput();
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
function showParsed(data, hand) {
  lastParsed = data;
  const caret = $("caret"), parsed = $("parsed"), glyphs = $("glyphs");
  if (!data) { caret.hidden = true; parsed.textContent = ""; glyphs.textContent = ""; return; }
  if (data.ok) {
    caret.hidden = true;
    glyphs.textContent = data.glyphs;
    parsed.textContent = `${data.hand} · ${t("tiles", { n: data.tiles })}`;
  } else {
    const e = data.error || {};
    caret.hidden = false;
    caret.textContent = e.column ? caretBlock(hand, e.column, errorText(e)) : errorText(e);
    parsed.textContent = "";
  }
}

// --- the situation -----------------------------------------------------------------------
function seatButtons(boxId, current, onPick, extra) {
  const box = $(boxId);
  box.replaceChildren();
  const choices = extra ? [extra, ...SEATS] : SEATS;
  for (const choice of choices) {
    const seat = typeof choice === "string" ? choice : choice.value;
    const label = typeof choice === "string" ? seatName(choice) : choice.label;
    const disabled = boxId === "discarder" && seat === state.winner;
    box.append(el("button", { type: "button", "aria-pressed": String(seat === current),
      "data-seat": seat === null ? "none" : seat, disabled, onclick: () => onPick(seat) }, label));
  }
}
function drawSituation() {
  seatButtons("winner", state.winner, (s) => {
    state.winner = s;
    if (state.discarder === s) state.discarder = null;
    drawSituation();
  });
  seatButtons("dealer", state.dealer, (s) => { state.dealer = s; drawSituation(); });
  seatButtons("discarder", state.discarder, (s) => { state.discarder = s; drawSituation(); },
    { value: null, label: t("self_draw") });
  const kongs = $("kongs");
  kongs.replaceChildren();
  state.kongs.forEach((k, i) => {
    const seat = el("select", { onchange: (e) => { k.seat = e.target.value; } },
      ...SEATS.map((s) => el("option", { value: s, selected: s === k.seat }, seatName(s))));
    const kind = el("select", { onchange: (e) => { k.kind = e.target.value; } },
      ...["exposed", "concealed", "added"].map((w) => el("option", { value: w, selected: w === k.kind }, t(w))));
    kongs.append(el("div", { class: "kong" }, seat, kind,
      el("button", { type: "button", class: "chip", onclick: () => { state.kongs.splice(i, 1); drawSituation(); } }, t("remove"))));
  });
}
function drawFlags() {
  const box = $("flags");
  const old = readFlags();
  box.replaceChildren();
  const entry = state.flags[state.rules];
  if (!entry) return;
  for (const f of entry.flags) {
    const help = pick(f.help[0], f.help[1]).replace(/^[^:：]*[:：]\s*/, "");
    const id = "flag-" + f.field;
    let control = null;
    if (f.kind === "text") {
      control = el("label", {}, el("span", { text: help }),
        el("input", { id, class: "tile", "data-field": f.field, "data-kind": f.kind,
          placeholder: f.metavar || "", value: old[f.field] || "" }));
    } else if (f.kind === "switch") {
      control = el("label", {}, el("input", { id, type: "checkbox", "data-field": f.field,
        "data-kind": f.kind, checked: Boolean(old[f.field]) }), el("span", { text: help }));
    } else if (f.kind === "count") {
      control = el("label", {}, el("span", { text: help }),
        el("input", { id, type: "number", min: f.low, max: f.high, "data-field": f.field,
          "data-kind": f.kind, value: old[f.field] || "" }));
    } else if (f.kind === "seats") {
      control = el("div", { "data-field": f.field, "data-kind": f.kind },
        el("span", { class: "label", text: help }),
        el("div", { class: "checks" }, ...SEATS.map((s) => el("label", {},
          el("input", { type: "checkbox", value: s, checked: (old[f.field] || []).includes(s) }),
          seatName(s)))));
    }
    if (control) box.append(el("div", { class: "flag" }, control));
  }
}
function readFlags() {
  const out = {};
  for (const node of document.querySelectorAll("#flags [data-field]")) {
    const field = node.dataset.field, kind = node.dataset.kind;
    if (kind === "text" && node.value.trim()) out[field] = node.value.trim();
    else if (kind === "switch" && node.checked) out[field] = true;
    else if (kind === "count" && node.value !== "") out[field] = Number(node.value);
    else if (kind === "seats") {
      const seats = [...node.querySelectorAll("input:checked")].map((i) => i.value);
      if (seats.length) out[field] = seats;
    }
  }
  return out;
}
function situation(forWaits) {
  const r = { hand: $("hand").value.trim(), winner: state.winner, dealer: state.dealer };
  if (!forWaits) {
    if (state.discarder) r.discarder = state.discarder;
    if ($("after-kong").checked) r.after_kong = true;
    if ($("rob-kong").checked) r.robbing_kong = true;
  }
  if (state.kongs.length) r.kongs = state.kongs.map((k) => ({ seat: k.seat, kind: k.kind }));
  return Object.assign(r, readFlags());
}
const request = (forWaits) => Object.assign({ rules: state.rules }, situation(forWaits));

// --- the result --------------------------------------------------------------------------
function paymentsTable(payments, roles) {
  const head = el("tr", {}, ...SEATS.map((s) => el("th", { class: "num" }, seatName(s) + (roles[s] || ""))));
  const row = el("tr", {}, ...SEATS.map((s) => {
    const v = payments[s] || 0;
    return el("td", { class: "num " + (v > 0 ? "good" : v < 0 ? "bad" : ""), "data-testid": "payment-" + s },
      v > 0 ? "+" + v : String(v));
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
function showResult(result) {
  const box = $("result");
  box.hidden = false;
  box.replaceChildren();
  if (!result.ok) { box.append(errorBox(result)); return; }
  const roles = {};
  roles[result.winner] = " ★";
  box.append(el("div", { class: "pattern", "data-testid": "pattern" },
    pick(`${result.pattern.en} ${result.pattern.zh}`, result.pattern.zh)));
  box.append(el("div", { class: "hint", text: result.hand + (result.reading ? " · " + result.reading.sets.join(" ") : "") }));
  box.append(el("h2", { text: t("per_seat") }), paymentsTable(result.payments, roles));
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
  box.append(items, el("div", { class: "hint", text: t("tap") }));
  const names = Object.keys(result.sections || {});
  if (names.length) {
    const rows = names.map((name) => el("tr", {},
      el("td", { text: SECTIONS[name] ? pick(SECTIONS[name][0], SECTIONS[name][1]) : name }),
      ...SEATS.map((s) => el("td", { class: "num", text: String(result.sections[name][s] || 0) }))));
    box.append(el("table", {}, el("tbody", {}, ...rows)));
  }
  for (const w of result.warnings || []) {
    box.append(el("div", { class: "hint", text: `${t("warnings")}: ${pick(w.message, w.message_zh)}` }));
  }
}
async function doScore() {
  const { data } = await api("POST", "/api/score", request(false));
  showResult(data);
  $("result").scrollIntoView({ block: "nearest" });
}

// --- waits -------------------------------------------------------------------------------
function waitLine(w, winner) {
  const pays = [];
  if (w.self_draw) pays.push(`${t("self_drawn")} +${w.self_draw.payments[winner]}`);
  for (const s of SEATS) {
    if (w.discard && w.discard[s]) pays.push(`${t("off", { seat: seatName(s) })} +${w.discard[s].payments[winner]}`);
  }
  return el("li", { "data-wait": w.tile },
    el("div", { class: "top" }, el("span", { text: `${glyph(w.tile)} ${tileLabel(w.tile)} · ${pick(w.pattern.en, w.pattern.zh)}` }),
      el("span", { class: "effect", text: t("left", { n: w.left }) })),
    el("div", { class: "why", text: pays.join(" · ") || t("not_allowed") }));
}
function showWaits(data) {
  const box = $("waits-out");
  box.hidden = false;
  box.replaceChildren();
  if (!data.ok) { box.append(errorBox(data)); return; }
  if (data.shanten === -1) box.append(el("div", { class: "pattern", text: t("complete") }));
  else if (data.waits.length) {
    box.append(el("h2", { text: t("ready") + (data.any_tile ? " " + t("any_tile") : "") }));
    const list = el("ul", { class: "items" });
    for (const w of data.waits) {
      const li = waitLine(w, data.winner);
      li.addEventListener("click", () => li.classList.toggle("open"));
      li.classList.add("open");
      list.append(li);
    }
    box.append(list);
  } else if (data.shanten !== null && data.shanten !== undefined && !data.discards) {
    box.append(el("div", { class: "pattern", text: t("shanten", { n: data.shanten }) }));
  }
  if (data.improving && data.improving.length) {
    box.append(el("h2", { text: t("improving") }),
      el("div", { class: "glyphs", text: data.improving.map((x) => glyph(x.tile)).join("") }));
  }
  if (data.discards && data.discards.length) {
    box.append(el("h2", { text: t("discards") }));
    for (const d of data.discards) {
      box.append(el("div", { class: "hint", text: `${glyph(d.tile)} ${tileLabel(d.tile)} → ${d.waits.map((w) => tileLabel(w.tile)).join(" ")}` }));
    }
  }
}
async function doWaits() {
  const { data } = await api("POST", "/api/waits", request(true));
  showWaits(data);
  $("waits-out").scrollIntoView({ block: "nearest" });
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
  const summary = data.summary;
  if (summary.rules && state.flags[summary.rules] && state.rules !== summary.rules) {
    state.rules = summary.rules;
    $("rules").value = summary.rules;
    drawFlags();
  }
  state.dealer = summary.dealer;
  drawSituation();
  drawSession();
}
// a player's name as typed, isolated: a bidi override or a zero-width character in it cannot
// reorder or join what is drawn around it (textContent only, never HTML)
const playerName = (name) => el("bdi", { dir: "auto", class: "player", text: name || "" });
function drawSession() {
  const data = state.session;
  if (!data) return;
  const summary = data.summary;
  const players = data.players || {};
  const head = el("tr", {}, el("th", { text: t("seat") }), el("th", { text: t("player") }),
    el("th", { class: "num", text: t("total") }),
    summary.balances ? el("th", { class: "num", text: t("balance") }) : null,
    summary.ranks ? el("th", { text: t("rank") }) : null);
  const rows = SEATS.map((s) => el("tr", { "data-seat": s },
    el("td", { text: seatName(s) + (s === summary.dealer ? " ●" : "") }), el("td", {}, playerName(players[s])),
    el("td", { class: "num", "data-testid": "total-" + s, text: String(summary.totals[s]) }),
    summary.balances ? el("td", { class: "num", text: String(summary.balances[s]) }) : null,
    summary.ranks ? el("td", { text: `${summary.ranks[s].zh} (${summary.ranks[s].points})` }) : null));
  $("standings").replaceChildren(el("h2", { text: t("standings") }),
    el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)),
    el("div", { class: "hint", text: t("dealer_is", { seat: seatName(summary.dealer) }) }));
  drawChart(data.records);
  const history = $("history");
  history.replaceChildren(...data.records.slice(-12).reverse().map((r) => {
    if (!r.ok) return el("li", { class: "bad", text: `${t("line_n", { n: r.line })}: ${errorText(r.error)}` });
    const what = r.event === "hand" && r.results.length
      ? `${seatName(r.results[0].winner)} ${pick(r.results[0].pattern.en, r.results[0].pattern.zh)}`
      : t(r.event === "hand" ? "hand_event" : r.event);
    const moved = SEATS.map((s) => `${seatName(s)}${r.payments[s] > 0 ? "+" : ""}${r.payments[s]}`).join(" ");
    return el("li", { text: `${t("line_n", { n: r.line })} · ${what} · ${moved}` });
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
    path.setAttribute("stroke-width", 2);
    path.setAttribute("data-seat", s);
    svg.append(path);
  }
  const legend = el("div", { class: "legend" }, ...SEATS.map((s) => {
    const key = el("span", { text: seatName(s) });
    key.style.setProperty("--c", COLOURS[s]); // through the CSSOM: no style attribute (CSP)
    return key;
  }));
  box.replaceChildren(svg, legend);
}
function sessionMessage(text, bad) {
  const msg = $("session-msg");
  msg.textContent = text;
  msg.className = "msg" + (bad ? " bad" : " good");
}
async function postLine(line) {
  const { data } = await change("/api/session/lines", { line });
  if (data.ok) {
    sessionMessage(t("added_line", { n: data.line }), false);
    $("line").value = "";
  } else {
    sessionMessage(errorText(data.error), true);
  }
  await loadSession();
}
function addHand() {
  const line = situation(false);
  delete line.dealer;
  postLine(JSON.stringify(line));
}
async function undo() {
  const { data } = await change("/api/session/undo");
  if (data.ok) sessionMessage(t("undone", { n: data.line }), false);
  else sessionMessage(errorText(data.error), true);
  await loadSession();
}

// --- language and start ------------------------------------------------------------------
function applyLang() {
  document.documentElement.lang = state.lang === "zh" ? "zh-CN" : "en";
  $("lang").textContent = state.lang === "zh" ? "EN" : "中文";
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-title]")) node.title = t(node.dataset.tTitle);
  const select = $("rules");
  for (const option of select.options) {
    const entry = state.flags[option.value];
    if (entry) option.textContent = pick(entry.title[0], entry.title[1]);
  }
  buildPicker();
  drawSituation();
  drawFlags();
  drawSession();
  if (lastParsed) showParsed(lastParsed, $("hand").value);
}
async function start() {
  const { data } = await api("GET", "/api/flags");
  state.flags = data;
  const select = $("rules");
  for (const name of Object.keys(data)) select.append(el("option", { value: name }, name));
  state.rules = select.value;
  select.addEventListener("change", () => { state.rules = select.value; drawFlags(); });
  $("hand").addEventListener("input", onHandInput);
  $("hand").addEventListener("keydown", (e) => { if (e.key === "Enter") doScore(); });
  $("back").addEventListener("click", backTile);
  $("clear").addEventListener("click", () => { $("hand").value = ""; onHandInput(); });
  $("add-kong").addEventListener("click", () => {
    state.kongs.push({ seat: SEATS.find((s) => s !== state.winner), kind: "exposed" });
    drawSituation();
  });
  $("score").addEventListener("click", doScore);
  $("waits").addEventListener("click", doWaits);
  $("lang").addEventListener("click", () => { state.lang = state.lang === "zh" ? "en" : "zh"; applyLang(); });
  $("add-hand").addEventListener("click", addHand);
  $("undo").addEventListener("click", undo);
  $("add-draw").addEventListener("click", () => postLine(JSON.stringify({ event: "draw" })));
  $("add-line").addEventListener("click", () => { if ($("line").value.trim()) postLine($("line").value.trim()); });
  applyLang();
  if (START.session) await loadSession();
  document.body.dataset.ready = "true";
}
start();
