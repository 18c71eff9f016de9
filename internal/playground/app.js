// The Adjudicator playground: a client of the service's JSON API. Every rule
// decision (which moves are legal, what they capture, check, mate, draws)
// comes from the API; this script only draws what the API answers and
// sends what the player picks.
(() => {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  // The FIDE pieces are drawn as text figures (the filled ones for both
  // sides, coloured by the style sheet); U+FE0E asks for text, not emoji.
  const FIGURES = {King: '\u265A', Queen: '\u265B', Rook: '\u265C', Bishop: '\u265D', Knight: '\u265E', Pawn: '\u265F'};

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

  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

  function statusText(st) {
    if (st.outcome !== 'ongoing') {
      let s = `${st.outcome}: ${st.result}`;
      if (st.winner) s += ` (${cap(st.winner)} wins)`;
      return s;
    }
    let s = `${cap(st.turn)} to move`;
    if (st.movesLeft) s += ` (${st.movesLeft} move${st.movesLeft > 1 ? 's' : ''} left in the turn)`;
    if (st.inCheck) s += ', in check';
    s += `; ${st.legalMoveCount} legal move${st.legalMoveCount === 1 ? '' : 's'}`;
    if (st.claimableDraws.length) s += `; a draw can be claimed: ${st.claimableDraws.join(', ')}`;
    return s;
  }

  // moveRows groups the plies by move number, as a score sheet does: one
  // row a number with White's plies and Black's (more than one a side in
  // a variant of several moves a turn). A game whose first ply is Black's
  // starts with a row of Black's alone ("1... e5").
  function moveRows() {
    const rows = [];
    S.plies.forEach((p, i) => {
      const f = p.before.split(' ');
      const white = f[1] !== 'b';
      const no = f[5] || String(rows.length + 1);
      let row = rows[rows.length - 1];
      if (!row || row.no !== no || (white && row.black.length)) {
        row = {no, white: [], black: []};
        rows.push(row);
      }
      (white ? row.white : row.black).push(i);
    });
    return rows;
  }

  // rowNumber is a row's number as written: "12." or, for Black alone, "12...".
  const rowNumber = (row) => row.no + (row.white.length ? '.' : '...');

  // plyName names a ply by its number and SAN: "2. Nf3", "2... Nc6".
  function plyName(i) {
    const f = S.plies[i].before.split(' ');
    return `${f[5] || ''}${f[1] === 'b' ? '...' : '.'} ${S.plies[i].san}`;
  }

  function moveText() {
    const out = [];
    for (const row of moveRows()) {
      out.push(rowNumber(row));
      for (const i of [...row.white, ...row.black]) out.push(S.plies[i].san);
    }
    if (S.status && S.status.outcome !== 'ongoing') out.push(S.status.result);
    return out.join(' ');
  }

  // renderMoves writes the move list: a button a ply, the one shown
  // marked current and alone in the Tab order (the arrow keys move on).
  function renderMoves() {
    const list = $('moves');
    const cur = S.view === null ? S.plies.length - 1 : S.view;
    const items = [];
    for (const row of moveRows()) {
      const li = el('li');
      const cells = [el('span', 'no', rowNumber(row)), el('span', 'w'), el('span', 'b')];
      for (const [cell, plies] of [[cells[1], row.white], [cells[2], row.black]]) {
        for (const i of plies) {
          const btn = el('button', 'mv', S.plies[i].san);
          btn.type = 'button';
          btn.dataset.ply = String(i);
          btn.title = 'FEN after ' + plyName(i) + ': ' + S.plies[i].fen;
          btn.setAttribute('aria-label', plyName(i));
          btn.tabIndex = i === cur || (cur < 0 && i === 0) ? 0 : -1;
          if (i === cur) btn.setAttribute('aria-current', 'true');
          cell.append(btn);
        }
      }
      li.append(...cells);
      items.push(li);
    }
    list.replaceChildren(...items);
    const mark = list.querySelector('[aria-current]');
    if (mark) mark.scrollIntoView({block: 'nearest'});
    $('view-start').disabled = S.plies.length === 0 || S.view === -1;
    $('view-prev').disabled = S.plies.length === 0 || S.view === -1;
    $('view-next').disabled = S.view === null;
    $('view-end').disabled = S.view === null;
    $('viewing').textContent = S.view === null ? '' : `Showing the position ${S.view < 0 ? 'at the start' : 'after ' + plyName(S.view)}: \u00BB or End returns to the game.`;
    renderMoveFEN();
  }

  // renderMoveFEN shows the FEN of the move under the pointer, else of the
  // position shown.
  function renderMoveFEN() {
    const i = S.preview !== null && S.preview < S.plies.length ? S.preview : S.view === null ? S.plies.length - 1 : S.view;
    const box = $('move-fen');
    box.dataset.ply = String(i);
    if (i >= 0) {
      $('move-fen-label').textContent = `After ${plyName(i)}:`;
      $('move-fen-text').textContent = S.plies[i].fen;
    } else {
      $('move-fen-label').textContent = S.plies.length ? 'Start:' : '';
      $('move-fen-text').textContent = S.plies.length ? S.plies[0].before : '';
    }
  }

  // setView shows the position after ply i (-1: the start); the last ply
  // is the current position, where the game goes on.
  function setView(i, focus) {
    if (!S.def) return;
    const n = S.plies.length;
    i = Math.max(-1, Math.min(i, n - 1));
    S.view = i === n - 1 ? null : i;
    S.selected = null;
    renderBoard();
    renderMoves();
    updatePicture();
    $('picture-link').href = pictureURL(true) || $('picture-link').href;
    if (focus) {
      const btn = $('moves').querySelector(`button.mv[data-ply="${Math.max(i, 0)}"]`);
      if (btn) btn.focus();
    }
  }

  // onMovesKey moves along the list with the arrow keys, Home and End.
  function onMovesKey(e) {
    const btn = e.target.closest && e.target.closest('button.mv');
    if (!btn) return;
    const i = Number(btn.dataset.ply);
    const to = {ArrowLeft: i - 1, ArrowUp: i - 1, ArrowRight: i + 1, ArrowDown: i + 1, Home: -1, End: S.plies.length - 1}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setView(to, true);
  }

  function gameURL() {
    let q = S.source.variant
      ? 'variant=' + encodeURIComponent(S.source.variant)
      : 'definition=' + encodeURIComponent(JSON.stringify(S.source.definition));
    if (S.startFen) q += '&fen=' + encodeURIComponent(S.startFen);
    if (S.plies.length) q += '&moves=' + S.plies.map((p) => encodeURIComponent(p.uci)).join(',');
    if (S.flipped) q += '&flip=true';
    return '/?' + q;
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

  // The claims of POST /v1/games/adjudicate, as the page names them.
  const CLAIMS = {draw: 'Draw claim', agreement: 'Draw by agreement', resign: 'Resignation', flag: 'Flag fall', abort: 'Abort'};

  // claimResult shows the answer to a claim: accepted or not, the result
  // and reason, and a rejected claim's reason when the answer has one.
  function claimResult(text, accepted) {
    const p = $('claim-result');
    p.textContent = text;
    p.dataset.accepted = accepted === null ? '' : String(accepted);
  }

  // claim makes a claim of type after the game's last move: the API
  // decides whether it stands. by is the player the page names (the side
  // to move unless the player picks another): the claimant, the resigner,
  // whose flag fell, who aborts or who offered the agreed draw.
  async function claim(type) {
    if (S.busy || !S.def || !S.status) return;
    const by = $('claim-by').value || S.status.turn;
    const game = {...spec(), moves: S.plies.map((p) => p.uci), claim: {type, by}};
    if (S.startFen) game.fen = S.startFen;
    setBusy(true);
    showError(null);
    try {
      const adj = await api('POST', '/v1/games/adjudicate', game);
      const who = `${CLAIMS[type]} (${cap(by)})`;
      if (adj.claimAccepted) {
        claimResult(`${who}: accepted. Result ${adj.result}, reason ${adj.reason}.`, true);
        S.status = adj.status;
        S.moves = [];
        S.selected = null;
        S.view = null;
        S.claimed = {type, by};
        render();
      } else {
        const why = adj.claimRejected ? adj.claimRejected.detail || adj.claimRejected.code : '';
        claimResult(`${who}: rejected${why ? ': ' + why : ''}. Result ${adj.result}, reason ${adj.reason}.`, false);
      }
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  }

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

  async function copy(text, what) {
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) {
      const ta = el('textarea');
      ta.value = text;
      ta.setAttribute('aria-hidden', 'true');
      document.body.append(ta);
      ta.select();
      try {
        document.execCommand('copy');
      } catch (e2) {
        /* shown below for copying by hand */
      }
      ta.remove();
    }
    notice(`${what} copied: ${text.length > 200 ? text.slice(0, 200) + '...' : text}`);
  }

  const radio = (name) => document.querySelector(`input[name="${name}"]:checked`).value;

  // setupRequest is the body of POST /v1/setups for the options shown:
  // each mode sends only the options it reads.
  function setupRequest(source) {
    const body = source.variant ? {variant: source.variant} : {definition: source.definition};
    const mode = $('setup-mode').value;
    body.mode = mode;
    if (mode === 'chess960') {
      if ($('setup-number').value !== '') body.number = Number($('setup-number').value);
    } else {
      if ((mode === 'classical-random' || mode === 'random') && $('setup-count').value !== '') body.count = Number($('setup-count').value);
      const pieces = $('setup-pieces').value.split(',').map((s) => s.trim()).filter(Boolean);
      if (pieces.length && mode.endsWith('selected')) body.pieces = pieces;
      if ($('setup-duplicates').checked) body.duplicates = true;
      if ($('setup-mirror').checked) body.mirror = true;
      if ($('setup-promotion').value) body.promotion = $('setup-promotion').value;
    }
    if ($('setup-seed').value !== '') body.seed = Number($('setup-seed').value);
    return body;
  }

  // The modes of POST /v1/setups by the options a variant has: the
  // game-creation options of Grand Chess (yucata.de), and the Chess960
  // arrays by number.
  const CREATION_MODES = ['classical-random', 'classical-selected', 'random', 'selected', 'classical'];

  // setupKinds reads from a definition which of the setups' options it
  // has: the game-creation options where the definition has promotion
  // choices (Grand Chess's captured, initial and all, which these options
  // include and write into the FEN), the Chess960 arrays where castling
  // starts anywhere on 8 files, as mode chess960 requires.
  function setupKinds(def) {
    const r = (def && def.rules) || {};
    const promo = r.promotion || {};
    const castling = r.castling || {};
    return {
      creation: Array.isArray(promo.choices) && promo.choices.length > 0,
      chess960: !!castling.anyStart && def.files === 8,
    };
  }

  // formDefinition is the definition the form names: the built-in
  // variant chosen (fetched once), or the inline definition when it reads.
  async function formDefinition() {
    if (radio('source') === 'inline') {
      try {
        return parseDefinition($('definition').value);
      } catch (e) {
        return null;
      }
    }
    return builtinDef($('variant').value);
  }

  // builtinDef returns a built-in variant's definition, fetched once.
  async function builtinDef(id) {
    if (!S.defs.has(id)) S.defs.set(id, await api('GET', '/v1/variants/' + encodeURIComponent(id)));
    return S.defs.get(id);
  }

  // updateSetupOptions shows the setup options of the variant the form
  // names, and none for a variant that has none.
  let setupSeq = 0;
  async function updateSetupOptions() {
    const seq = ++setupSeq;
    const box = $('setup-choice');
    let def = null;
    try {
      def = await formDefinition();
    } catch (e) {
      showError(e);
    }
    if (seq !== setupSeq) return;
    const kinds = setupKinds(def);
    const modes = [...(kinds.creation ? CREATION_MODES : []), ...(kinds.chess960 ? ['chess960'] : [])];
    const sel = $('setup-mode');
    const keep = sel.value;
    sel.replaceChildren(...modes.map((m) => {
      const o = el('option', '', m);
      o.value = m;
      return o;
    }));
    if (modes.includes(keep)) sel.value = keep;
    const promo = $('setup-promotion');
    const choices = kinds.creation ? def.rules.promotion.choices : [];
    promo.replaceChildren(el('option', '', `(the variant's: ${(kinds.creation && def.rules.promotion.choice) || 'default'})`),
      ...choices.map((c) => el('option', '', c)));
    promo.options[0].value = '';
    box.hidden = modes.length === 0;
    box.dataset.for = radio('source') === 'inline' ? 'inline' : $('variant').value;
    box.dataset.options = [kinds.creation ? 'creation' : '', kinds.chess960 ? 'chess960' : ''].filter(Boolean).join(' ');
    $('setup-title').textContent = `Set up by ${def && def.name ? def.name + "'s" : "the variant's"} options (POST /v1/setups)`;
    if (!modes.length && radio('start') === 'setup') $('start-default').checked = true;
    showSetupMode();
  }

  // showSetupMode shows the options that the chosen mode reads.
  function showSetupMode() {
    const m = $('setup-mode').value;
    const box = document.querySelector('.setup-options');
    box.dataset.kind = m === 'chess960' ? 'chess960' : m ? 'creation' : '';
    box.dataset.mode = m;
  }

  async function onStart(e) {
    e.preventDefault();
    if (S.busy) return;
    showError(null);
    notice('');
    try {
      const source = radio('source') === 'inline' ? {definition: parseDefinition($('definition').value)} : {variant: $('variant').value};
      const start = radio('start');
      let fen = null;
      if (start === 'fen') {
        fen = $('fen').value.trim();
        if (!fen) throw new Error('Type a FEN, or choose the variant\'s start.');
      } else if (start === 'setup') {
        const body = setupRequest(source);
        setBusy(true);
        let r;
        try {
          r = await api('POST', '/v1/setups', body);
        } finally {
          setBusy(false);
        }
        $('setup-seed').value = String(r.seed);
        fen = r.fen;
        notice(r.number !== undefined ? `Set up array ${r.number} with seed ${r.seed}.` : `Set up with seed ${r.seed}.`);
      }
      await newGame(source, fen, []);
    } catch (err) {
      showError(err);
    }
  }

  async function loadDefinition() {
    try {
      const def = await api('GET', '/v1/variants/' + encodeURIComponent($('variant').value));
      $('definition').value = JSON.stringify(def, null, 1);
      $('source-inline').checked = true;
      await updateSetupOptions();
    } catch (e) {
      showError(e);
    }
  }

  async function init() {
    $('board').addEventListener('click', (e) => {
      const btn = e.target.closest('button.sq');
      if (btn) onSquare(btn.dataset.square);
    });
    $('board').addEventListener('keydown', onBoardKey);
    $('undo').addEventListener('click', undo);
    $('flip').addEventListener('click', () => {
      if (!S.def) return;
      S.flipped = !S.flipped;
      buildBoard();
      render();
    });
    $('use-picture').addEventListener('change', () => S.def && updatePicture());
    $('copy-fen').addEventListener('click', () => copy(S.fen, 'FEN'));
    $('copy-moves').addEventListener('click', () => copy(moveText(), 'Moves'));
    $('copy-link').addEventListener('click', () => copy(new URL(gameURL(), location.href).href, 'Link'));
    $('choice-cancel').addEventListener('click', () => $('choice').close());
    $('choice').addEventListener('close', () => {
      if (S.selected && S.squares.has(S.selected) && !S.busy) S.squares.get(S.selected).focus();
    });
    $('game-form').addEventListener('submit', onStart);
    $('load-definition').addEventListener('click', loadDefinition);
    $('definition').addEventListener('input', () => {
      $('source-inline').checked = true;
      updateSetupOptions();
    });
    document.querySelectorAll('input[name="source"]').forEach((n) => n.addEventListener('change', updateSetupOptions));
    $('fen').addEventListener('input', () => ($('start-fen').checked = true));
    document.querySelectorAll('.setup-options input, .setup-options select').forEach((n) =>
      n.addEventListener('input', () => ($('start-setup').checked = true)));
    $('setup-mode').addEventListener('change', showSetupMode);
    $('variant').addEventListener('change', () => {
      $('source-builtin').checked = true;
      updateSetupOptions();
      if (radio('start') === 'default') $('game-form').requestSubmit();
    });
    $('moves').addEventListener('click', (e) => {
      const btn = e.target.closest('button.mv');
      if (btn) setView(Number(btn.dataset.ply), true);
    });
    $('moves').addEventListener('keydown', onMovesKey);
    $('moves').addEventListener('mouseover', (e) => {
      const btn = e.target.closest('button.mv');
      S.preview = btn ? Number(btn.dataset.ply) : null;
      renderMoveFEN();
    });
    $('moves').addEventListener('mouseleave', () => {
      S.preview = null;
      renderMoveFEN();
    });
    $('view-start').addEventListener('click', () => setView(-1));
    $('view-prev').addEventListener('click', () => setView((S.view === null ? S.plies.length - 1 : S.view) - 1));
    $('view-next').addEventListener('click', () => S.view !== null && setView(S.view + 1));
    $('view-end').addEventListener('click', () => setView(S.plies.length - 1));
    document.querySelectorAll('#claims button[data-claim]').forEach((b) => b.addEventListener('click', () => claim(b.dataset.claim)));

    const q = new URLSearchParams(location.search);
    S.flipped = q.get('flip') === 'true';
    try {
      const list = await api('GET', '/v1/variants');
      for (const v of list.variants) {
        const o = el('option', '', `${v.name} (${v.id}, ${v.files}x${v.ranks})`);
        o.value = v.id;
        $('variant').append(o);
      }
    } catch (e) {
      showError(e);
      setBusy(false);
      return;
    }
    let source = {variant: q.get('variant') || 'chess'};
    if (q.has('definition')) {
      try {
        source = {definition: parseDefinition(q.get('definition'))};
        $('definition').value = JSON.stringify(source.definition, null, 1);
        $('source-inline').checked = true;
      } catch (e) {
        showError(e);
        source = {variant: 'chess'};
      }
    }
    if (source.variant) {
      if (![...$('variant').options].some((o) => o.value === source.variant)) {
        showError(new Error(`No built-in variant "${source.variant}": playing chess.`));
        source.variant = 'chess';
      }
      $('variant').value = source.variant;
    }
    const fen = q.get('fen');
    if (fen) {
      $('fen').value = fen;
      $('start-fen').checked = true;
    }
    const moves = (q.get('moves') || '').split(',').map((s) => s.trim()).filter(Boolean);
    await newGame(source, fen || null, moves);
    await updateSetupOptions();
  }

  init();
})();
