// The board: squares and FEN reading (for drawing only), the drawing of
// the position shown, the service's picture under it, and the input of
// its squares. Part of the playground's script: see app.js.

// The FIDE pieces are drawn as text figures (the filled ones for both
// sides, coloured by the style sheet); U+FE0E asks for text, not emoji.
const FIGURES = {King: '\u265A', Queen: '\u265B', Rook: '\u265C', Bishop: '\u265D', Knight: '\u265E', Pawn: '\u265F'};

// ---- geometry and FEN reading (for drawing only) ----

const sqName = (f, r) => String.fromCharCode(97 + f) + (r + 1);
const sqParse = (s) => ({f: s.charCodeAt(0) - 97, r: parseInt(s.slice(1), 10) - 1});

// readBoard reads the piece placement of a FEN: the API has checked it.
function readBoard(fen, files, ranks) {
  const board = new Map();
  const rows = fen.split(' ')[0].split('/');
  for (let i = 0; i < rows.length && i < ranks; i++) {
    const r = ranks - 1 - i;
    const row = rows[i];
    let f = 0;
    for (let j = 0; j < row.length; ) {
      const c = row[j];
      if (c >= '0' && c <= '9') {
        let n = 0;
        while (j < row.length && row[j] >= '0' && row[j] <= '9') n = n * 10 + (row.charCodeAt(j++) - 48);
        f += n;
        continue;
      }
      let k = j + 1;
      while (k < row.length && row[k] === "'") k++;
      const letter = row.slice(j, k);
      board.set(sqName(f, r), {letter: letter.toUpperCase(), white: c === c.toUpperCase()});
      f++;
      j = k;
    }
  }
  return board;
}

const pieceDef = (p) => S.pieces.get(p.letter);
const pieceName = (p) => {
  const d = pieceDef(p);
  return (p.white ? 'White ' : 'Black ') + (d ? d.name : p.letter);
};
const isDev = (p) => {
  const d = p && pieceDef(p);
  return !!(d && d.behaviour === 'dev');
};

// blockOf returns the four squares of the aligned 2x2 block holding sq
// (a Dev's block), its lower-left square first.
function blockOf(sq) {
  const {f, r} = sqParse(sq);
  const f0 = f - (f % 2);
  const r0 = r - (r % 2);
  return [sqName(f0, r0), sqName(f0 + 1, r0), sqName(f0, r0 + 1), sqName(f0 + 1, r0 + 1)];
}

// origin is the square a move of the piece on sq starts from: a Dev's
// moves are written from its block's lower-left square.
const origin = (sq) => (isDev(S.board.get(sq)) ? blockOf(sq)[0] : sq);
const movesFrom = (sq) => S.moves.filter((m) => m.from === sq);
const targetsOf = (m) => (m.flags.includes('dev') ? blockOf(m.to) : [m.to]);

// ---- drawing ----

function pieceNode(p, big) {
  const d = pieceDef(p);
  const name = d ? d.name : p.letter;
  const fig = !big && FIGURES[name];
  const span = el('span', 'pc ' + (fig ? 'fig' : 'tok') + (p.white ? ' w' : ' b'));
  span.setAttribute('aria-hidden', 'true');
  if (fig) {
    span.textContent = fig + '\uFE0E';
  } else {
    span.textContent = p.letter;
    if (p.letter.length > 1) span.classList.add('l' + Math.min(p.letter.length, 4));
  }
  return span;
}

// display maps a square to its row and column on the screen.
function display(f, r) {
  const files = S.def.files;
  const ranks = S.def.ranks;
  return S.flipped ? {row: r, col: files - 1 - f} : {row: ranks - 1 - r, col: f};
}

// buildCoordinates writes the files below the board and the ranks at its
// left, outside the squares, in the order of the screen.
function buildCoordinates(files, ranks) {
  const fl = [];
  for (let col = 0; col < files; col++) {
    const f = S.flipped ? files - 1 - col : col;
    fl.push(el('span', '', String.fromCharCode(97 + f)));
  }
  $('files').replaceChildren(...fl);
  const rl = [];
  for (let row = 0; row < ranks; row++) {
    const r = S.flipped ? row : ranks - 1 - row;
    rl.push(el('span', '', String(r + 1)));
  }
  $('ranks').replaceChildren(...rl);
}

function buildBoard() {
  const b = $('board');
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.square : null;
  b.replaceChildren();
  S.squares.clear();
  const {files, ranks} = S.def;
  $('boardwrap').style.setProperty('--files', files);
  $('boardwrap').style.setProperty('--ranks', ranks);
  buildCoordinates(files, ranks);
  const cells = [];
  for (let f = 0; f < files; f++) {
    for (let r = 0; r < ranks; r++) {
      const {row, col} = display(f, r);
      const name = sqName(f, r);
      const btn = el('button', 'sq' + ((f + r) % 2 === 0 ? ' dark' : ''));
      btn.type = 'button';
      btn.dataset.square = name;
      btn.dataset.row = row;
      btn.dataset.col = col;
      btn.style.gridRow = String(row + 1);
      btn.style.gridColumn = String(col + 1);
      S.squares.set(name, btn);
      cells.push([row * files + col, btn]);
    }
  }
  // Reading order (and Tab order) is the screen's: top left to bottom right.
  cells.sort((a, b2) => a[0] - b2[0]);
  for (const [, btn] of cells) b.append(btn);
  b.setAttribute('aria-label', `Board, ${S.def.name}, ${files}x${ranks}, ${S.flipped ? 'Black' : 'White'} at the bottom`);
  if (focused && S.squares.has(focused)) S.squares.get(focused).focus();
}

// shown is the position the board shows: the current one, or that after
// the ply S.view (before the first ply for -1), with the ply that led
// there and whether its side to move is in check (from the API: the
// status now, the ply's SAN before).
function shown() {
  const n = S.plies.length;
  if (S.view === null || S.view >= n) {
    const st = S.status;
    return {fen: S.fen, ply: n ? S.plies[n - 1] : null, live: true, check: !!(st && st.inCheck), turn: st ? st.turn : turnOf(S.fen)};
  }
  if (S.view < 0) {
    const fen = n ? S.plies[0].before : S.fen;
    return {fen, ply: null, live: false, check: false, turn: turnOf(fen)};
  }
  const ply = S.plies[S.view];
  return {fen: ply.fen, ply, live: false, check: /[+#]$/.test(ply.san), turn: turnOf(ply.fen)};
}

const turnOf = (fen) => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

function renderBoard() {
  const b = $('board');
  const at = shown();
  S.board = readBoard(at.fen, S.def.files, S.def.ranks);
  b.querySelectorAll('.dev').forEach((d) => d.remove());
  const targets = new Map(); // square -> takes something
  if (S.selected && at.live) {
    for (const m of movesFrom(S.selected)) {
      const take = m.captures.length > 0 || m.converted.length > 0;
      for (const t of targetsOf(m)) targets.set(t, (targets.get(t) || false) || take);
    }
  }
  const sel = new Set(S.selected ? (isDev(S.board.get(S.selected)) ? blockOf(S.selected) : [S.selected]) : []);
  const last = at.ply;
  const lastSquares = new Set();
  if (last) {
    const dev = isDev(S.board.get(last.to));
    for (const s of [last.from, last.to]) for (const t of dev ? blockOf(s) : [s]) lastSquares.add(t);
  }
  const royal = new Set([...S.pieces.values()].filter((p) => p.royal).map((p) => p.letter));
  const checkWhite = at.check ? at.turn === 'white' : null;
  for (const [name, btn] of S.squares) {
    const p = S.board.get(name);
    btn.querySelectorAll('.pc').forEach((n) => n.remove());
    let label = name + ', ' + (p ? pieceName(p) : 'empty');
    if (p && !isDev(p)) btn.append(pieceNode(p, false));
    btn.classList.toggle('sel', sel.has(name));
    btn.classList.toggle('last', lastSquares.has(name));
    btn.classList.toggle('target', targets.has(name));
    btn.classList.toggle('take', targets.get(name) === true);
    const inCheck = !!(p && checkWhite !== null && p.white === checkWhite && royal.has(p.letter));
    btn.classList.toggle('check', inCheck);
    if (sel.has(name)) label += ', selected';
    if (targets.has(name)) label += ', legal target';
    if (inCheck) label += ', in check';
    btn.setAttribute('aria-label', label);
    btn.setAttribute('aria-pressed', sel.has(name) ? 'true' : 'false');
  }
  // A Dev is drawn once across its block, over the four buttons.
  for (const [name, p] of S.board) {
    if (!isDev(p) || blockOf(name)[0] !== name) continue;
    const {f, r} = sqParse(name);
    const a = display(f, r);
    const c = display(f + 1, r + 1);
    const d = el('div', 'dev');
    d.setAttribute('aria-hidden', 'true');
    d.style.gridRow = `${Math.min(a.row, c.row) + 1} / span 2`;
    d.style.gridColumn = `${Math.min(a.col, c.col) + 1} / span 2`;
    d.append(pieceNode(p, true));
    b.append(d);
  }
  b.dataset.plies = String(S.plies.length);
  b.dataset.selected = S.selected || '';
  b.dataset.view = at.live ? '' : String(S.view);
}

// pictureURL is the service's picture of the position shown:
// GET /v1/board.svg, an inline definition named by its hash.
function pictureURL(coordinates) {
  const q = new URLSearchParams();
  if (S.source.variant) q.set('variant', S.source.variant);
  else if (S.defHash) q.set('definitionHash', S.defHash);
  else return '';
  const at = shown();
  q.set('fen', at.fen);
  const last = at.ply;
  if (last) q.set('lastMove', last.from + last.to);
  if (S.flipped) q.set('flip', 'true');
  if (!coordinates) q.set('coordinates', 'false');
  return '/v1/board.svg?' + q.toString();
}

// The board's image: the service's picture of the position, without
// coordinates, under the transparent buttons. Until a picture has loaded,
// or when it fails or does not have the board's shape, the buttons draw
// the squares and pieces themselves.
const PIC = {src: '', seq: 0};

function plainBoard(state) {
  const b = $('board');
  b.classList.remove('pic');
  b.style.backgroundImage = '';
  b.dataset.picture = state;
  PIC.src = '';
}

function updatePicture() {
  const b = $('board');
  const url = pictureURL(false);
  if (!$('use-picture').checked || !url) {
    PIC.seq++;
    plainBoard('off');
    return;
  }
  if (url === PIC.src) return;
  const seq = ++PIC.seq;
  b.dataset.picture = 'loading';
  const {files, ranks} = S.def;
  const img = new Image();
  img.onload = () => {
    if (seq !== PIC.seq) return;
    const ratio = img.naturalWidth / img.naturalHeight;
    if (!img.naturalWidth || Math.abs(ratio - files / ranks) > 0.01) {
      plainBoard('unfit');
      return;
    }
    b.style.backgroundImage = `url("${url}")`;
    b.classList.add('pic');
    b.dataset.picture = 'ready';
    PIC.src = url;
  };
  img.onerror = () => {
    if (seq === PIC.seq) plainBoard('failed');
  };
  img.src = url;
}

// ---- input ----

function onSquare(sq) {
  if (S.busy || !S.def) return;
  if (S.view !== null) {
    notice('This is an earlier position of the game: go to the last move (End) to play on.');
    return;
  }
  if (S.selected) {
    const cands = movesFrom(S.selected).filter((m) => targetsOf(m).includes(sq));
    if (cands.length === 1) return play(cands[0]);
    if (cands.length > 1) return choose(cands);
  }
  const from = origin(sq);
  if (from === S.selected) {
    S.selected = null;
  } else if (movesFrom(from).length) {
    S.selected = from;
    notice('');
  } else {
    S.selected = null;
    const p = S.board.get(sq);
    if (p && S.status && S.status.outcome === 'ongoing' && p.white === (S.status.turn === 'white')) notice(`${pieceName(p)} on ${sq} has no legal move.`);
  }
  renderBoard();
}

// choose asks which of several moves between the same squares to play
// (the promotions, or a conversion beside another move).
function choose(cands) {
  const dlg = $('choice');
  const list = $('choice-list');
  list.replaceChildren();
  const promo = cands.every((m) => m.promotion);
  $('choice-title').textContent = promo ? 'Promote to' : 'Which move?';
  for (const m of cands) {
    const btn = el('button');
    btn.type = 'button';
    let what = m.san;
    if (m.promotion) {
      const d = S.pieces.get(m.promotion.toUpperCase());
      const p = {letter: m.promotion.toUpperCase(), white: S.status.turn === 'white'};
      btn.append(pieceNode(p, false));
      what = d ? d.name : m.promotion;
    } else if (m.flags.includes('conversion')) {
      what = 'Convert';
    }
    btn.append(el('span', '', what), el('small', '', m.san));
    btn.setAttribute('aria-label', `${what} (${m.san})`);
    btn.dataset.uci = m.uci;
    btn.addEventListener('click', () => {
      dlg.close();
      play(m);
    });
    list.append(btn);
  }
  dlg.showModal();
  const first = list.querySelector('button');
  if (first) first.focus();
}

function onBoardKey(e) {
  const btn = e.target.closest && e.target.closest('button.sq');
  if (!btn) return;
  const step = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[e.key];
  if (!step) return;
  e.preventDefault();
  const row = Number(btn.dataset.row) + step[0];
  const col = Number(btn.dataset.col) + step[1];
  const next = $('board').querySelector(`button.sq[data-row="${row}"][data-col="${col}"]`);
  if (next) next.focus();
}
