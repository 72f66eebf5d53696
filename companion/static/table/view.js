// The frame of every game's live table, drawn on the device from the seat's JSON view: who
// the table waits for, the seats, the lobby, the game's own panel (its module's
// ``table(t)``), the table dice and the undo. The public board's live part likewise
// frames the game's ``board(t)``. Imported as "muster/table-view" by table.js.
import { render } from "lit-html";
import { html, nothing, plural } from "muster/table-lib";

const seatName = (t, number) => (t.seats.find((s) => s.number === number) || {}).name || "";

function errors(error) {
  if (!error) return nothing;
  const items = Object.entries(error).map(([path, message]) => html`<li><code>${path}</code>: ${Array.isArray(message) ? message.join(" ") : message}</li>`);
  return html`<ul class="errors" role="alert">${items}</ul>`;
}

function awaitingLine(t) {
  if (!t.awaiting || !t.awaiting.length) return nothing;
  const mine = t.me !== null && t.awaiting.includes(t.me);
  const who = t.awaiting.map((number, index) => html`${index ? ", " : ""}<span class=${number === t.me ? "who me" : "who"}>${number === t.me ? "you" : seatName(t, number)}</span>`);
  return html`<p class=${mine ? "awaiting-line your-turn" : "awaiting-line"} data-awaiting=${t.awaiting.join(" ")} data-me=${t.me === null ? "" : t.me}>Waiting for ${who}</p>`;
}

function playerCount(t) {
  if (t.max_players === null) return `${t.min_players} or more`;
  if (t.min_players === t.max_players) return `${t.min_players}`;
  return `${t.min_players}–${t.max_players}`;
}

function lobby(t) {
  const ready = t.is_host ? "tap “Start the game” when everyone is seated" : "the host can start the game";
  return html`<p class=${t.waiting_for ? "waiting lobby-state" : "waiting lobby-state ready"}>${t.waiting_for ? `Waiting for ${t.waiting_for} more player${plural(t.waiting_for)}…` : `Ready: ${ready}.`}
      <span class="muted small">${playerCount(t)} players</span></p>`;
}

function undoButton(t) {
  if (t.undo_unreadable) return html`<form class="act-undo" method="post"><button class="small danger">Undo the unreadable move</button></form>`;
  if (t.can_undo) return html`<form class="act-undo" method="post"><button class="small">Undo my last action</button></form>`;
  if (!t.can_ask_undo) return nothing;
  const agreed = (t.undo_votes && t.undo_votes.seats) || [];
  const label = agreed.includes(t.me)
    ? `You agreed to take back the last move (${agreed.length} of ${t.seats.length})`
    : `Take back the last move (everyone must agree${agreed.length ? `: ${agreed.length} agreed` : ""})`;
  return html`<form class="act-undo" method="post"><button class="small">${label}</button></form>`;
}

const diceForm = html`<form class="act dice-form" method="post"><input type="hidden" name="action" value='{"type": "dice"}'>
      <label class="inline-field">Dice <input name="field_dice" value="1d6" size="5" aria-label="Dice, e.g. 2d6"></label>
      <label class="inline-field">Faces rolled <input name="field_results" placeholder="empty: Muster rolls" size="14" inputmode="numeric" class="faces-input"></label>
      <button>Roll</button>
    </form>`;

// A seat's whole view: ``game`` is the game's module, ``error`` a refusal to show.
export function viewTemplate(t, game, error = null) {
  const seats = t.seats.filter((s) => !s.removed).map((s) => html`<li class=${s.number === t.me ? "me" : ""}>${s.name}${s.is_host ? html` <span class="muted">host</span>` : nothing}${s.left ? html` <span class="muted">left the game</span>` : nothing}</li>`);
  const playing = t.status === "open" ? lobby(t) : html`
    ${game.table(t)}
    ${t.me !== null ? diceForm : nothing}
    ${t.rolls && t.rolls.length ? html`<ul class="rolls">${t.rolls.map((r, i) => html`<li class=${i === 0 ? "newest" : nothing}>${r.text}</li>`)}</ul>` : nothing}
    ${undoButton(t)}`;
  return html`<div class="view" data-seq=${t.seq} data-status=${t.status} data-waiting=${t.waiting_for}>
  ${errors(error)}
  ${awaitingLine(t)}
  <ul class="seats">${seats}</ul>
  ${playing}
</div>`;
}

// The public board's live part: the lobby's seats, or the game's board and who the table
// waits for. Drawn from the public view only.
export function boardTemplate(t, game) {
  if (t.status === "open") {
    const seats = t.seats.filter((s) => !s.removed).map((s) => html`<li class=${`b-seat side-${s.number}`}>${s.name}${s.is_host ? html` <span class="b-muted b-small">host</span>` : nothing}</li>`);
    return html`<div class="board-live" data-seq=${t.seq} data-status=${t.status}>
  <p class="b-phase"><strong>Seats open</strong>: scan the code to join</p>
  <ul class="b-seats">${seats}</ul>
  <p class="b-await">${t.waiting_for ? `Waiting for ${t.waiting_for} more player${plural(t.waiting_for)}…` : "Ready: the host can start the game."}
    <span class="b-muted b-small">${playerCount(t)} players</span></p>
</div>`;
  }
  const waiting = t.awaiting && t.awaiting.length
    ? html`<p class="b-await b-awaiting">Waiting for ${t.seats.filter((s) => t.awaiting.includes(s.number)).map((s) => html`<span class="b-who">${s.name}</span>`)}</p>`
    : nothing;
  return html`<div class="board-live" data-seq=${t.seq} data-status=${t.status}>
  ${game.board(t)}
  ${waiting}
</div>`;
}

// Draw into ``box``: the seat's view, or the board's live part.
export function draw(box, t, game, { board = false, error = null } = {}) {
  render(board ? boardTemplate(t, game) : viewTemplate(t, game, error), box);
}
