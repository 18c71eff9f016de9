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

  function buildBoard() {
    const b = $('board');
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.square : null;
    b.replaceChildren();
    S.squares.clear();
    const {files, ranks} = S.def;
    b.style.setProperty('--files', files);
    b.style.setProperty('--ranks', ranks);
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
        if (row === ranks - 1) {
          const c = el('span', 'coord file', name[0]);
          c.setAttribute('aria-hidden', 'true');
          btn.append(c);
        }
        if (col === 0) {
          const c = el('span', 'coord rank', String(r + 1));
          c.setAttribute('aria-hidden', 'true');
          btn.append(c);
        }
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

  function renderBoard() {
    const b = $('board');
    b.querySelectorAll('.dev').forEach((d) => d.remove());
    const targets = new Map(); // square -> takes something
    if (S.selected) {
      for (const m of movesFrom(S.selected)) {
        const take = m.captures.length > 0 || m.converted.length > 0;
        for (const t of targetsOf(m)) targets.set(t, (targets.get(t) || false) || take);
      }
    }
    const sel = new Set(S.selected ? (isDev(S.board.get(S.selected)) ? blockOf(S.selected) : [S.selected]) : []);
    const last = S.plies.length ? S.plies[S.plies.length - 1] : null;
    const lastSquares = new Set();
    if (last) {
      const dev = isDev(S.board.get(last.to));
      for (const s of [last.from, last.to]) for (const t of dev ? blockOf(s) : [s]) lastSquares.add(t);
    }
    const royal = new Set([...S.pieces.values()].filter((p) => p.royal).map((p) => p.letter));
    const checkWhite = S.status && S.status.inCheck ? S.status.turn === 'white' : null;
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

  // moveNumber labels a move by the position before it: "12." or "12...".
  function moveNumber(before) {
    const f = before.split(' ');
    return f[5] + (f[1] === 'w' ? '.' : '...');
  }

  function moveText() {
    const out = [];
    S.plies.forEach((p, i) => {
      const white = p.before.split(' ')[1] === 'w';
      const prevWhite = i > 0 && S.plies[i - 1].before.split(' ')[1] === 'w';
      if (i === 0 || (white && !prevWhite)) out.push(moveNumber(p.before));
      out.push(p.san);
    });
    if (S.status && S.status.outcome !== 'ongoing') out.push(S.status.result);
    return out.join(' ');
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

  // pictureURL is the service's picture of the current position:
  // GET /v1/board.svg, an inline definition named by its hash.
  function pictureURL(coordinates) {
    const q = new URLSearchParams();
    if (S.source.variant) q.set('variant', S.source.variant);
    else if (S.defHash) q.set('definitionHash', S.defHash);
    else return '';
    q.set('fen', S.fen);
    const last = S.plies[S.plies.length - 1];
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
    S.board = readBoard(S.fen, S.def.files, S.def.ranks);
    renderBoard();
    const st = $('status');
    st.textContent = statusText(S.status);
    st.classList.toggle('over', S.status.outcome !== 'ongoing');
    st.dataset.outcome = S.status.outcome;
    const list = $('moves');
    list.replaceChildren();
    for (const p of S.plies) {
      const li = el('li');
      li.append(el('span', 'no', moveNumber(p.before)), el('span', 'san', p.san), el('span', 'fen', p.fen));
      list.append(li);
    }
    list.scrollTop = list.scrollHeight;
    $('current-fen').textContent = S.fen;
    const url = gameURL();
    $('game-link').href = url;
    history.replaceState(null, '', url);
    const pic = pictureURL(true);
    $('picture-link').hidden = !pic;
    if (pic) $('picture-link').href = pic;
    $('undo').disabled = S.plies.length === 0;
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

  async function undo() {
    if (S.busy || !S.plies.length) return;
    setBusy(true);
    showError(null);
    try {
      const plies = S.plies.slice(0, -1);
      await advance(plies, S.plies[S.plies.length - 1].before);
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
      const def = source.variant ? await api('GET', '/v1/variants/' + encodeURIComponent(source.variant)) : source.definition;
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
      buildBoard();
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
        const body = source.variant ? {variant: source.variant} : {definition: source.definition};
        body.mode = $('setup-mode').value;
        const count = $('setup-count').value;
        if (count !== '') body.count = Number(count);
        const pieces = $('setup-pieces').value.split(',').map((s) => s.trim()).filter(Boolean);
        if (pieces.length) body.pieces = pieces;
        if ($('setup-duplicates').checked) body.duplicates = true;
        if ($('setup-mirror').checked) body.mirror = true;
        if ($('setup-promotion').value) body.promotion = $('setup-promotion').value;
        if ($('setup-seed').value !== '') body.seed = Number($('setup-seed').value);
        setBusy(true);
        let r;
        try {
          r = await api('POST', '/v1/setups', body);
        } finally {
          setBusy(false);
        }
        $('setup-seed').value = String(r.seed);
        fen = r.fen;
        notice(`Set up with seed ${r.seed}.`);
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
    $('definition').addEventListener('input', () => ($('source-inline').checked = true));
    $('fen').addEventListener('input', () => ($('start-fen').checked = true));
    document.querySelectorAll('.setup-options input, .setup-options select').forEach((n) =>
      n.addEventListener('input', () => ($('start-setup').checked = true)));
    $('variant').addEventListener('change', () => {
      $('source-builtin').checked = true;
      if (radio('start') === 'default') $('game-form').requestSubmit();
    });

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
  }

  init();
})();
