package playground_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/adjudicator/adjudicator/internal/browsertest"
)

// coordinateProblems is a script that checks the board's coordinates
// against the squares' geometry and returns what is wrong: each file's
// letter is below the board, centred under its column and no wider than
// it; each rank's number is left of the board, centred on its row; the
// letters read as the squares are named; the text is at least 11 px and
// contrasts with the page (WCAG ratio 4.5 or more); no square holds text
// but its piece.
const coordinateProblems = `(() => {
  const probs = [];
  const board = document.getElementById('board').getBoundingClientRect();
  const cells = [...document.querySelectorAll('#board button.sq')];
  const rows = Math.max(...cells.map((c) => +c.dataset.row)) + 1;
  const cols = Math.max(...cells.map((c) => +c.dataset.col)) + 1;
  const cell = (row, col) => document.querySelector('#board button.sq[data-row="' + row + '"][data-col="' + col + '"]');
  const glyphs = (span) => {
    const r = document.createRange();
    r.selectNodeContents(span);
    return r.getBoundingClientRect();
  };
  const files = [...document.querySelectorAll('#files span')];
  const ranks = [...document.querySelectorAll('#ranks span')];
  if (files.length !== cols) probs.push(files.length + ' file letters for ' + cols + ' columns');
  if (ranks.length !== rows) probs.push(ranks.length + ' rank numbers for ' + rows + ' rows');
  files.forEach((s, col) => {
    const sq = cell(rows - 1, col);
    const want = sq.dataset.square.replace(/[0-9]+$/, '');
    const g = glyphs(s), q = sq.getBoundingClientRect(), cx = (g.left + g.right) / 2;
    if (s.textContent !== want) probs.push('column ' + col + ' is lettered ' + s.textContent + '; want ' + want);
    if (g.top < board.bottom) probs.push('file ' + want + ' starts at y ' + g.top + ', above the board\'s bottom ' + board.bottom);
    if (cx < q.left || cx > q.right) probs.push('file ' + want + ' centred at x ' + cx + ', outside its column ' + q.left + '-' + q.right);
    if (g.width > q.width) probs.push('file ' + want + ' is ' + g.width + ' px wide, wider than its column ' + q.width);
  });
  ranks.forEach((s, row) => {
    const sq = cell(row, 0);
    const want = sq.dataset.square.replace(/^[a-z]+/, '');
    const g = glyphs(s), q = sq.getBoundingClientRect(), cy = (g.top + g.bottom) / 2;
    if (s.textContent !== want) probs.push('row ' + row + ' is numbered ' + s.textContent + '; want ' + want);
    if (g.right > board.left) probs.push('rank ' + want + ' ends at x ' + g.right + ', right of the board\'s left ' + board.left);
    if (g.left < 0) probs.push('rank ' + want + ' starts at x ' + g.left + ', off the page');
    if (cy < q.top || cy > q.bottom) probs.push('rank ' + want + ' centred at y ' + cy + ', outside its row ' + q.top + '-' + q.bottom);
  });
  const lum = (css) => {
    const [r, g, b] = css.match(/[0-9.]+/g).slice(0, 3).map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  for (const id of ['files', 'ranks']) {
    const st = getComputedStyle(document.getElementById(id));
    const px = parseFloat(st.fontSize);
    if (px < 11) probs.push(id + ' in ' + px + ' px type; want 11 px or more');
    const a = lum(st.color), b = lum(getComputedStyle(document.body).backgroundColor);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) probs.push(id + ' contrast ' + ratio.toFixed(2) + ' with the page; want 4.5 or more');
  }
  for (const c of cells) {
    const text = [...c.childNodes].filter((n) => !(n.classList && n.classList.contains('pc'))).map((n) => n.textContent).join('');
    if (text.trim()) probs.push('square ' + c.dataset.square + ' holds the text ' + JSON.stringify(text));
  }
  return probs;
})()`

// checkCoordinates fails the test for each of the coordinateProblems.
func (b *browser) checkCoordinates(what string) {
	b.T.Helper()
	for _, p := range eval[[]string](b, coordinateProblems) {
		b.T.Errorf("%s: %s", what, p)
	}
}

// hover moves the mouse onto the middle of the element sel selects.
func (b *browser) hover(sel string) {
	b.T.Helper()
	xy := eval[[]float64](b, `(() => { const r = document.querySelector(`+jsString(sel)+`).getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
	b.Do("hover "+sel, chromedp.MouseEvent(chromedp.MouseMoved, xy[0], xy[1]))
}

func jsString(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}

func (b *browser) text(id string) string {
	b.T.Helper()
	return eval[string](b, `document.getElementById(`+jsString(id)+`).textContent`)
}

// moveFEN is the FEN the move list shows, and the ply it is of.
func (b *browser) moveFEN() (string, string) {
	b.T.Helper()
	return b.text("move-fen-text"), eval[string](b, `document.getElementById('move-fen').dataset.ply`)
}

// setupOptions waits until the form shows the setup options of variant
// and returns whether they are shown, the modes offered and the option
// groups ("creation", "chess960") the variant has.
func (b *browser) setupOptions(variant string) (bool, []string, string) {
	b.T.Helper()
	b.Do("the setup options of "+variant, chromedp.WaitReady(chromedp.CSS(`#setup-choice[data-for="`+variant+`"]`)))
	visible := eval[bool](b, `document.getElementById('setup-choice').getClientRects().length > 0`)
	modes := eval[[]string](b, `[...document.getElementById('setup-mode').options].map((o) => o.value)`)
	return visible, modes, eval[string](b, `document.getElementById('setup-choice').dataset.options`)
}

// shownControls lists which of the controls named by id take room on the page.
func (b *browser) shownControls(ids ...string) []string {
	b.T.Helper()
	var out []string
	for _, id := range ids {
		if eval[bool](b, `document.getElementById(`+jsString(id)+`).getClientRects().length > 0`) {
			out = append(out, id)
		}
	}
	return out
}

// TestBrowserControls drives the move list, the setup options, the claims
// and the coordinates in headless Chromium against the real handler.
func TestBrowserControls(t *testing.T) {
	ts := browsertest.Server(t)
	b := newBrowser(t, ts, 1000, 1000)
	t.Logf("screenshots in %s", b.Dir)

	t.Run("move-list", func(t *testing.T) {
		b.T = t
		b.open("/?variant=chess", 0)
		b.move("e2", "e4", 1)
		b.move("e7", "e5", 2)
		b.move("g1", "f3", 3)
		b.move("b8", "c6", 4)
		b.move("f1", "b5", 5)
		if ml := b.moveList(); ml != "1. e4 e5 2. Nf3 Nc6 3. Bb5" {
			t.Errorf("move list %q; want 1. e4 e5 2. Nf3 Nc6 3. Bb5", ml)
		}
		// Beside the board on a wide screen: level with it, to its right.
		geo := eval[[]float64](b, `(() => { const a = document.getElementById('board').getBoundingClientRect(),
			m = document.getElementById('moves').getBoundingClientRect(); return [a.right, a.top, a.bottom, m.left, m.top]; })()`)
		if geo[3] < geo[0] || geo[4] > geo[2] || geo[4] < geo[1]-100 {
			t.Errorf("board right %.0f, top %.0f, bottom %.0f; moves left %.0f, top %.0f: want the moves beside the board", geo[0], geo[1], geo[2], geo[3], geo[4])
		}
		after := map[int]string{
			1: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
			2: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
			4: "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
		}
		// The current position's FEN, then a move's on hover, then back.
		if fen, ply := b.moveFEN(); fen != after[4] || ply != "4" {
			t.Errorf("the move list shows the FEN %q of ply %s; want that after Bb5 (4)", fen, ply)
		}
		b.hover(`#moves button[data-ply="1"]`)
		if fen, _ := b.moveFEN(); fen != after[1] {
			t.Errorf("with the pointer on e5, the move list shows the FEN %q; want %q", fen, after[1])
		}
		if l := b.text("move-fen-label"); l != "After 1... e5:" {
			t.Errorf("with the pointer on e5, the FEN is labelled %q; want After 1... e5:", l)
		}
		b.Screenshot("6-move-list-hover")
		b.hover(`#status`)
		if fen, _ := b.moveFEN(); fen != after[4] {
			t.Errorf("with the pointer off the list, the move list shows the FEN %q; want the current one", fen)
		}
		// A click shows the move's position on the board, read only.
		b.Do("click Nf3", chromedp.Click(chromedp.CSS(`#moves button[data-ply="2"]`)))
		b.Do("the position after Nf3", chromedp.WaitVisible(chromedp.CSS(`#board[data-view="2"]`)))
		b.wantLabel("f3", "f3, White Knight")
		b.wantLabel("c6", "c6, empty")
		b.wantLabel("b5", "b5, empty")
		if cur := eval[string](b, `document.querySelector('#moves [aria-current="true"]').textContent`); cur != "Nf3" {
			t.Errorf("the move marked current is %q; want Nf3", cur)
		}
		if fen, _ := b.moveFEN(); fen != after[2] {
			t.Errorf("after a click on Nf3, the move list shows the FEN %q; want %q", fen, after[2])
		}
		if fen := b.text("current-fen"); fen != after[4] {
			t.Errorf("while an earlier position is shown, the game's FEN is %q; want %q", fen, after[4])
		}
		if v := b.text("viewing"); v != "Showing the position after 2. Nf3: » or End returns to the game." {
			t.Errorf("while an earlier position is shown, the page says %q; want which one", v)
		}
		b.Screenshot("6-move-list-selected")
		b.click("d7")
		if sel := eval[string](b, `document.getElementById('board').dataset.selected`); sel != "" {
			t.Errorf("a click on the board of an earlier position selected %q; want nothing", sel)
		}
		// By keyboard: the arrows step, Home goes to the start, End back.
		b.Do("the arrow right from Nf3", chromedp.Focus(chromedp.CSS(`#moves button[data-ply="2"]`)), chromedp.KeyEvent(kb.ArrowRight))
		b.Do("the position after Nc6", chromedp.WaitVisible(chromedp.CSS(`#board[data-view="3"]`)))
		if f := eval[string](b, `document.activeElement.dataset.ply || ''`); f != "3" {
			t.Errorf("after the arrow right from Nf3, the focus is on ply %q; want 3", f)
		}
		b.wantLabel("c6", "c6, Black Knight")
		b.Do("Home", chromedp.KeyEvent(kb.Home))
		b.Do("the start", chromedp.WaitVisible(chromedp.CSS(`#board[data-view="-1"]`)))
		b.wantLabel("e2", "e2, White Pawn")
		b.wantLabel("e4", "e4, empty")
		if fen, _ := b.moveFEN(); fen != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
			t.Errorf("at the start, the move list shows the FEN %q; want the start's", fen)
		}
		b.Do("End", chromedp.KeyEvent(kb.End))
		b.Do("the current position", chromedp.WaitVisible(chromedp.CSS(`#board[data-view=""]`)))
		b.wantLabel("b5", "b5, White Bishop")
		if v := b.text("viewing"); v != "" {
			t.Errorf("at the current position, the page says %q; want nothing", v)
		}
		// Play goes on from the current position.
		b.move("a7", "a6", 6)
		if ml := b.moveList(); ml != "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6" {
			t.Errorf("move list %q; want 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", ml)
		}

		// A game whose first move is Black's starts "1...".
		b.startFEN("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
		b.move("e7", "e5", 1)
		b.move("g1", "f3", 2)
		if ml := b.moveList(); ml != "1... e5 2. Nf3" {
			t.Errorf("move list %q; want 1... e5 2. Nf3", ml)
		}
		b.Do("copy the moves", chromedp.Click(chromedp.ID("copy-moves")), chromedp.WaitVisible(chromedp.ID("notice")))
		if n := b.text("notice"); n != "Moves copied: 1... e5 2. Nf3" {
			t.Errorf("after Copy moves, notice %q; want the moves copied", n)
		}
		b.Screenshot("6-move-list-black-first")
	})

	t.Run("setup-options", func(t *testing.T) {
		b.T = t
		b.open("/?variant=chess", 0)
		if shown, modes, kinds := b.setupOptions("chess"); shown || len(modes) != 0 || kinds != "" {
			t.Errorf("chess: setup options shown %v, modes %q, kinds %q; want none", shown, modes, kinds)
		}
		b.chooseVariant("grand")
		b.idle(0)
		shown, modes, kinds := b.setupOptions("grand")
		if !shown || strings.Join(modes, ",") != "classical-random,classical-selected,random,selected,classical" || kinds != "creation" {
			t.Errorf("grand: setup options shown %v, modes %q, kinds %q; want Grand Chess's game-creation options", shown, modes, kinds)
		}
		if p := eval[[]string](b, `[...document.getElementById('setup-promotion').options].map((o) => o.value)`); strings.Join(p, ",") != ",captured,initial,all" {
			t.Errorf("grand: promotion types %q; want the default, captured, initial, all", p)
		}
		if got := strings.Join(b.shownControls("setup-count", "setup-pieces", "setup-promotion", "setup-mirror", "setup-number"), ","); got != "setup-count,setup-promotion,setup-mirror" {
			t.Errorf("grand, mode classical-random: controls shown %s; want setup-count,setup-promotion,setup-mirror", got)
		}
		b.Do("mode selected", chromedp.SetValue(chromedp.ID("setup-mode"), "selected"))
		if got := strings.Join(b.shownControls("setup-count", "setup-pieces", "setup-number"), ","); got != "setup-pieces" {
			t.Errorf("grand, mode selected: controls shown %s; want setup-pieces", got)
		}
		b.Screenshot("7-setup-options-grand")
		// An inline definition has the options its rules give it.
		b.Do("Grand Chess inline", chromedp.Click(chromedp.ID("load-definition")))
		b.Do("the inline definition's options", chromedp.WaitReady(chromedp.CSS(`#setup-choice[data-for="inline"][data-options="creation"]`)))
		b.Do("Los Alamos inline", chromedp.SetValue(chromedp.ID("definition"), losAlamos))
		b.Do("no options for Los Alamos", chromedp.WaitReady(chromedp.CSS(`#setup-choice[data-for="inline"][data-options=""][hidden]`)))
		b.Do("back to the built-in", chromedp.Click(chromedp.ID("source-builtin")))

		// Chess960 has its arrays by number, and nothing of Grand Chess's.
		b.chooseVariant("chess960")
		b.idle(0)
		shown, modes, kinds = b.setupOptions("chess960")
		if !shown || strings.Join(modes, ",") != "chess960" || kinds != "chess960" {
			t.Errorf("chess960: setup options shown %v, modes %q, kinds %q; want the arrays by number", shown, modes, kinds)
		}
		if got := strings.Join(b.shownControls("setup-count", "setup-pieces", "setup-promotion", "setup-mirror", "setup-number", "setup-seed"), ","); got != "setup-number,setup-seed" {
			t.Errorf("chess960: controls shown %s; want setup-number,setup-seed", got)
		}
		b.Do("array 0", chromedp.Click(chromedp.ID("start-setup")), chromedp.SetValue(chromedp.ID("setup-number"), "0"),
			chromedp.SetValue(chromedp.ID("setup-seed"), "5"), chromedp.Click(chromedp.ID("start")))
		b.Do("the array's board", chromedp.WaitVisible(chromedp.CSS(`#notice:not(:empty)`)))
		b.idle(0)
		resp, err := http.Post(ts.URL+"/v1/setups", "application/json", strings.NewReader(`{"variant":"chess960","mode":"chess960","number":0,"seed":5}`))
		if err != nil {
			t.Fatalf("POST /v1/setups: %v", err)
		}
		var setup struct{ FEN string }
		err = json.NewDecoder(resp.Body).Decode(&setup)
		resp.Body.Close()
		if fen := b.text("current-fen"); err != nil || fen != setup.FEN || !strings.HasPrefix(fen, "bbqnnrkr/") {
			t.Errorf("chess960 array 0: the page shows FEN %q; POST /v1/setups answers %q (%v)", fen, setup.FEN, err)
		}
		if n := b.text("notice"); n != "Set up array 0 with seed 5." {
			t.Errorf("notice %q; want the array and the seed", n)
		}

		// Back to a variant without options: none shown, the start chosen.
		b.Do("pick chess with the setup chosen", chromedp.Click(chromedp.ID("start-setup")), chromedp.SetValue(chromedp.ID("variant"), "chess"))
		if shown, _, _ := b.setupOptions("chess"); shown {
			t.Error("chess after chess960: setup options shown; want none")
		}
		if start := eval[string](b, `document.querySelector('input[name="start"]:checked').value`); start != "default" {
			t.Errorf("chess after chess960: start %q chosen; want default", start)
		}
		b.Screenshot("7-setup-options-none")
	})

	t.Run("claims", func(t *testing.T) {
		b.T = t
		plies := 2
		b.open("/?variant=chess&moves=e2e4,e7e5", plies)
		claim := func(id, want string, accepted bool) {
			t.Helper()
			b.Do("press "+id, chromedp.Click(chromedp.ID(id)))
			b.Do("the answer to "+id, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#claim-result[data-accepted="%v"]`, accepted))))
			b.idle(plies)
			if got := b.text("claim-result"); !strings.HasPrefix(got, want) {
				t.Errorf("after %s, the page says %q; want %q", id, got, want)
			}
		}
		// A draw claim with none to claim is rejected, with the API's reason
		// when it gives one.
		claim("claim-draw", "Draw claim (White): rejected", false)
		api := adjudicate(t, ts.URL, `{"variant":"chess","moves":["e2e4","e7e5"],"claim":{"type":"draw","by":"white"}}`)
		if api.ClaimAccepted == nil || *api.ClaimAccepted {
			t.Errorf("the API answers a draw claim after 1. e4 e5 with claimAccepted %v; want false", api.ClaimAccepted)
		}
		want := "Draw claim (White): rejected. Result *, reason ongoing."
		if api.ClaimRejected != nil && api.ClaimRejected.Detail != "" {
			want = "Draw claim (White): rejected: " + api.ClaimRejected.Detail + ". Result *, reason ongoing."
		}
		if got := b.text("claim-result"); got != want {
			t.Errorf("after a rejected draw claim, the page says %q; want %q", got, want)
		}
		if st := b.status(); !strings.HasPrefix(st, "White to move") {
			t.Errorf("after a rejected claim, status %q; want the game going on", st)
		}
		// Black resigns, picked as the player although White is to move.
		b.Do("pick Black", chromedp.SetValue(chromedp.ID("claim-by"), "black"))
		claim("claim-resign", "Resignation (Black): accepted. Result 1-0, reason resignation.", true)
		if st := b.status(); st != "resignation: 1-0 (White wins)" {
			t.Errorf("after Black resigned, status %q; want resignation: 1-0 (White wins)", st)
		}
		b.click("g1")
		if n := eval[int](b, `document.querySelectorAll('#board button.target').length`); n != 0 {
			t.Errorf("after the resignation, the Knight has %d targets; want none", n)
		}
		b.Screenshot("8-claims-resigned")
		// Undo takes the claim back, not a move.
		b.Do("undo the resignation", chromedp.Click(chromedp.ID("undo")))
		b.Do("the claim taken back", chromedp.WaitVisible(chromedp.CSS(`#claim-result[data-accepted=""]`)))
		b.idle(2)
		if st := b.status(); !strings.HasPrefix(st, "White to move") {
			t.Errorf("after undoing the resignation, status %q; want White to move", st)
		}
		// The side to move by default: White's flag falls, Black can mate.
		b.Do("pick the side to move", chromedp.SetValue(chromedp.ID("claim-by"), ""))
		claim("claim-flag", "Flag fall (White): accepted. Result 0-1, reason flag-fall.", true)
		b.Do("undo the flag", chromedp.Click(chromedp.ID("undo")))
		b.Do("the flag taken back", chromedp.WaitVisible(chromedp.CSS(`#claim-result[data-accepted=""]`)))
		claim("claim-agreement", "Draw by agreement (White): accepted. Result 1/2-1/2, reason draw-agreement.", true)
		b.Do("undo the agreement", chromedp.Click(chromedp.ID("undo")))
		b.Do("the agreement taken back", chromedp.WaitVisible(chromedp.CSS(`#claim-result[data-accepted=""]`)))
		claim("claim-abort", "Abort (White): accepted. Result *, reason aborted.", true)
		// The page keeps the claim that ended the game until it is undone.
		if n := eval[int](b, `[...document.querySelectorAll('#claims button')].filter((x) => !x.disabled).length`); n != 0 {
			t.Errorf("after an accepted claim, %d claim buttons are enabled; want none until it is undone", n)
		}
		// After the game ended on the board, the API does not accept a claim.
		plies = 4
		b.open("/?variant=chess&moves=f2f3,e7e5,g2g4,d8h4", plies)
		claim("claim-resign", "Resignation (White): rejected", false)
		if got, want := b.text("claim-result"), "Result 0-1, reason checkmate."; !strings.HasSuffix(got, want) {
			t.Errorf("after a claim on a mated King, the page says %q; want it to end %q", got, want)
		}
	})

	t.Run("coordinates", func(t *testing.T) {
		b.T = t
		b.open("/?variant=chess", 0)
		b.checkCoordinates("chess")
		b.Do("flip", chromedp.Click(chromedp.ID("flip")))
		b.Do("flipped", chromedp.WaitVisible(chromedp.CSS(`#board button[data-square="h1"][data-row="0"][data-col="0"]`)))
		b.checkCoordinates("chess, flipped")
		if f := b.text("files"); f != "hgfedcba" {
			t.Errorf("flipped chess: files %q; want hgfedcba", f)
		}
		b.Do("flip back", chromedp.Click(chromedp.ID("flip")))
		b.Do("unflipped", chromedp.WaitVisible(chromedp.CSS(`#board button[data-square="a8"][data-row="0"][data-col="0"]`)))
		b.open("/?variant=terachess2&moves=h4h5,h13h12", 2)
		b.checkCoordinates("terachess2")
		if f := b.text("files"); f != "abcdefghijklmnop" {
			t.Errorf("terachess2: files %q; want a to p", f)
		}
		if r := b.text("ranks"); r != "16151413121110987654321" {
			t.Errorf("terachess2: ranks %q; want 16 down to 1", r)
		}
		b.Screenshot("9-terachess2-1000")
	})

	t.Run("large", func(t *testing.T) {
		w := newBrowser(t, ts, 1600, 1100)
		w.open("/?variant=terachess2&moves=h4h5,h13h12,g4g5", 3)
		w.checkCoordinates("terachess2 at 1600 px")
		// Three columns: the board, the moves, the form.
		geo := eval[[]float64](w, `['board', 'moves', 'setup'].map((id) => document.getElementById(id).getBoundingClientRect().left)`)
		if !(geo[0] < geo[1] && geo[1] < geo[2]) {
			t.Errorf("at 1600 px: board, moves and form start at x %v; want three columns left to right", geo)
		}
		w.Screenshot("9-terachess2-1600")
	})
}

// adjudication is the part of a games/adjudicate answer about a claim.
type adjudication struct {
	ClaimAccepted *bool
	ClaimRejected *struct{ Code, Detail string }
	Result        string
	Reason        string
}

func adjudicate(t *testing.T, base, body string) adjudication {
	t.Helper()
	resp, err := http.Post(base+"/v1/games/adjudicate", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("POST /v1/games/adjudicate: %v", err)
	}
	defer resp.Body.Close()
	var a adjudication
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /v1/games/adjudicate %s = %d (%v)", body, resp.StatusCode, err)
	}
	return a
}
