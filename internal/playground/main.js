// Wiring the page's controls, then the first game: the one the page's
// address names (variant or definition, fen, moves, flip), else chess.
// Part of the playground's script, the last of its files: see app.js.

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
