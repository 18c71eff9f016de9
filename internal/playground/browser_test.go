package playground_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/adjudicator/adjudicator/internal/browsertest"
)

// losAlamos is the 6x6 inline variant of the handler tests.
var losAlamos = func() string {
	b, err := os.ReadFile(filepath.Join("..", "handlers", "testdata", "los-alamos.json"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// browser is one tab of a headless Chromium on the playground.
type browser struct{ *browsertest.Tab }

// newBrowser starts Chromium with a window of width x height on ts.
func newBrowser(t *testing.T, ts *httptest.Server, width, height int) *browser {
	t.Helper()
	return &browser{browsertest.Start(t, browsertest.Options{
		Server: ts, Width: width, Height: height, Screenshots: "adjudicator-playground"})}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.T.Helper()
	return browsertest.Eval[T](b.Tab, expr)
}

func sq(name string) chromedp.CSS { return chromedp.CSS(`#board button[data-square="` + name + `"]`) }

// open loads the playground at path (and query) and waits for its game.
func (b *browser) open(path string, plies int) {
	b.T.Helper()
	b.Do("open "+path, chromedp.Navigate(b.Base.String()+path))
	b.idle(plies)
	// The setup options are shown after the first game: wait for them, or
	// a click may land where a control was before they moved it.
	b.Do("the setup options", chromedp.WaitReady(chromedp.CSS(`#setup-choice[data-for]`)))
}

// idle waits until the page has played plies moves and drawn the board
// (its picture loaded, failed or off), and checks that it shows no error.
func (b *browser) idle(plies int) {
	b.T.Helper()
	b.Do(fmt.Sprintf("wait for the board after %d moves", plies), chromedp.WaitVisible(chromedp.CSS(
		fmt.Sprintf(`#board[aria-busy="false"][data-plies="%d"]:not([data-picture="loading"])`, plies))))
	b.noProblems()
}

func (b *browser) noProblems() {
	b.T.Helper()
	if msg := eval[string](b, `document.getElementById('error').textContent`); msg != "" {
		b.T.Fatalf("the page shows an error: %s", msg)
	}
	if probs := b.Problems(); len(probs) > 0 {
		b.T.Fatalf("the page had problems: %s", strings.Join(probs, "; "))
	}
}

// click clicks a square.
func (b *browser) click(square string) {
	b.T.Helper()
	b.Do("click "+square, chromedp.Click(sq(square)))
}

// move plays from-to by clicking both squares and waits for the answer.
func (b *browser) move(from, to string, plies int) {
	b.T.Helper()
	b.click(from)
	b.Do("targets of "+from, chromedp.WaitVisible(chromedp.CSS(`#board button.target[data-square="`+to+`"]`)))
	b.click(to)
	b.idle(plies)
}

func (b *browser) status() string {
	return eval[string](b, `document.getElementById('status').textContent`)
}

func (b *browser) label(square string) string {
	return eval[string](b, `document.querySelector('#board button[data-square="`+square+`"]').getAttribute('aria-label')`)
}

func (b *browser) wantLabel(square, want string) {
	b.T.Helper()
	if got := b.label(square); got != want {
		b.T.Errorf("square %s is labelled %q; want %q", square, got, want)
	}
}

// chooseVariant picks a built-in variant in the select, as a player does
// (SetValue fires input and change): the page starts the variant's start.
func (b *browser) chooseVariant(id string) {
	b.T.Helper()
	b.Do("choose "+id, chromedp.Click(chromedp.ID("start-default")), chromedp.SetValue(chromedp.ID("variant"), id))
}

// startFEN starts a game of a built-in variant from fen.
func (b *browser) startFEN(id, fen string) {
	b.T.Helper()
	// The FEN first: with "From a FEN" chosen, changing the variant does not
	// start a game at once.
	b.Do("start "+id+" from "+fen,
		chromedp.SetValue(chromedp.ID("fen"), fen), chromedp.Click(chromedp.ID("start-fen")),
		chromedp.Click(chromedp.ID("source-builtin")), chromedp.SetValue(chromedp.ID("variant"), id),
		// The variant's setup options shown or hidden first: they move the
		// start button, and a click on its old place would miss it.
		chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`#setup-choice[data-for=%q]`, id))),
		chromedp.Click(chromedp.ID("start")))
	b.Do("wait for "+fen, chromedp.WaitVisible(chromedp.CSS(`#current-fen`)))
	b.idle(0)
	if got := eval[string](b, `document.getElementById('current-fen').textContent`); got != fen {
		b.T.Fatalf("the page shows FEN %q; want %q", got, fen)
	}
}

// moveList is the move list as it reads: each row's number, then its
// moves, separated by spaces ("1. f3 e5 2. g4 Qh4#").
func (b *browser) moveList() string {
	return eval[string](b, `[...document.querySelectorAll('#moves li')].map((li) =>
		[li.querySelector('.no').textContent, ...[...li.querySelectorAll('button.mv')].map((m) => m.textContent)].join(' ')).join(' ')`)
}

// TestBrowser plays the playground in headless Chromium against the real
// handler, and writes a screenshot after each step.
func TestBrowser(t *testing.T) {
	ts := browsertest.Server(t)
	b := newBrowser(t, ts, 1000, 1000)
	t.Logf("screenshots in %s", b.Dir)

	t.Run("fools-mate", func(t *testing.T) {
		b.T = t
		b.open("/?variant=grand", 0)
		b.chooseVariant("chess")
		b.Do("wait for chess", chromedp.WaitVisible(chromedp.CSS(`#board button[data-square="h8"]`)))
		b.idle(0)
		if n := eval[int](b, `document.querySelectorAll('#board button.sq').length`); n != 64 {
			t.Fatalf("chess board has %d squares; want 64", n)
		}
		b.wantLabel("g1", "g1, White Knight")
		b.wantLabel("e4", "e4, empty")
		// The first move by keyboard: focus f2, Enter, focus f3, Enter.
		b.Do("f2 by keyboard", chromedp.Focus(sq("f2")), chromedp.KeyEvent("\r"))
		b.Do("f2 selected", chromedp.WaitVisible(chromedp.CSS(`#board[data-selected="f2"] button.target[data-square="f3"]`)))
		b.wantLabel("f3", "f3, empty, legal target")
		b.Do("f3 by keyboard: the arrow up from f2", chromedp.KeyEvent(kb.ArrowUp))
		if f := eval[string](b, `document.activeElement.dataset.square || ''`); f != "f3" {
			t.Fatalf("after the arrow up from f2, the focus is on %q; want f3", f)
		}
		b.Do("f3 by keyboard", chromedp.KeyEvent("\r"))
		b.idle(1)
		b.move("e7", "e5", 2)
		b.move("g2", "g4", 3)
		b.move("d8", "h4", 4)
		if st := b.status(); !strings.Contains(st, "checkmate") || !strings.Contains(st, "0-1") {
			t.Errorf("status %q; want checkmate: 0-1", st)
		}
		if ml := b.moveList(); ml != "1. f3 e5 2. g4 Qh4#" {
			t.Errorf("move list %q; want 1. f3 e5 2. g4 Qh4#", ml)
		}
		if title := eval[string](b, `document.querySelector('#moves button[data-ply="3"]').title`); !strings.HasSuffix(title,
			"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3") {
			t.Errorf("Qh4# has the title %q; want the FEN after it", title)
		}
		b.wantLabel("e1", "e1, White King, in check")
		b.Do("copy the moves", chromedp.Click(chromedp.ID("copy-moves")), chromedp.WaitVisible(chromedp.ID("notice")))
		if n := eval[string](b, `document.getElementById('notice').textContent`); n != "Moves copied: 1. f3 e5 2. g4 Qh4# 0-1" {
			t.Errorf("after Copy moves, notice %q; want the moves copied", n)
		}
		b.Screenshot("1-fools-mate")

		// Undo, and the mate again by clicking.
		b.Do("undo", chromedp.Click(chromedp.ID("undo")))
		b.idle(3)
		if st := b.status(); !strings.HasPrefix(st, "Black to move") {
			t.Errorf("after undo, status %q; want Black to move", st)
		}
		b.move("d8", "h4", 4)
		// The link reproduces the game: the page replays its moves.
		link := eval[string](b, `document.getElementById('game-link').getAttribute('href')`)
		if link != "/?variant=chess&moves=f2f3,e7e5,g2g4,d8h4" {
			t.Errorf("game link %q; want /?variant=chess&moves=f2f3,e7e5,g2g4,d8h4", link)
		}
		b.open(link, 4)
		if st := b.status(); !strings.HasPrefix(st, "checkmate: 0-1") {
			t.Errorf("after the link, status %q; want checkmate: 0-1", st)
		}
		// Flipped, without the service's picture: the page's own drawing.
		b.Do("flip", chromedp.Click(chromedp.ID("flip")), chromedp.Click(chromedp.ID("use-picture")))
		b.Do("flipped", chromedp.WaitVisible(chromedp.CSS(`#board[data-picture="off"] button[data-square="h1"][data-row="0"][data-col="0"]`)))
		b.noProblems()
		b.Screenshot("1-fools-mate-flipped-own-drawing")
	})

	t.Run("three-check", func(t *testing.T) {
		b.T = t
		b.open("/", 0)
		// Two checks given; the Rook gives the third: the game is over.
		b.startFEN("3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 30")
		if st := b.status(); !strings.Contains(st, "checks given: White 2, Black 0") {
			t.Errorf("status %q; want the checks given, White 2", st)
		}
		b.move("a1", "a8", 1)
		if st := b.status(); !strings.HasPrefix(st, "three-checks: 1-0 (White wins)") || !strings.Contains(st, "White 3") {
			t.Errorf("after the third check, status %q; want three-checks: 1-0 (White wins), White 3", st)
		}
		b.noProblems()
		b.Screenshot("2-three-check")
	})

	t.Run("grand-promotion", func(t *testing.T) {
		b.T = t
		b.open("/", 0)
		fen := "k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1"
		b.startFEN("grand", fen)
		b.click("e9")
		b.Do("e10 is a target", chromedp.WaitVisible(chromedp.CSS(`#board button.target[data-square="e10"]`)))
		b.click("e10")
		b.Do("the promotion dialog", chromedp.WaitVisible(chromedp.CSS(`#choice[open] #choice-list button[data-uci="e9e10c"]`)))
		names := eval[[]string](b, `[...document.querySelectorAll('#choice-list button')].map((x) => x.getAttribute('aria-label'))`)
		for _, want := range []string{"Queen (e10=Q+)", "Marshall (e10=C+)", "Cardinal (e10=A)", "Rook (e10=R+)", "Knight (e10=N)"} {
			if !strings.Contains(strings.Join(names, "|"), want) {
				t.Errorf("promotion choices %q; want %q among them", names, want)
			}
		}
		b.Screenshot("2-grand-promotion-dialog")
		b.Do("pick the Marshall", chromedp.Click(chromedp.CSS(`#choice-list button[data-uci="e9e10c"]`)))
		b.idle(1)
		b.wantLabel("e10", "e10, White Marshall")
		b.wantLabel("e9", "e9, empty")
		if ml := b.moveList(); ml != "1. e10=C+" {
			t.Errorf("move list %q; want 1. e10=C+", ml)
		}
		if fen := eval[string](b, `document.getElementById('move-fen-text').textContent`); !strings.HasPrefix(fen, "k3C5/10/") {
			t.Errorf("the move list shows the FEN %q; want the one after e10=C+", fen)
		}
		if st := b.status(); !strings.Contains(st, "Black to move, in check") {
			t.Errorf("status %q; want Black to move, in check", st)
		}
		b.Screenshot("2-grand-promotion")
	})

	t.Run("grand-diplomat", func(t *testing.T) {
		b.T = t
		b.open("/", 0)
		// A conversion is a move from the Diplomat to the piece it converts.
		b.startFEN("grand", "9k/10/10/10/4D'''5/4n5/10/10/10/K9 w - - 0 10")
		b.click("e6")
		b.Do("the Knight is a target", chromedp.WaitVisible(chromedp.CSS(`#board button.target.take[data-square="e5"]`)))
		b.click("e5")
		b.idle(1)
		b.wantLabel("e5", "e5, White Knight")
		b.wantLabel("e6", "e6, White Diplomat")
		if ml := b.moveList(); ml != "10. D'''xe5" {
			t.Errorf("move list %q; want 10. D'''xe5", ml)
		}
		b.Screenshot("2-grand-diplomat")
	})

	t.Run("grand-setup", func(t *testing.T) {
		b.T = t
		b.open("/?variant=grand", 0)
		b.Do("set up Grand Chess by options", chromedp.Click(chromedp.ID("start-setup")),
			chromedp.SetValue(chromedp.ID("setup-mode"), "classical-random"), chromedp.SetValue(chromedp.ID("setup-count"), "3"),
			chromedp.SetValue(chromedp.ID("setup-seed"), "7"), chromedp.Click(chromedp.ID("start")))
		b.Do("the setup's board", chromedp.WaitVisible(chromedp.CSS(`#board[data-picture="ready"]`)))
		b.idle(0)
		// The page shows the API's setup for the options and the seed.
		fen := eval[string](b, `document.getElementById('current-fen').textContent`)
		resp, err := http.Post(ts.URL+"/v1/setups", "application/json",
			strings.NewReader(`{"variant":"grand","mode":"classical-random","count":3,"seed":7}`))
		if err != nil {
			t.Fatalf("POST /v1/setups: %v", err)
		}
		var setup struct{ FEN string }
		err = json.NewDecoder(resp.Body).Decode(&setup)
		resp.Body.Close()
		if err != nil || setup.FEN != fen {
			t.Errorf("the page shows FEN %q; POST /v1/setups answers %q (%v)", fen, setup.FEN, err)
		}
		if n := eval[string](b, `document.getElementById('notice').textContent`); n != "Set up with seed 7." {
			t.Errorf("notice %q; want the seed", n)
		}
		link := eval[string](b, `document.getElementById('game-link').getAttribute('href')`)
		if q, err := url.ParseQuery(strings.TrimPrefix(link, "/?")); err != nil || q.Get("fen") != fen || q.Get("variant") != "grand" {
			t.Errorf("game link %q does not carry the variant and the setup's FEN %q", link, fen)
		}
		b.Screenshot("2-grand-setup")
	})

	t.Run("giant-dev", func(t *testing.T) {
		b.T = t
		b.open("/", 0)
		fen := "k15/16/16/16/16/16/16/16/16/16/16/16/2DD12/2DD12/16/K15 w - - 0 1"
		b.startFEN("giant", fen)
		if n := eval[int](b, `document.querySelectorAll('#board button.sq').length`); n != 256 {
			t.Fatalf("giant board has %d squares; want 256", n)
		}
		b.wantLabel("d4", "d4, White Dev")
		// Any square of the Dev selects it; any square of a target block plays.
		b.click("d4")
		b.Do("the Dev selected", chromedp.WaitVisible(chromedp.CSS(`#board[data-selected="c3"] button.target[data-square="d6"]`)))
		for _, s := range []string{"c5", "d5", "c6", "d6", "e3", "f4", "a3", "c1"} {
			if !strings.HasSuffix(b.label(s), "legal target") {
				t.Errorf("square %s is labelled %q; want a legal target of the Dev", s, b.label(s))
			}
		}
		b.Screenshot("3-giant-dev-selected")
		b.click("d6")
		b.idle(1)
		for _, s := range []string{"c5", "d5", "c6", "d6"} {
			b.wantLabel(s, s+", White Dev")
		}
		for _, s := range []string{"c3", "d3", "c4", "d4"} {
			b.wantLabel(s, s+", empty")
		}
		if ml := b.moveList(); ml != "1. Dc5" {
			t.Errorf("move list %q; want 1. Dc5", ml)
		}
		b.Screenshot("3-giant-dev")
	})

	t.Run("inline-definition", func(t *testing.T) {
		b.T = t
		b.open("/", 0)
		b.Do("paste Los Alamos", chromedp.SetValue(chromedp.ID("definition"), losAlamos),
			chromedp.Click(chromedp.ID("source-inline")), chromedp.Click(chromedp.ID("start-default")), chromedp.Click(chromedp.ID("start")))
		b.Do("the 6x6 board", chromedp.WaitVisible(chromedp.CSS(`#board button[data-square="f6"]`)))
		b.idle(0)
		if n := eval[int](b, `document.querySelectorAll('#board button.sq').length`); n != 36 {
			t.Fatalf("Los Alamos board has %d squares; want 36", n)
		}
		b.wantLabel("d1", "d1, White King")
		b.move("b1", "c3", 1)
		b.move("c5", "c4", 2)
		if ml := b.moveList(); ml != "1. Nc3 c4" {
			t.Errorf("move list %q; want 1. Nc3 c4", ml)
		}
		b.Screenshot("4-inline-los-alamos")
		link := eval[string](b, `document.getElementById('game-link').getAttribute('href')`)
		q, err := url.ParseQuery(strings.TrimPrefix(link, "/?"))
		if err != nil || q.Get("definition") != losAlamos || q.Get("moves") != "b1c3,c5c4" {
			t.Fatalf("game link %q; want the definition and moves=b1c3,c5c4", link)
		}
		b.open(link, 2)
		b.wantLabel("c3", "c3, White Knight")
	})

	t.Run("phone", func(t *testing.T) {
		p := newBrowser(t, ts, 360, 740)
		// Chromium keeps a window at least 500 px wide: the viewport is
		// set to the phone's size too.
		p.Do("a phone's viewport", chromedp.EmulateViewport(360, 740))
		for _, v := range []struct {
			id    string
			files int
		}{{"chess", 8}, {"giant", 16}, {"terachess2", 16}} {
			p.open("/?variant="+v.id, 0)
			width := eval[float64](p, `window.innerWidth`)
			right := eval[float64](p, `document.getElementById('board').getBoundingClientRect().right`)
			left := eval[float64](p, `document.getElementById('board').getBoundingClientRect().left`)
			scroll := eval[float64](p, `document.documentElement.scrollWidth`)
			if width > 400 || left < 0 || right > width || scroll > width {
				t.Errorf("%s on a phone: window %.0f px wide, board from %.1f to %.1f, page %.0f px wide; want the board and the page within the window",
					v.id, width, left, right, scroll)
			}
			sqw := eval[float64](p, `document.querySelector('#board button.sq').getBoundingClientRect().width`)
			if sqw*float64(v.files) < 0.8*width {
				t.Errorf("%s on a phone: squares %.1f px wide; want the board to use the width", v.id, sqw)
			}
			p.checkCoordinates(v.id + " on a phone")
			if v.id == "chess" {
				p.move("e2", "e4", 1)
			}
			p.Screenshot("5-phone-" + v.id)
		}
	})
}
