// The claim buttons: a claim after the game's last move, which the API
// accepts or rejects. Part of the playground's script: see app.js.

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
