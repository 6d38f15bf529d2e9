// Draws the board of one step from its JSON (hanamikoji Step.to_json()). Writes exactly the
// markup of board_html() in rulesite/examples.py, which draws the page's board at build time:
// change both together (the browser tests compare them).

const MARKERS = [["S", "widget.secret"], ["T", "widget.tradeoff"], ["G", "widget.gift"],
  ["C", "widget.competition"]];
const CHARMS = [2, 2, 2, 3, 3, 4, 5];

export function boardHTML(step, t) {
  const b = step.board;
  const moved = new Set(step.scoring ? step.scoring.moved : []);
  const columns = [];
  for (let g = 1; g <= 7; g++) columns.push(column(b, g, moved.has(g), t));
  return [
    `<div class="hk-board" data-phase="${b.phase}">`,
    `<p class="hk-board-head"><span>${t.html("widget.round", { round: b.round })}</span>`,
    `<span>${status(b, t)}</span></p>`,
    side(b, "B", t),
    '<div class="hk-row">',
    columns.join(""),
    "</div>",
    offer(b, t),
    side(b, "A", t),
    extra(b, t),
    "</div>",
  ].join("");
}

export function drawBoard(element, step, t) {
  element.innerHTML = boardHTML(step, t);
}

const player = (name, t) => t.html("widget.player", { player: name });

function status(b, t) {
  if (b.phase === "over") return t.html("widget.phase_over");
  if (b.phase === "scoring") return t.html("widget.phase_scoring");
  if (b.phase === "deal") return t.html("widget.phase_deal");
  return t.html("widget.to_play", { player: player(b.to_move, t) });
}

const card = (value, extra = "") => `<span class="hk-card hk-g${value}${extra}">${value}</span>`;

function back(t, peek = null, extra = "") {
  const inner = peek !== null ? `<span class="hk-peek">${peek}</span>` : "";
  return `<span class="hk-card hk-back${extra}" title="${t.html("widget.face_down")}">`
    + `${inner}</span>`;
}

function side(b, name, t) {
  const p = b.players[name];
  const markers = MARKERS.map(([letter, key]) => {
    const used = p.used.includes(letter);
    let cards = "";
    if (letter === "S" && p.secret !== null) {
      cards = b.revealed ? card(p.secret, " hk-revealed") : back(t, p.secret);
    } else if (letter === "T") {
      cards = p.tradeoff.map((value) => back(t, value)).join("");
    }
    const state = used ? t.html("widget.used") : t.html("widget.unused");
    return `<li class="hk-marker${used ? " hk-used" : ""}">`
      + `<span class="hk-marker-name" title="${state}">${t.html(key)}</span>${cards}</li>`;
  });
  const hand = p.hand.length
    ? `<div class="hk-hand"><span class="hk-small">${t.html("widget.hand")}</span>`
      + `<span class="hk-cards">${p.hand.map((value) => card(value)).join("")}</span></div>`
    : "";
  return [
    `<div class="hk-side hk-side-${name}">`,
    `<p class="hk-side-name"><strong>${player(name, t)}</strong>`,
    `<span class="hk-totals">${t.html("widget.totals", { geishas: p.geishas, charm: p.charm })}`,
    "</span></p>",
    `<ul class="hk-markers">${markers.join("")}</ul>`,
    hand,
    "</div>",
  ].join("");
}

function column(b, g, moved, t) {
  const favor = b.favors[g - 1];
  const marker = favor === "." ? "" : favor;
  const title = marker ? t.html("widget.marker_side", { player: player(marker, t) })
    : t.html("widget.marker_center");
  const token = `<span class="hk-vm" title="${title}"></span>`;
  const items = (name) => `<div class="hk-items hk-items-${name}">`
    + `${card(g).repeat(b.players[name].items[g - 1])}</div>`;
  return [
    `<div class="hk-col hk-g${g}${moved ? " hk-moved" : ""}" data-favor="${marker || "-"}">`,
    items("B"),
    `<div class="hk-slot">${marker === "B" ? token : ""}</div>`,
    `<div class="hk-geisha" title="${t.html("widget.geisha", { geisha: g, charm: CHARMS[g - 1] })}"`
      + ">",
    `<span class="hk-geisha-num">${g}</span><span class="hk-geisha-charm">${CHARMS[g - 1]}`,
    `</span>${marker ? "" : token}</div>`,
    `<div class="hk-slot">${marker === "A" ? token : ""}</div>`,
    items("A"),
    "</div>",
  ].join("");
}

function offer(b, t) {
  const pending = b.pending;
  if (!pending) return "";
  const offerer = b.to_move === "B" ? "A" : "B";
  const digits = (text) => [...text].map((c) => card(Number(c))).join("");
  const shown = pending[0] === "C"
    ? pending.slice(1).split("-")
      .map((half) => `<span class="hk-pair">${digits(half)}</span>`).join("")
    : digits(pending.slice(1));
  return `<div class="hk-offer"><span class="hk-small">`
    + `${t.html("widget.offer", { player: player(offerer, t) })}</span>`
    + `<span class="hk-cards">${shown}</span></div>`;
}

function extra(b, t) {
  const parts = [`<span class="hk-extra-item"><span class="hk-small">${t.html("widget.draw_pile")}`
    + `</span>${back(t, b.draw_pile, b.draw_pile ? " hk-pile" : " hk-pile hk-empty")}</span>`];
  if (b.removed !== null) {
    parts.push(`<span class="hk-extra-item"><span class="hk-small">${t.html("widget.removed")}`
      + `</span>${back(t)}</span>`);
  }
  return `<div class="hk-extra">${parts.join("")}</div>`;
}
