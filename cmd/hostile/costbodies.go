package main

// The bodies of the cost measurement (cost.go): random legal games,
// definitions sized against rules.Estimate, imports and pictures.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/adjudicator/adjudicator/internal/fsf"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// The bodies.

// Counts of the bulk streams: about 8 s of work each on two cores.
const (
	bulkCompiles = 72
	bulkGames    = 24
	bulkPGNGames = 20
	costPlies    = 5000 // the default --max-moves
)

// Movements of the inline variant: the rider that fills the board is
// move-only, so that no position is check and a game never ends; the
// filler, on no square, takes the definition to the compile budget.
const (
	riderBetza  = "mQmNNmZZmCCmGGmHHmAAmDDmFXmWXmDXmNXmAXmZXmGXmCXmHX"
	fillerBetza = "QNNZZCCGGHHAADDpQgQFyafsFWyafsWafsWFafF"
)

// fillers is how many filler pieces the inline variant has: the most with
// which it stays within rules.CompileBudget.
var fillers = once(func() int {
	n := 0
	for n < 100 {
		d := inlineDefinition("probe", crowdedFEN(true), n+1)
		if _, err := rules.Estimate(&d); err != nil {
			break
		}
		n++
	}
	return n
})

// crowdedDefinition is the inline variant at the compile budget, starting
// at fen; id makes it distinct.
func crowdedDefinition(id, fen string) rules.Definition {
	return inlineDefinition(id, fen, fillers())
}

func inlineDefinition(id, fen string, fillers int) rules.Definition {
	d := rules.Definition{ID: id, Name: id, Files: 16, Ranks: 16, StartFEN: fen, Pieces: []rules.PieceDef{
		{Name: "King", Letter: "K", Betza: "K", Royal: true}, {Name: "Rider", Letter: "A", Betza: riderBetza}}}
	for i := 0; len(d.Pieces) < fillers+2; i++ {
		l := string(rune('B'+i%25)) + strings.Repeat("'", i/25)
		if l != "K" {
			d.Pieces = append(d.Pieces, rules.PieceDef{Name: "Filler", Letter: l, Betza: fillerBetza})
		}
	}
	return d
}

// crowdedFEN places Riders on every third square: White's on the whole
// board (whiteOnly, the most moves for White to list), or White's on
// ranks 1-7 and Black's on 10-16 (a game for both); the Kings in the
// corners a1 and p16.
func crowdedFEN(whiteOnly bool) string {
	rows := make([]string, 16)
	for r := 15; r >= 0; r-- {
		var b strings.Builder
		for f := range 16 {
			sq := r*16 + f
			switch {
			case sq == 0:
				b.WriteByte('K')
			case sq == 255:
				b.WriteByte('k')
			case sq%3 != 0:
				b.WriteByte('1')
			case whiteOnly && r < 15, !whiteOnly && r < 7:
				b.WriteByte('A')
			case !whiteOnly && r > 8:
				b.WriteByte('a')
			default:
				b.WriteByte('1')
			}
		}
		rows[15-r] = b.String()
	}
	return packFEN(strings.Join(rows, "/")) + " w - - 0 1"
}

// packFEN writes runs of 1s as their counts.
func packFEN(board string) string {
	var b strings.Builder
	run := 0
	for i := 0; i <= len(board); i++ {
		if i < len(board) && board[i] == '1' {
			run++
			continue
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
			run = 0
		}
		if i < len(board) {
			b.WriteByte(board[i])
		}
	}
	return b.String()
}

// inlineGameData is a game of the inline variant and the move after it.
type inlineGameData struct {
	def   rules.Definition
	moves []string
	next  string
}

// inlineGame plays 5,000 random moves of the inline variant from the two
// armies, each written as the piece's letter and the destination (Ab3):
// the only move of a Rider to that square, so that reading it makes the
// server list the moves of every Rider of the side.
var inlineGame = once(func() inlineGameData {
	d := crowdedDefinition("cost", crowdedFEN(false))
	v, err := rules.Compile(&d)
	if err != nil {
		panic(err)
	}
	g := rules.NewGame(v.Start())
	rng := rand.New(rand.NewPCG(1, 2))
	out := inlineGameData{def: d}
	for len(out.moves) <= costPlies {
		m, text := uniqueMove(v, g, rng)
		if err := g.Play(m); err != nil {
			panic(err)
		}
		out.moves = append(out.moves, text)
	}
	out.moves, out.next = out.moves[:costPlies], out.moves[costPlies]
	return out
})

// uniqueMove draws a legal move of g whose piece type no other legal move
// takes to the same square, as its letter and square.
func uniqueMove(v *rules.Variant, g *rules.Game, rng *rand.Rand) (rules.Move, string) {
	p, legal := g.Position(), g.LegalMoves()
	type target struct {
		t  rules.PieceType
		to rules.Square
	}
	count := map[target]int{}
	for _, m := range legal {
		count[target{p.PieceAt(m.From).Type(), m.To}]++
	}
	first := rng.IntN(len(legal))
	for i := range legal {
		m := legal[(first+i)%len(legal)]
		if t := p.PieceAt(m.From).Type(); count[target{t, m.To}] == 1 {
			return m, v.Letter(t) + m.To.String()
		}
	}
	m := legal[first]
	return m, p.UCI(m)
}

// inlineGameBody is a position request of the inline game, with extra
// fields (they replace the moves too).
func inlineGameBody(extra map[string]any) []byte {
	gd := inlineGame()
	body := map[string]any{"definition": gd.def, "moves": gd.moves}
	for k, v := range extra {
		body[k] = v
	}
	return mustJSON(body)
}

// marked writes each move with mark instead of its own check mark.
func marked(moves []string, mark string) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = strings.TrimRight(m, "+#") + mark
	}
	return out
}

var (
	builtinMu    sync.Mutex
	builtinCache = map[string][]string{}
)

// builtinGame is a random legal game of 5,000 moves of the built-in
// variant that keeps the board full: no capture while another move is
// possible, Pawns moved only as the move-count rule comes near, no move
// that ends the game. SAN, without marks.
func builtinGame(id string) []string {
	builtinMu.Lock()
	defer builtinMu.Unlock()
	if moves, ok := builtinCache[id]; ok {
		return moves
	}
	v, err := rules.Builtin(id)
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(1, 7))
	g := rules.NewGame(v.Start())
	var moves []string
	for len(moves) < costPlies {
		p := g.Position()
		legal := slices.Clone(g.LegalMoves())
		late := p.Halfmoves() >= 120
		rank := func(m rules.Move) int {
			pawn := v.PieceName(p.PieceAt(m.From).Type()) == "Pawn"
			switch {
			case len(p.Captures(m)) > 0:
				return 2
			case pawn != late:
				return 1
			}
			return 0
		}
		order := rng.Perm(len(legal))
		slices.SortStableFunc(order, func(a, b int) int { return rank(legal[a]) - rank(legal[b]) })
		played := false
		for _, i := range order {
			c := g.Clone()
			if err := c.Play(legal[i]); err != nil {
				panic(err)
			}
			if c.Status().Outcome == rules.Ongoing {
				moves, g, played = append(moves, p.SAN(legal[i])), c, true
				break
			}
		}
		if !played {
			panic(fmt.Sprintf("%s: no move keeps the game on after %d", id, len(moves)))
		}
	}
	builtinCache[id] = moves
	return moves
}

// builtinGameBody is an adjudication of builtinGame(id), each move marked
// # (a false mark: the server tries every move that may check, and
// answers an annotation for each), starting at fullmove n.
func builtinGameBody(id string, n int, pgnOut bool) []byte {
	body := map[string]any{"variant": id, "moves": marked(builtinGame(id), "#")}
	if n > 1 {
		body["fen"] = startAt(id, n)
	}
	if pgnOut {
		body["pgnOut"] = true
	}
	return mustJSON(body)
}

// startAt is the variant's start with fullmove number n: the same game,
// under other cache keys.
func startAt(id string, n int) string {
	v, err := rules.Builtin(id)
	if err != nil {
		panic(err)
	}
	f := strings.Fields(v.StartFEN())
	f[5] = strconv.Itoa(n)
	return strings.Join(f, " ")
}

// pgnGame is builtinGame(id) as a PGN game from fullmove n, marked #.
func pgnGame(id string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Variant %q]\n", id)
	if n > 1 {
		fmt.Fprintf(&b, "[SetUp \"1\"]\n[FEN %q]\n", startAt(id, n))
	}
	b.WriteString("\n")
	col := 0
	for i, m := range builtinGame(id) {
		tok := strings.TrimRight(m, "+#") + "#"
		if i%2 == 0 {
			tok = strconv.Itoa(i/2+1) + ". " + tok
		}
		if col+len(tok) > 79 {
			b.WriteString("\n")
			col = 0
		} else if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(tok)
		col += len(tok)
	}
	b.WriteString(" *\n\n")
	return b.String()
}

func bulkCompileBody() []byte {
	var b bytes.Buffer
	for i := range bulkCompiles {
		b.Write(mustJSON(map[string]any{"definition": crowdedDefinition(fmt.Sprintf("cost-%d", i), crowdedFEN(true)), "moves": []string{}}))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func bulkGameBody() []byte {
	var b bytes.Buffer
	for i := range bulkGames {
		b.Write(builtinGameBody("giant-quick", i+2, true))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func bulkPGNBody() []byte {
	var b strings.Builder
	for i := range bulkPGNGames {
		b.WriteString(pgnGame("giant-quick", i+2))
	}
	return []byte(b.String())
}

// importParent is a Fairy-Stockfish section of a 16x16 board with
// customs custom pieces of movement betza, each on the board (a piece on
// no square and in no promotion is left out).
func importParent(customs int, betza string) string {
	var b strings.Builder
	b.WriteString("[heavy:chess]\nmaxRank = 16\nmaxFile = 16\ncastling = false\n")
	army := "K"
	for i := range customs {
		fmt.Fprintf(&b, "customPiece%d = %c:%s\n", i+1, customLetters[i], betza)
		army += strings.ToUpper(customLetters[i : i+1])
	}
	army += strings.Repeat("1", 32-len(army))
	b.WriteString("startFen = k15/" + strings.Repeat("16/", 13) + packFEN(army[16:]) + "/" + packFEN(army[:16]) + " w - - 0 1\n")
	return b.String()
}

// importBetza is the Rider's movement without the extended leapers, which
// Fairy-Stockfish does not write so.
const importBetza = "mQmNNmZZmCCmGGmHHmAAmDD"

// customLetters are the letters chess's pieces leave free.
const customLetters = "acdefghijlmostuvwxyz"

// importCustoms is the most custom pieces with which importParent imports.
var importCustoms = once(func() int {
	for n := len(customLetters); n > 0; n-- {
		secs, err := fsf.Import(context.Background(), []byte(importParent(n, importBetza)))
		if err == nil && len(secs) == 1 && secs[0].Definition != nil {
			return n
		}
	}
	panic("no heavy parent imports")
})

// importBody is a parent of custom pieces of movement betza (as many as
// import at most) and as many one-line children of it as a text may have
// sections: each child is a full compile, and a full definition in the
// answer.
func importBody(betza string) []byte {
	n := len(customLetters)
	if betza == importBetza {
		n = importCustoms()
	}
	var b strings.Builder
	b.WriteString(importParent(n, betza))
	for i := 1; i < fsf.MaxSections; i++ {
		fmt.Fprintf(&b, "[c%d:heavy]\n", i)
	}
	return mustJSON(map[string]string{"ini": b.String()})
}

// crowdedNameFEN stands a piece on every square of 16x16 but the Kings'.
var crowdedNameFEN = "k" + strings.Repeat("A", 15) + strings.Repeat("/"+strings.Repeat("A", 16), 14) + "/K" + strings.Repeat("A", 15) + " w - - 0 1"

// nameDefinition is a 16x16 variant of a King and one move-only piece
// whose name is every byte an & (a picture escapes it as &amp; wherever it
// names the piece), as long as a name may be (rules.MaxNameBytes: before
// names were bounded, a 1 MiB name made a 1.27 GB picture).
func nameDefinition() []byte {
	d := map[string]any{"id": "names", "name": "names", "files": 16, "ranks": 16,
		"startFEN": "k15/" + strings.Repeat("16/", 14) + "K15 w - - 0 1", "rules": map[string]any{},
		"pieces": []map[string]any{{"name": "King", "letter": "K", "betza": "K", "royal": true},
			{"name": strings.Repeat("&", rules.MaxNameBytes), "letter": "A", "betza": "mW"}}}
	return mustJSON(d)
}

func boardBody(fen string) []byte {
	return mustJSON(map[string]any{"definition": json.RawMessage(nameDefinition()), "fen": fen, "size": 2048})
}

// prepareHashed sends the 128 KiB nameDefinition once with its own start
// (the Kings alone), and returns the GET that names it by its hash with
// every square taken.
func prepareHashed(h *costHarness, _ string) (string, error) {
	body := mustJSON(map[string]any{"definition": json.RawMessage(nameDefinition())})
	resp, err := h.client.Post(h.base+"/v1/board.svg", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	hash := resp.Header.Get("Definition-Hash")
	if resp.StatusCode != http.StatusOK || hash == "" {
		return "", fmt.Errorf("preparing board-get-hash: %s, Definition-Hash %q", resp.Status, hash)
	}
	return "/v1/board.svg?" + url.Values{"definitionHash": {hash}, "fen": {crowdedNameFEN}, "size": {"2048"}}.Encode(), nil
}

// builtinBoardQuery is terachess2 with Pawns on the eight middle ranks
// (every square taken), every square marked, 64 arrows.
func builtinBoardQuery() string {
	v, err := rules.Builtin("terachess2")
	if err != nil {
		panic(err)
	}
	rows := strings.Split(strings.Fields(v.StartFEN())[0], "/")
	full := strings.Join(rows[:4], "/") + strings.Repeat("/"+strings.Repeat("p", 16), 4) + strings.Repeat("/"+strings.Repeat("P", 16), 4) + "/" + strings.Join(rows[12:], "/")
	var marks, arrows []string
	for r := 1; r <= 16; r++ {
		for f := 'a'; f <= 'p'; f++ {
			marks = append(marks, fmt.Sprintf("%c%d", f, r))
		}
	}
	for i := range 64 {
		arrows = append(arrows, fmt.Sprintf("%c1%c16", 'a'+i%16, 'p'-i%16))
	}
	q := url.Values{"variant": {"terachess2"}, "fen": {full + " w - - 0 1"}, "size": {"2048"}, "lastMove": {"a1p16"},
		"marks": {strings.Join(marks, ",")}, "arrows": {strings.Join(arrows, ",")}}
	return "/v1/board.svg?" + q.Encode()
}

// jsonBody is a status request whose moves are as many numbers as fit in
// 1 MiB: the JSON pass builds a value of each before the contract check
// refuses the first.
func jsonBody() []byte {
	head, tail := `{"variant":"chess","moves":[0`, "]}"
	n := (1<<20 - len(head) - len(tail)) / 2
	return []byte(head + strings.Repeat(",0", n) + tail)
}
