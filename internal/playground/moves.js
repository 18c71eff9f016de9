// The move list: the plies as a score sheet, viewing the position after
// any of them, the game's link and copying. Part of the playground's
// script: see app.js.

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
