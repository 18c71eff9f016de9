// The Adjudicator playground: a client of the service's JSON API. Every rule
// decision (which moves are legal, what they capture, check, mate, draws)
// comes from the API; this script only draws what the API answers and
// sends what the player picks.
//
// The script is split by concern: app.js (the state, the API, the game
// and the page's rendering), board.js (the board: coordinates, drawing,
// the picture, the squares' input), moves.js (the move list, viewing an
// earlier position, links and copying), claims.js (the claim buttons),
// setup.js (the setup options and the new-game form) and main.js (wiring
// the controls, starting from the page's address). playground.go joins
// them in that order inside one strict-mode function, so that they share
// its names and none is global.

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

const S = {
  source: null, // {variant: id} or {definition: object}: the request's variant part
  def: null, // the definition (GET /v1/variants/{id} or the inline one)
  pieces: new Map(), // letter (upper case) -> piece of the definition
  startFen: null, // the FEN the game started from; null: the variant's start
  plies: [], // {uci, san, from, to, before, fen} per move played
  view: null, // the ply whose position the board shows (-1: the start); null: the current one
  preview: null, // the ply whose FEN the move list shows while the pointer is on it
  claimed: null, // the accepted claim ({type, by}) that ended the game
  defs: new Map(), // built-in variant id -> its definition (GET /v1/variants/{id})
  fen: '', // the current position
  status: null, // the current status (games/adjudicate: with the game's history)
  moves: [], // the current legal moves (legal-moves)
  board: new Map(), // square -> {letter, white}
  selected: null, // the square whose moves are shown
  flipped: false,
  busy: false,
  squares: new Map(), // square -> its button
  defHash: '', // SHA-256 of an inline definition's JSON text (for GET /v1/board.svg)
};

// ---- the API ----

async function api(method, path, body) {
  const opt = {method, headers: {Accept: 'application/json, application/problem+json'}};
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opt);
  } catch (e) {
    throw new Error(`${method} ${path}: ${e.message}`);
  }
  const text = await res.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const p = data || {};
    let msg = `${method} ${path}: ${res.status} ${p.title || res.statusText}`;
    if (p.code) msg += ` (${p.code})`;
    if (p.detail) msg += `: ${p.detail}`;
    if (p.field) msg += ` [field ${p.field}${p.offset !== undefined ? ', offset ' + p.offset : ''}]`;
    throw new Error(msg);
  }
  if (data === null) throw new Error(`${method} ${path}: the answer is not JSON`);
  return data;
}

// spec is the variant part of every request.
const spec = () => (S.source.variant ? {variant: S.source.variant} : {definition: S.source.definition});

async function sha256(text) {
  if (!window.crypto || !crypto.subtle) return '';
  const h = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(h)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function parseDefinition(text) {
  let def;
  try {
    def = JSON.parse(text);
  } catch (e) {
    throw new Error('The definition is not JSON: ' + e.message);
  }
  if (!def || typeof def !== 'object' || Array.isArray(def)) throw new Error('The definition must be a JSON object.');
  return def;
}

// builtinDef returns a built-in variant's definition, fetched once.
async function builtinDef(id) {
  if (!S.defs.has(id)) S.defs.set(id, await api('GET', '/v1/variants/' + encodeURIComponent(id)));
  return S.defs.get(id);
}

// ---- the page ----

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// checksText says how many checks each side has given, in a variant
// with a check limit (three-check), and nothing elsewhere.
function checksText(st) {
  const c = st.checksGiven;
  return c ? `; checks given: White ${c.white}, Black ${c.black}` : '';
}

function statusText(st) {
  if (st.outcome !== 'ongoing') {
    let s = `${st.outcome}: ${st.result}`;
    if (st.winner) s += ` (${cap(st.winner)} wins)`;
    return s + checksText(st);
  }
  let s = `${cap(st.turn)} to move`;
  if (st.movesLeft) s += ` (${st.movesLeft} move${st.movesLeft > 1 ? 's' : ''} left in the turn)`;
  if (st.inCheck) s += ', in check';
  s += `; ${st.legalMoveCount} legal move${st.legalMoveCount === 1 ? '' : 's'}`;
  if (st.claimableDraws.length) s += `; a draw can be claimed: ${st.claimableDraws.join(', ')}`;
  return s + checksText(st);
}

function render() {
  renderBoard();
  const st = $('status');
  st.textContent = statusText(S.status);
  st.classList.toggle('over', S.status.outcome !== 'ongoing');
  st.dataset.outcome = S.status.outcome;
  renderMoves();
  $('current-fen').textContent = S.fen;
  const url = gameURL();
  $('game-link').href = url;
  history.replaceState(null, '', url);
  const pic = pictureURL(true);
  $('picture-link').hidden = !pic;
  if (pic) $('picture-link').href = pic;
  $('undo').disabled = S.plies.length === 0 && !S.claimed;
  // A claim accepted ends the game here (the API keeps nothing): undo it
  // to claim again.
  document.querySelectorAll('#claims button, #claim-by').forEach((c) => (c.disabled = !!S.claimed));
  updatePicture();
}

function setBusy(on) {
  S.busy = on;
  $('board').setAttribute('aria-busy', on ? 'true' : 'false');
  $('start').disabled = on;
}

const showError = (e) => {
  $('error').textContent = e ? e.message || String(e) : '';
};
const notice = (t) => {
  $('notice').textContent = t;
};

// ---- the game ----

// advance asks the API for the status of the game (start, plies) and the
// legal moves of its position fen, and makes them current.
async function advance(plies, fen) {
  const game = {...spec(), moves: plies.map((p) => p.uci)};
  if (S.startFen) game.fen = S.startFen;
  const [adj, lm] = await Promise.all([
    api('POST', '/v1/games/adjudicate', game),
    api('POST', '/v1/legal-moves', {...spec(), fen}),
  ]);
  S.plies = plies;
  S.fen = fen;
  S.status = adj.status;
  S.moves = adj.status.outcome === 'ongoing' ? lm.moves : [];
  S.selected = null;
  S.view = null;
  S.preview = null;
  S.claimed = null;
  render();
}

// playMove plays one move (any notation) from fen through validate-move.
async function playMove(fen, move) {
  const r = await api('POST', '/v1/validate-move', {...spec(), fen, move});
  if (!r.legal) {
    const why = r.problem ? `${r.problem.code}${r.problem.reason ? ' (' + r.problem.reason + ')' : ''}: ${r.problem.detail}` : '';
    throw new Error(`${move} is not legal here: ${why}`);
  }
  return {uci: r.move.uci, san: r.move.san, from: r.move.from, to: r.move.to, before: fen, fen: r.fen};
}

async function play(m) {
  if (S.busy) return;
  setBusy(true);
  showError(null);
  try {
    const ply = await playMove(S.fen, m.uci);
    await advance([...S.plies, ply], ply.fen);
    notice('');
  } catch (e) {
    showError(e);
  } finally {
    setBusy(false);
  }
}

// undo takes back an accepted claim, else the last move.
async function undo() {
  if (S.busy || (!S.plies.length && !S.claimed)) return;
  setBusy(true);
  showError(null);
  try {
    if (S.claimed) {
      await advance(S.plies, S.fen);
      claimResult('', null);
      return;
    }
    const plies = S.plies.slice(0, -1);
    await advance(plies, S.plies[S.plies.length - 1].before);
  } catch (e) {
    showError(e);
  } finally {
    setBusy(false);
  }
}

// newGame starts a game of source ({variant} or {definition}) from
// startFen (null: the start) and replays moves through the API.
async function newGame(source, startFen, moves) {
  setBusy(true);
  showError(null);
  try {
    const def = source.variant ? await builtinDef(source.variant) : source.definition;
    const prev = S.source;
    S.source = source.variant ? {variant: source.variant} : {definition: def};
    let fen = startFen || def.startFEN;
    const plies = [];
    let stop = null;
    try {
      // The position is checked first: a bad variant, definition or
      // FEN leaves the current game as it was.
      await api('POST', '/v1/legal-moves', {...spec(), fen});
      for (const [i, m] of moves.entries()) {
        try {
          const ply = await playMove(fen, m);
          plies.push(ply);
          fen = ply.fen;
        } catch (e) {
          stop = new Error(`Move ${i + 1} of the link: ${e.message}`);
          break;
        }
      }
    } catch (e) {
      S.source = prev;
      throw e;
    }
    S.def = def;
    S.pieces = new Map((def.pieces || []).map((p) => [String(p.letter).toUpperCase(), p]));
    S.startFen = startFen || null;
    S.defHash = source.variant ? '' : await sha256(JSON.stringify(def));
    plainBoard('loading');
    S.board = readBoard(fen, def.files, def.ranks);
    S.plies = [];
    S.selected = null;
    S.view = null;
    buildBoard();
    claimResult('', null);
    await advance(plies, fen);
    if (stop) showError(stop);
  } catch (e) {
    showError(e);
  } finally {
    setBusy(false);
  }
}
