// The new-game form: the variant (built in or inline), the start (the
// variant's, a FEN, or POST /v1/setups with the options the variant has)
// and starting the game. Part of the playground's script: see app.js.

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
