// ntk studio: the page. Everything it shows comes from the JSON API (/api/...); the game lives here
// as the set-up position and the list of moves, and every change asks the server for the position.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  rules: "",          // the rule file the game is played with (the last playable text)
  setup: null,        // FEEN/FEN the game started from, null: the rule file's start position
  moves: [],          // moves played (the core's text: e2e4, e7e8q, P@e4)
  redo: [],           // moves taken back, newest last
  flipped: false,
  game: null,         // the last answer of /api/game
  selected: null,     // {from: "e2"} or {drop: "P"}
  thinking: false,
  checkSeq: 0,
  gameSeq: 0,
  variantName: "variant",
  path: null,
  savedText: null,    // the rule file's text as last loaded or saved (a PGN names the file only then)
};

async function api(endpoint, body) {
  const options = body === undefined
    ? { method: "GET" }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch("/api/" + endpoint, options);
  } catch (error) {
    return { ok: false, diagnostics: [{ code: "STU", message: "the studio does not answer: " + error }] };
  }
  try {
    return await response.json();
  } catch (error) {
    return { ok: false, diagnostics: [{ code: "STU", message: "an answer that is not JSON (" + response.status + ")" }] };
  }
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// ---------------------------------------------------------------------------------------------
// The editor and its diagnostics

const editor = $("rules");
const backdrop = $("backdrop");
const gutter = $("gutter");
let diagnostics = [];

function paintBackdrop() {
  const text = editor.value;
  const spans = diagnostics
    .filter((d) => d.from !== undefined)
    .map((d) => ({ from: d.from, to: Math.max(d.to, d.from + 1), severity: d.severity }))
    .sort((a, b) => a.from - b.from);
  let html = "";
  let at = 0;
  for (const span of spans) {
    if (span.from < at) continue;
    html += escapeHtml(text.slice(at, span.from));
    const piece = text.slice(span.from, span.to) || " ";
    html += `<mark class="${span.severity}">${escapeHtml(piece)}</mark>`;
    at = span.to;
  }
  html += escapeHtml(text.slice(at)) + "\n";
  backdrop.innerHTML = html;
  // line numbers, the lines with a diagnostic in red
  const bad = new Set(spans.map((span) => lineColumn(text, span.from)[0]));
  const count = text.split("\n").length;
  let numbers = "";
  for (let line = 1; line <= count; line++) {
    numbers += bad.has(line) ? `<span class="bad">${line}</span>\n` : `${line}\n`;
  }
  gutter.innerHTML = numbers + "\n";
  syncScroll();
}

function syncScroll() {
  backdrop.scrollTop = editor.scrollTop;
  backdrop.scrollLeft = editor.scrollLeft;
  gutter.scrollTop = editor.scrollTop;
}

function lineColumn(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return [line, offset - before.lastIndexOf("\n")];
}

function showDiagnostics(list, items, text, onFix) {
  list.innerHTML = "";
  for (const d of items) {
    const li = document.createElement("li");
    li.className = d.severity || "error";
    let where = "";
    if (text !== undefined && d.from !== undefined) {
      const [line, column] = lineColumn(text, d.from);
      where = `line ${line}, column ${column}`;
    }
    li.innerHTML =
      `<span class="code">${escapeHtml(d.code)}</span>${escapeHtml(d.message)}` +
      (where ? `<span class="where">${where}</span>` : "") +
      (d.hint ? `<div class="hint">${escapeHtml(d.hint)}</div>` : "");
    if (d.fix && d.fix.from !== undefined && onFix) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "fix";
      button.textContent = "Fix: " + d.fix.description;
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        onFix(d.fix);
      });
      li.appendChild(button);
    }
    if (d.explanation) {
      const more = document.createElement("details");
      more.innerHTML = `<summary>explain ${escapeHtml(d.code)}</summary><div class="explanation">${escapeHtml(d.explanation.replace(/\*\*/g, ""))}</div>`;
      more.addEventListener("click", (event) => event.stopPropagation());
      li.appendChild(more);
    }
    if (d.from !== undefined && text !== undefined) {
      li.title = "Show it in the rule file";
      li.addEventListener("click", () => {
        editor.focus();
        editor.setSelectionRange(d.from, Math.max(d.to, d.from));
        scrollEditorTo(d.from);
      });
    }
    list.appendChild(li);
  }
}

function scrollEditorTo(offset) {
  const [line] = lineColumn(editor.value, offset);
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 19;
  const top = (line - 1) * lineHeight;
  if (top < editor.scrollTop || top > editor.scrollTop + editor.clientHeight - lineHeight * 2) {
    editor.scrollTop = Math.max(0, top - editor.clientHeight / 3);
  }
}

function applyFix(fix) {
  const text = editor.value;
  editor.value = text.slice(0, fix.from) + fix.replacement + text.slice(fix.to);
  editor.focus();
  editor.setSelectionRange(fix.from, fix.from + fix.replacement.length);
  scheduleCheck(0);
}

let checkTimer = null;
function scheduleCheck(delay = 300) {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(runCheck, delay);
}

async function runCheck() {
  const seq = ++state.checkSeq;
  const text = editor.value;
  const answer = await api("check", { text });
  if (seq !== state.checkSeq) return; // a newer check is under way
  if (!answer.ok) {
    diagnostics = (answer.diagnostics || []).map((d) => ({ ...d, from: undefined }));
  } else {
    diagnostics = answer.diagnostics;
  }
  paintBackdrop();
  showDiagnostics($("diagnostics"), diagnostics, text, applyFix);
  const errors = diagnostics.filter((d) => d.severity !== "warning" && d.severity !== "info").length;
  const stateLabel = $("check-state");
  if (answer.ok && answer.playable) {
    stateLabel.textContent = `${answer.variant} · ${answer.board}` + (diagnostics.length ? ` · ${diagnostics.length} note(s)` : " · no problems");
    stateLabel.className = "check-state ok";
    if (text !== state.rules) {
      state.rules = text;
      state.variantName = answer.variant;
      $("variant-name").textContent = answer.variant;
      newGame();
      loadPieces();
    }
  } else {
    stateLabel.textContent = errors ? `${errors} error(s) · board: last playable version` : "not playable";
    stateLabel.className = "check-state bad";
  }
}

editor.addEventListener("input", () => {
  diagnostics = [];
  paintBackdrop();
  scheduleCheck();
});
editor.addEventListener("scroll", syncScroll);
editor.addEventListener("keydown", (event) => {
  if (event.key === "Tab") {
    event.preventDefault();
    const start = editor.selectionStart;
    editor.setRangeText("  ", start, editor.selectionEnd, "end");
    scheduleCheck();
  } else if ((event.ctrlKey || event.metaKey) && event.key === "s") {
    event.preventDefault();
    save();
  }
});

async function save() {
  const text = editor.value;
  const answer = await api("save", { text });
  const label = $("check-state");
  if (answer.ok) {
    state.savedText = text;
    label.textContent = `saved ${answer.path.split(/[\\/]/).pop()}`;
    label.className = "check-state ok";
  } else {
    label.textContent = answer.diagnostics.map((d) => `${d.code}: ${d.message}`).join("; ");
    label.className = "check-state bad";
  }
}
$("save").addEventListener("click", save);

// ---------------------------------------------------------------------------------------------
// The game

function gameRequest(extra = {}) {
  return { rules: state.rules, position: state.setup, moves: state.moves, ...extra };
}

function newGame(setup = null) {
  state.setup = setup;
  state.moves = [];
  state.redo = [];
  state.selected = null;
  refreshGame().then(maybeOpponent);
}

async function refreshGame() {
  const seq = ++state.gameSeq;
  const answer = await api("game", gameRequest({ flipped: state.flipped }));
  if (seq !== state.gameSeq) return state.game;
  if (!answer.ok) {
    showDiagnostics($("position-diagnostics"), answer.diagnostics);
    if (answer.where === "position" && state.setup !== null) {
      // a set-up the variant refuses: say why, keep the game that was there
      state.setup = state.game ? state.game.start : null;
    }
    setStatus(answer.diagnostics.map((d) => `${d.code}: ${d.message}`).join("; "), "check");
    return state.game;
  }
  state.game = answer;
  state.selected = null;
  drawGame();
  return answer;
}

function setStatus(text, kind = "") {
  const status = $("status");
  status.textContent = text;
  status.className = "status " + kind;
}

function drawGame() {
  const game = state.game;
  const holder = $("board");
  const svg = new DOMParser().parseFromString(game.svg, "image/svg+xml").documentElement;
  holder.replaceChildren(document.importNode(svg, true));
  $("promotion").hidden = true;
  const side = game.turn === "white" ? "White" : "Black";
  if (game.outcome) {
    const winner = game.outcome.winner === null ? "draw" : (game.outcome.winner === 0 ? "White wins" : "Black wins");
    setStatus(`${game.outcome.result} · ${winner} by ${game.outcome.reason}`, "over");
    $("result").textContent = `${game.outcome.result} (${game.outcome.reason})`;
  } else if (state.thinking) {
    setStatus(`${side} to move · the opponent is thinking…`);
    $("result").textContent = "";
  } else {
    setStatus(game.check ? `${side} to move · check!` : `${side} to move`, game.check ? "check" : "");
    $("result").textContent = "";
  }
  $("feen").value = game.feen;
  $("fen").value = game.fen || "";
  $("fen").placeholder = game.fen ? "" : "this variant has no FEN";
  $("set-fen").disabled = !game.fen;
  drawMoveList();
  $("undo").disabled = state.moves.length === 0;
  $("first").disabled = state.moves.length === 0;
  $("redo").disabled = state.redo.length === 0;
  refreshPgn();
}

function drawMoveList() {
  const list = $("move-list");
  list.innerHTML = "";
  const game = state.game;
  const names = game.san || game.moves;
  const blackFirst = game.first_turn === "black";
  let row = null;
  names.forEach((name, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (row === null || ply % 2 === 0) {
      row = document.createElement("li");
      row.innerHTML = `<span class="n">${Math.floor(ply / 2) + 1}.</span>`;
      if (ply % 2 === 1) row.innerHTML += "<span>…</span>";
      list.appendChild(row);
    }
    const cell = document.createElement("span");
    cell.className = "ply" + (i === names.length - 1 ? " last" : "");
    cell.textContent = name;
    row.appendChild(cell);
  });
  list.parentElement.scrollTop = list.parentElement.scrollHeight;
}

function squareAt(event) {
  for (const element of document.elementsFromPoint(event.clientX, event.clientY)) {
    if (element.dataset && element.dataset.square) return element.dataset.square;
    if (element.closest && element.closest("[data-hand]")) return null;
  }
  return null;
}

function handAt(event) {
  const hand = event.target.closest ? event.target.closest("[data-hand]") : null;
  return hand ? hand.dataset.hand : null;
}

function humanToMove() {
  if (!state.game || state.game.outcome || state.thinking) return false;
  return $("opponent-side").value !== state.game.turn;
}

$("board").addEventListener("click", (event) => {
  if (!humanToMove()) return;
  const game = state.game;
  const hand = handAt(event);
  if (hand) {
    const [side, token] = hand.split(":");
    const letter = token.replace(/^[+-]/, "").toUpperCase();
    if ((side === "first") === (game.turn === "white") && game.legal.some((m) => m.drop === letter)) {
      select({ drop: letter, hand });
    }
    return;
  }
  const square = squareAt(event);
  if (!square) return;
  const sel = state.selected;
  if (sel) {
    const candidates = game.legal.filter((m) => m.to === square && (sel.drop ? m.drop === sel.drop : m.from === sel.from));
    if (candidates.length === 1) return play(candidates[0].uci);
    if (candidates.length > 1) return choosePromotion(candidates);
  }
  if (game.legal.some((m) => m.from === square)) {
    select(sel && sel.from === square ? null : { from: square });
  } else {
    select(null);
  }
});

function select(selection) {
  state.selected = selection;
  $("promotion").hidden = true;
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  let overlay = svg.querySelector("g.studio-overlay");
  if (overlay) overlay.remove();
  for (const mark of svg.querySelectorAll(".selected")) mark.remove();
  if (!selection) return;
  const ns = "http://www.w3.org/2000/svg";
  overlay = document.createElementNS(ns, "g");
  overlay.setAttribute("class", "studio-overlay");
  overlay.setAttribute("pointer-events", "none");
  const moves = state.game.legal.filter((m) => (selection.drop ? m.drop === selection.drop : m.from === selection.from));
  if (selection.from) {
    const rect = svg.querySelector(`[data-square="${selection.from}"]`);
    if (rect) {
      const mark = document.createElementNS(ns, "rect");
      for (const name of ["x", "y", "width", "height"]) mark.setAttribute(name, rect.getAttribute(name));
      mark.setAttribute("fill", "#14551e");
      mark.setAttribute("fill-opacity", "0.5");
      mark.setAttribute("class", "selected");
      svg.querySelector("g.pieces").before(mark);
    }
  } else {
    const hand = svg.querySelector(`[data-hand="${selection.hand}"]`);
    if (hand) {
      // the chosen hand piece is ringed, as the selected square is shaded
      const box = hand.querySelector("rect");
      const ring = document.createElementNS(ns, "rect");
      for (const name of ["x", "y", "width", "height"]) ring.setAttribute(name, box.getAttribute(name));
      ring.setAttribute("fill", "#14551e");
      ring.setAttribute("fill-opacity", "0.45");
      ring.setAttribute("rx", "4");
      ring.setAttribute("class", "selected");
      hand.prepend(ring);
    }
  }
  const occupied = new Set(state.game.occupied || []);
  for (const target of new Set(moves.map((m) => m.to))) {
    const rect = svg.querySelector(`[data-square="${target}"]`);
    if (!rect) continue;
    const x = parseFloat(rect.getAttribute("x"));
    const y = parseFloat(rect.getAttribute("y"));
    const w = parseFloat(rect.getAttribute("width"));
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", x + w / 2);
    dot.setAttribute("cy", y + w / 2);
    dot.setAttribute("class", "target");
    dot.setAttribute("data-target", target);
    if (occupied.has(target)) {
      dot.setAttribute("r", w * 0.44);
      dot.setAttribute("fill", "none");
      dot.setAttribute("stroke", "#14551e");
      dot.setAttribute("stroke-opacity", "0.6");
      dot.setAttribute("stroke-width", w * 0.09);
    } else {
      dot.setAttribute("r", w * 0.16);
      dot.setAttribute("fill", "#14551e");
      dot.setAttribute("fill-opacity", "0.55");
    }
    overlay.appendChild(dot);
  }
  svg.appendChild(overlay);
}

function choosePromotion(candidates) {
  const box = $("promotion");
  box.innerHTML = "<span>Promote to</span>";
  for (const move of candidates) {
    const button = document.createElement("button");
    button.type = "button";
    const choice = move.promotion;
    button.textContent = choice === null ? "no promotion" : choice === "+" ? "+ promote" : choice.toUpperCase();
    button.dataset.uci = move.uci;
    button.addEventListener("click", () => play(move.uci));
    box.appendChild(button);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "✕";
  cancel.title = "Cancel";
  cancel.addEventListener("click", () => select(null));
  box.appendChild(cancel);
  box.hidden = false;
}

async function play(uci) {
  state.moves.push(uci);
  state.redo = [];
  await refreshGame();
  await maybeOpponent();
}

async function maybeOpponent() {
  const game = state.game;
  if (!game || game.outcome || state.thinking) return;
  if ($("opponent-side").value !== game.turn) return;
  state.thinking = true;
  drawGame();
  const asked = JSON.stringify([state.rules, state.setup, state.moves]);
  const answer = await api("opponent", gameRequest({
    player: $("player").value || "random",
    seconds: Math.min(10, Math.max(0.1, parseFloat($("seconds").value) || 1)),
  }));
  state.thinking = false;
  if (asked !== JSON.stringify([state.rules, state.setup, state.moves])) return; // the game changed meanwhile
  if (!answer.ok) {
    setStatus(answer.diagnostics.map((d) => `${d.code}: ${d.message}`).join("; "), "check");
    return;
  }
  state.moves.push(answer.move.uci);
  await refreshGame();
}

function undo() {
  if (!state.moves.length || state.thinking) return;
  state.redo.push(state.moves.pop());
  // against an opponent, take back its reply too: the human is to move again
  const opponent = $("opponent-side").value;
  if (opponent !== "none" && state.moves.length && state.game) {
    const humanSide = opponent === "white" ? "black" : "white";
    const turnAfter = sideAfter(state.moves.length);
    if (turnAfter !== humanSide) state.redo.push(state.moves.pop());
  }
  refreshGame();
}

function sideAfter(plies) {
  const first = state.game ? state.game.first_turn : "white";
  const other = first === "white" ? "black" : "white";
  return plies % 2 === 0 ? first : other;
}

function redo() {
  if (!state.redo.length || state.thinking) return;
  state.moves.push(state.redo.pop());
  refreshGame();
}

$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("first").addEventListener("click", () => {
  if (state.thinking) return;
  while (state.moves.length) state.redo.push(state.moves.pop());
  refreshGame();
});
$("flip").addEventListener("click", () => {
  state.flipped = !state.flipped;
  refreshGame();
});
$("new-game").addEventListener("click", () => newGame(state.setup));
$("opponent-side").addEventListener("change", async () => {
  // you play from the bottom of the board: White's side unless the opponent plays White
  const flipped = $("opponent-side").value === "white";
  if (flipped !== state.flipped) {
    state.flipped = flipped;
    await refreshGame();
  }
  maybeOpponent();
});
document.addEventListener("keydown", (event) => {
  if (event.target === editor || event.target.tagName === "TEXTAREA" || event.target.tagName === "INPUT") return;
  if (event.key === "ArrowLeft") undo();
  if (event.key === "ArrowRight") redo();
  if (event.key === "f") $("flip").click();
});

// ---------------------------------------------------------------------------------------------
// Position, pieces, perft, PGN, variants.ini

async function setUp(field) {
  const text = field.value.trim();
  if (!text) return;
  const answer = await api("game", { rules: state.rules, position: text, moves: [] });
  if (!answer.ok) {
    // a diagnostic's quick fix (canonical hands, a missing field ...) repairs the pasted text
    showDiagnostics($("position-diagnostics"), answer.diagnostics, undefined, (fix) => {
      field.value = text.slice(0, fix.from) + fix.replacement + text.slice(fix.to);
      setUp(field);
    });
    return;
  }
  $("position-diagnostics").innerHTML = "";
  newGame(text);
}
$("set-feen").addEventListener("click", () => setUp($("feen")));
$("set-fen").addEventListener("click", () => setUp($("fen")));

async function loadPieces() {
  const holder = $("pieces");
  const answer = await api("pieces", { rules: state.rules });
  holder.innerHTML = "";
  if (!answer.ok) {
    holder.textContent = answer.diagnostics.map((d) => `${d.code}: ${d.message}`).join("; ");
    return;
  }
  for (const piece of answer.pieces) {
    const card = document.createElement("div");
    card.className = "piece-card";
    card.innerHTML = `<h3>${escapeHtml(piece.key)}</h3><code>${escapeHtml(piece.key)}=${escapeHtml(piece.definition)}</code>`;
    if (piece.svg) {
      const svg = new DOMParser().parseFromString(piece.svg, "image/svg+xml").documentElement;
      card.appendChild(document.importNode(svg, true));
    }
    holder.appendChild(card);
  }
}

$("perft-run").addEventListener("click", async () => {
  const out = $("perft-result");
  out.textContent = "counting…";
  const depth = parseInt($("perft-depth").value, 10);
  const answer = await api("perft", gameRequest({ depth: Number.isNaN(depth) ? 1 : depth, divide: $("perft-divide").checked }));
  if (!answer.ok) {
    out.innerHTML = "";
    const list = document.createElement("ul");
    list.className = "diagnostics";
    out.appendChild(list);
    showDiagnostics(list, answer.diagnostics);
    return;
  }
  let html = `<div class="total">perft ${answer.depth}: ${answer.nodes.toLocaleString("en")} nodes</div><div>${answer.seconds} s</div>`;
  if (answer.divide) {
    html += "<table>" + Object.entries(answer.divide).map(([m, n]) => `<tr><td>${escapeHtml(m)}</td><td>${n}</td></tr>`).join("") + "</table>";
  }
  out.innerHTML = html;
});

let pgnSeq = 0;
async function refreshPgn() {
  const seq = ++pgnSeq;
  const file = state.path && state.rules === state.savedText ? state.path : null;
  const answer = await api("pgn", gameRequest({ file }));
  if (seq !== pgnSeq) return;
  $("pgn").value = answer.ok ? answer.pgn : answer.diagnostics.map((d) => `${d.code}: ${d.message}`).join("\n");
}
$("pgn-copy").addEventListener("click", async () => {
  const text = $("pgn").value;
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    $("pgn").select();
    document.execCommand("copy");
  }
  $("pgn-copy").textContent = "Copied";
  setTimeout(() => ($("pgn-copy").textContent = "Copy"), 1200);
});
$("pgn-download").addEventListener("click", () => {
  const blob = new Blob([$("pgn").value], { type: "application/x-chess-pgn" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = (state.variantName || "game").toLowerCase().replace(/[^a-z0-9]+/g, "-") + ".pgn";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
});

$("ini-export").addEventListener("click", async () => {
  const answer = await api("ini", { rules: state.rules });
  $("ini").textContent = answer.ok ? answer.ini : "";
  showDiagnostics($("ini-diagnostics"), answer.ok ? [] : answer.diagnostics);
});

for (const tab of document.querySelectorAll(".tabs button")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll(".tabs button")) other.classList.toggle("active", other === tab);
    for (const pane of document.querySelectorAll(".tab")) pane.hidden = pane.id !== "tab-" + tab.dataset.tab;
  });
}

// ---------------------------------------------------------------------------------------------
// Start

(async function start() {
  const [file, players] = await Promise.all([api("file"), api("players")]);
  const select = $("player");
  for (const player of (players.ok ? players.players : [{ spec: "random", label: "random mover" }])) {
    const option = document.createElement("option");
    option.value = player.spec;
    option.textContent = player.label;
    select.appendChild(option);
  }
  if (file.ok) {
    editor.value = file.text;
    state.path = file.path;
    state.savedText = file.text;
    $("file-path").textContent = file.path ? file.path.split(/[\\/]/).pop() : "no file: changes are not saved";
    $("file-path").title = file.path || "";
    $("save").disabled = !file.path;
  }
  paintBackdrop();
  runCheck();
})();
