package fsf

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// translate writes a section's state as a definition of the format, or
// says, key by key, what keeps it from being one.
func translate(id, name string, s *state) (*rules.Definition, []Problem) {
	t := &translation{s: s, problems: slices.Clone(s.problems)}
	for _, key := range slices.Sorted(maps.Keys(s.other)) {
		t.other(s.other[key])
	}
	if s.files < 2 || s.ranks < 1 {
		t.fail("maxFile", CodeInvalidValue, "the board is %dx%d; the format needs at least 2x2", s.files, s.ranks)
	}
	d := &rules.Definition{ID: id, Name: name, Files: s.files, Ranks: s.ranks,
		Description: fmt.Sprintf("Imported from the Fairy-Stockfish variant configuration [%s].", name)}
	t.pieces(d)
	t.startFEN(d)
	t.promotion(d)
	t.enPassant(d)
	t.castling(d)
	t.flag(d)
	t.checks(d)
	t.extinction(d)
	t.blast(d)
	if s.checkmate == "win" {
		d.Rules.Checkmate = "win"
	}
	d.Rules.Draws = rules.DrawsDef{RepetitionClaim: s.nFoldRule, MoveClaim: s.nMoveRule}
	if s.stalemate != "draw" {
		d.Rules.Stalemate = s.stalemate
	}
	if s.mustCapture {
		d.Rules.Captures = "compulsory"
	}
	if len(t.problems) > 0 {
		return nil, t.problems
	}
	return d, nil
}

type translation struct {
	s        *state
	problems []Problem
	// kinds lists the piece kinds of the variant in the definition's order;
	// letter maps a kind to its letter in the definition.
	kinds  []int
	letter map[int]string
	moves  map[int]betzaResult
	// royal is the kind written royal, or noRoyal (royal.go).
	royal int
}

func (t *translation) fail(key string, code, format string, args ...any) {
	e, ok := t.s.at[key]
	if !ok {
		e = entry{key: key}
	}
	p := problemAt(e, code, fmt.Sprintf(format, args...))
	if !slices.Contains(t.problems, p) {
		t.problems = append(t.problems, p)
	}
}

// other checks a key that has no equivalent: its value must leave the rule
// off.
func (t *translation) other(e entry) {
	def, ok := keyDefaults[e.key]
	switch {
	case mobilityRegionKeys[e.key]:
		if strings.TrimSpace(e.value) == "" {
			return
		}
	case !ok:
		return // refines a rule that is off unless another key turns it on
	case sameValue(e.value, def):
		return
	}
	t.problems = append(t.problems, problemAt(e, CodeUnsupported, fmt.Sprintf("%s = %s: %s", e.key, clip(e.value), whyNot(e.key))))
}

func sameValue(v, def string) bool {
	v = strings.TrimSpace(v)
	if def == "" {
		return v == "" || v == "-"
	}
	return v == def
}

// whyNot says which of the format's gaps a key falls into.
func whyNot(key string) string {
	switch {
	case strings.Contains(key, "Drop") || strings.Contains(key, "drop") || key == "pieceDrops" ||
		key == "capturesToHand" || key == "twoBoards" || key == "mustDrop":
		return "the format has no drops or hands"
	case strings.Contains(key, "ating") || strings.Contains(key, "alling") || key == "wallOrMove" || key == "cambodianMoves":
		return "the format has no gating or walls placed during the game"
	case mobilityRegionKeys[key]:
		return "the format has no regions a piece may not leave"
	case strings.Contains(key, "romot") || key == "pieceDemotion":
		return "the format promotes only the pieces that reach a promotion rank, to a type in their list"
	case strings.HasPrefix(key, "pass") || key == "makpongRule" ||
		key == "flyingGeneral" || key == "soldierPromotionRank" || strings.Contains(strings.ToLower(key), "blast") ||
		strings.Contains(key, "mmune") || strings.Contains(key, "etrif") || key == "diagonalLines" ||
		key == "oppositeCastling" || key == "flipEnclosedPieces":
		return "the format has no such rule of movement"
	}
	return "the format ends a game only by checkmate, stalemate as a draw or a loss, a bare King, a flag, a number of checks, and draws by repetition, the move rule or material"
}

// pieces writes the piece types, the King first as the built-ins do.
func (t *translation) pieces(d *rules.Definition) {
	s := t.s
	t.letter, t.moves = map[int]string{}, map[int]betzaResult{}
	for k := range s.letters {
		if t.reachable(k) {
			t.kinds = append(t.kinds, k)
		}
	}
	t.royal = t.royalKind()
	sort.Slice(t.kinds, func(i, j int) bool {
		a, b := t.kinds[i], t.kinds[j]
		if (a == t.royal) != (b == t.royal) {
			return a == t.royal
		}
		return a < b
	})
	for _, k := range t.kinds {
		t.letter[k] = strings.ToUpper(string(s.letters[k]))
	}
	for _, k := range t.kinds {
		pk := pieceKinds[k]
		src := pk.betza
		if b, ok := s.betza[k]; ok {
			src = b
		}
		res := translateBetza(src)
		for _, p := range res.problems {
			t.fail(pk.key, CodeUnsupportedBetza, "%s at offset %d of %q", p.detail, p.offset, clip(src))
		}
		if res.betza == "" && !res.doubleStep && len(res.problems) == 0 {
			t.fail(pk.key, CodeUnsupported, "the piece never moves; the format's pieces all move")
		}
		p := rules.PieceDef{Name: pk.name, Letter: t.letter[k], Betza: res.betza, Royal: k == t.royal}
		if s.nMoveTypes[0][k] != s.nMoveTypes[1][k] {
			t.fail("nMoveRuleTypes", CodeUnsupported, "the move rule counts the pieces of the two sides differently")
		}
		p.PawnClass = s.nMoveTypes[0][k]
		t.initial(k, &res, &p)
		t.moves[k] = res
		d.Pieces = append(d.Pieces, p)
	}
}

// reachable says whether a piece kind can ever stand on the board: it is
// in the start position, or a piece there promotes to it. A kind that
// cannot (a Pawn inherited by a variant without Pawns) is left out, so
// that its unused rules raise no problem.
func (t *translation) reachable(k int) bool {
	s := t.s
	board, _, _ := strings.Cut(strings.TrimSpace(s.startFEN), " ")
	board = strings.ToLower(board)
	if strings.IndexByte(board, s.letters[k]) >= 0 {
		return true
	}
	for c := range 2 {
		if !s.promoPieces[c][k] {
			continue
		}
		for p := range s.promoPawns[c] {
			if l, ok := s.letters[p]; ok && strings.IndexByte(board, l) >= 0 {
				return true
			}
		}
	}
	return false
}

// initial gives a piece its initial moves and double and triple steps:
// Fairy-Stockfish allows initial moves and double steps from its
// double-step region (none when doubleStep is false) and the Pawn's triple
// step from its triple-step region; each region is whole ranks and named
// squares, Black's White's mirrored. Initial moves need whole ranks.
func (t *translation) initial(k int, res *betzaResult, p *rules.PieceDef) {
	s := t.s
	step := res.doubleStep || k == kindPawn
	res.doubleStep = false
	if k == kindPawn {
		if ds, ok := t.regionOf(s.tsRegion, "tripleStepRegionWhite"); ok && ds != nil {
			p.TripleStep = ds
		}
	}
	if !res.initial && !step {
		return
	}
	var ds *rules.DoubleStepDef
	if s.doubleStep {
		var ok bool
		if ds, ok = t.regionOf(s.dsRegion, "doubleStepRegionWhite"); !ok {
			return
		}
	}
	if ds == nil {
		if res.initial || k != kindPawn && step {
			t.fail(pieceKinds[k].key, CodeUnsupported, "the piece has initial moves but no double-step region to make them from")
		}
		return
	}
	if res.initial {
		if len(ds.Squares) > 0 {
			t.fail("doubleStepRegionWhite", CodeUnsupported, "%s has initial moves other than a double step, which the format allows from whole ranks only", pieceKinds[k].key)
			return
		}
		p.InitialRanks = ds.Ranks
	}
	if step {
		p.DoubleStep = ds
		res.doubleStep = true
	}
}

// regionOf reads a pair of regions as the format's double steps read them:
// whole ranks counted from each side, and the other squares named as White
// sees them, Black's region White's mirrored across the middle rank. An
// empty region is nil.
func (t *translation) regionOf(region [2]sqset, key string) (*rules.DoubleStepDef, bool) {
	s := t.s
	if !t.mirrored(region, key) {
		return nil, false
	}
	ds := &rules.DoubleStepDef{}
	for r := range s.ranks {
		n := 0
		for f := range s.files {
			if region[0][[2]int{f, r}] {
				n++
			}
		}
		if n == s.files {
			ds.Ranks = append(ds.Ranks, r+1)
			continue
		}
		for f := range s.files {
			if region[0][[2]int{f, r}] {
				ds.Squares = append(ds.Squares, fmt.Sprintf("%c%d", 'a'+f, r+1))
			}
		}
	}
	if ds.Ranks == nil && ds.Squares == nil {
		return nil, true
	}
	return ds, true
}

// mirrored says whether Black's region is White's mirrored across the
// middle rank, or names the Black key that is not.
func (t *translation) mirrored(region [2]sqset, key string) bool {
	s := t.s
	for r := range s.ranks {
		for f := range s.files {
			if region[1][[2]int{f, r}] != region[0][[2]int{f, s.ranks - 1 - r}] {
				t.fail(strings.Replace(key, "White", "Black", 1), CodeUnsupported, "Black's region is not White's mirrored across the middle rank")
				return false
			}
		}
	}
	return true
}

// ranksOf reads a pair of regions as ranks counted from each side: they
// must be whole ranks of the board and mirror each other.
func (t *translation) ranksOf(region [2]sqset, key string) ([]int, bool) {
	ds, ok := t.regionOf(region, key)
	if !ok || ds == nil {
		return nil, ok
	}
	if len(ds.Squares) > 0 {
		t.fail(key, CodeUnsupported, "the region covers part of a rank (%s): the format's promotion zones are whole ranks", strings.Join(ds.Squares, " "))
		return nil, false
	}
	return ds.Ranks, true
}

// startFEN writes the start position: the board as it is, the castling
// rights only where castling is on, missing fields filled in.
func (t *translation) startFEN(d *rules.Definition) {
	s := t.s
	fields := strings.Fields(s.startFEN)
	if len(fields) == 0 {
		t.fail("startFen", CodeInvalidValue, "the start FEN is empty")
		return
	}
	board := fields[0]
	if i := strings.IndexAny(board, "[~+"); i >= 0 {
		t.fail("startFen", CodeUnsupported, "%q at offset %d of the start FEN: the format has no hands or promoted-piece marks", board[i], i)
		return
	}
	side, rights, ep := "w", "-", "-"
	rest := fields[1:]
	if len(rest) > 0 {
		side, rest = rest[0], rest[1:]
	}
	// Fairy-Stockfish lets the castling and en-passant fields go missing
	// (breakthrough's "w 0 1").
	read := 0
	if len(rest) > 0 && !isNumber(rest[0]) && !strings.Contains(rest[0], "+") {
		rights, rest, read = rest[0], rest[1:], read+1
	}
	if len(rest) > 0 && !isNumber(rest[0]) && !strings.Contains(rest[0], "+") {
		ep, rest, read = rest[0], rest[1:], read+1
	}
	counts := ""
	if len(rest) > 0 && strings.Contains(rest[0], "+") {
		counts, rest = rest[0], rest[1:]
		if read < 2 {
			t.fail("startFen", CodeUnsupported, "the check counts %q stand where Fairy-Stockfish reads the castling or en-passant field", clip(counts))
			return
		}
	}
	clocks := []string{"0", "1"}
	for i := 0; i < 2 && i < len(rest); i++ {
		clocks[i] = rest[i]
	}
	if !s.castling {
		rights = "-"
	}
	out := []string{board, side, rights, ep}
	if s.checkCounting {
		remaining, ok := t.checkCounts(counts, rest)
		if !ok {
			return
		}
		limit := max(remaining[0], remaining[1])
		d.Rules.CheckLimit = limit
		out = append(out, fmt.Sprintf("%d+%d", remaining[0], remaining[1]))
	} else if counts != "" {
		t.fail("startFen", CodeUnsupported, "the check counts %q in a variant without checkCounting, where Fairy-Stockfish reads them as the clocks", clip(counts))
		return
	}
	d.StartFEN = strings.Join(append(out, clocks[0], clocks[1]), " ")
}

// checkCounts reads the checks each side still needs at the start as
// Fairy-Stockfish reads them: one digit a side after the en-passant field
// ("3+3"), 1+1 (the next check wins) without it, and lichess's checks
// given after the move number ("+0+0"), three less them, over either. rest
// holds the fields after the counters.
func (t *translation) checkCounts(counts string, rest []string) ([2]int, bool) {
	remaining := [2]int{1, 1}
	digits := func(v string) ([2]int, bool) {
		if len(v) != 3 || v[1] != '+' || v[0] < '0' || v[0] > '9' || v[2] < '0' || v[2] > '9' {
			return [2]int{}, false
		}
		return [2]int{int(v[0] - '0'), int(v[2] - '0')}, true
	}
	if counts != "" {
		var ok bool
		if remaining, ok = digits(counts); !ok {
			t.fail("startFen", CodeUnsupported, "the check counts %q: Fairy-Stockfish reads one digit a side, as 3+3", clip(counts))
			return remaining, false
		}
	}
	if len(rest) > 2 && strings.HasPrefix(rest[2], "+") {
		given, ok := digits(rest[2][1:])
		if !ok {
			t.fail("startFen", CodeUnsupported, "the checks given %q: Fairy-Stockfish reads one digit a side, as +0+0", clip(rest[2]))
			return remaining, false
		}
		for c := range 2 {
			remaining[c] = max(3-given[c], 0)
		}
	}
	if remaining[0] == 0 || remaining[1] == 0 {
		t.fail("startFen", CodeUnsupported, "a side needs no more checks at the start (%d+%d): Fairy-Stockfish judges only the side that has just moved", remaining[0], remaining[1])
		return remaining, false
	}
	return remaining, true
}

// checks writes the rules of checks: checking = false makes giving check
// illegal; checkCounting (whose limit startFEN reads) cannot go with it.
func (t *translation) checks(d *rules.Definition) {
	s := t.s
	if s.checking {
		return
	}
	if s.checkCounting {
		t.fail("checkCounting", CodeUnsupported, "checkCounting = true with checking = false: no check can be given, and the format's check limit needs checks")
		return
	}
	d.Rules.GivingCheck = "illegal"
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// zoneOnBoard says whether either side's promotion region has a square on
// the board.
func (t *translation) zoneOnBoard() bool {
	for _, region := range t.s.promoRegion {
		for sq, in := range region {
			if in && sq[0] < t.s.files && sq[1] < t.s.ranks {
				return true
			}
		}
	}
	return false
}

// promotion writes the promotion zone and each promoting piece's list.
func (t *translation) promotion(d *rules.Definition) {
	s := t.s
	if !sameKinds(s.promoPawns[0], s.promoPawns[1]) {
		t.fail("promotionPawnTypes", CodeUnsupported, "the two sides promote different pieces")
		return
	}
	if !sameKinds(s.promoPieces[0], s.promoPieces[1]) {
		t.fail("promotionPieceTypes", CodeUnsupported, "the two sides promote to different pieces")
		return
	}
	var promoters, targets []int
	for _, k := range t.kinds {
		if s.promoPawns[0][k] {
			promoters = append(promoters, k)
		}
		if s.promoPieces[0][k] {
			targets = append(targets, k)
		}
	}
	if len(promoters) > 0 && len(targets) == 0 && s.mandatoryPawn && t.zoneOnBoard() {
		// Fairy-Stockfish generates no move of a promoting piece into
		// its zone then (movegen.cpp: the plain moves there are left
		// out, and there is no type to promote to).
		t.fail("promotionPieceTypes", CodeUnsupported, "no promotion type while promotion is compulsory: Fairy-Stockfish's %s may not enter the promotion zone, the format's would enter it unpromoted", pieceKinds[promoters[0]].key)
		return
	}
	if len(promoters) == 0 || len(targets) == 0 {
		return
	}
	p := &rules.PromotionDef{}
	if t.lastSquares(d.StartFEN) && s.mandatoryPawn {
		p.LastSquares = true
	} else {
		ranks, ok := t.ranksOf(s.promoRegion, "promotionRegionWhite")
		if !ok || len(ranks) == 0 {
			return
		}
		if s.mandatoryPawn {
			p.Ranks = ranks
		} else {
			// A piece that could never move again must promote there
			// (immobilityIllegal); elsewhere it may stay.
			for _, r := range ranks {
				if s.immobility && t.stuck(promoters, r) {
					p.Ranks = append(p.Ranks, r)
				} else {
					p.OptionalRanks = append(p.OptionalRanks, r)
				}
			}
		}
	}
	sort.Slice(targets, func(i, j int) bool { return targets[i] > targets[j] })
	var letters []string
	for _, k := range targets {
		if k == t.royal {
			t.fail("promotionPieceTypes", CodeUnsupported, "promotion to the King: the format has one King a side")
			return
		}
		letters = append(letters, t.letter[k])
	}
	for i, k := range t.kinds { // d.Pieces is in the order of t.kinds
		if s.promoPawns[0][k] {
			d.Pieces[i].PromotesTo = slices.Clone(letters)
		}
	}
	choice, ok := t.limits(d, targets)
	if !ok {
		return
	}
	p.Choice = choice
	d.Rules.Promotion = p
}

// lastSquares says whether the promotion regions are, for each side, the
// last square of every file that is part of the board (Troitzky Chess,
// whose board has holes): the format's promotion.lastSquares.
func (t *translation) lastSquares(fen string) bool {
	s := t.s
	board, _, _ := strings.Cut(fen, " ")
	holes := holesOf(board)
	if len(holes) == 0 {
		return false // whole ranks, which ranksOf reads
	}
	for c, region := range s.promoRegion {
		want := sqset{}
		for f := range s.files {
			for i := range s.ranks {
				r := s.ranks - 1 - i // from the far side, White's last rank first
				if c == 1 {
					r = i
				}
				if !holes[[2]int{f, r}] {
					want[[2]int{f, r}] = true
					break
				}
			}
		}
		on := sqset{} // a region of whole ranks reaches past the board
		for sq := range region {
			if sq[0] < s.files && sq[1] < s.ranks {
				on[sq] = true
			}
		}
		if !maps.Equal(on, want) {
			return false
		}
	}
	return true
}

// holesOf lists the squares a FEN's board writes * (not part of the
// board), file and rank from 0.
func holesOf(board string) sqset {
	out := sqset{}
	boardSquares(board, func(c byte, f, r int) {
		if c == '*' {
			out[[2]int{f, r}] = true
		}
	})
	return out
}

// boardSquares calls fn with each character of a FEN's board that stands
// on a square (a piece letter, or * for a hole), with its file and rank
// from 0.
func boardSquares(board string, fn func(c byte, file, rank int)) {
	rows := strings.Split(board, "/")
	for i, row := range rows {
		r, f := len(rows)-1-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '0' && c <= '9' {
				n := int(c - '0')
				for j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					j++
					n = n*10 + int(row[j]-'0')
				}
				f += n
				continue
			}
			fn(c, f, r)
			f++
		}
	}
}

// stuck says whether every promoting piece would have no move on rank r
// (counted from its side): all its moves go forward, and past the board.
func (t *translation) stuck(kinds []int, r int) bool {
	for _, k := range kinds {
		minFwd := 99
		for _, m := range movesOf(t.moves[k]) {
			if m.dr <= 0 {
				return false
			}
			minFwd = min(minFwd, m.dr)
		}
		if r+minFwd <= t.s.ranks {
			return false
		}
	}
	return true
}

// movesOf lists the vectors of a translated piece.
func movesOf(res betzaResult) []vec {
	var out []vec
	for _, m := range res.moves {
		out = append(out, m.v)
	}
	if res.doubleStep {
		out = append(out, vec{0, 2})
	}
	return out
}

// limits reads promotionLimit: it is the format's "captured" choice when
// every promotion type is limited to its count in the start army.
func (t *translation) limits(d *rules.Definition, targets []int) (string, bool) {
	s := t.s
	if len(s.promoLimit) == 0 {
		return "", true
	}
	board, _, _ := strings.Cut(d.StartFEN, " ")
	for _, k := range targets {
		want := strings.Count(board, t.letter[k])
		if got, ok := s.promoLimit[k]; !ok || got != want || strings.Count(board, strings.ToLower(t.letter[k])) != want {
			t.fail("promotionLimit", CodeUnsupported,
				"the format limits promotion only to the types a side has lost from its start army (%s: %d in the start, limit %d)",
				t.letter[k], want, got)
			return "", false
		}
	}
	return "captured", true
}

func sameKinds(a, b kset) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// whole says whether a region holds every square of the board.
func (t *translation) whole(region sqset) bool {
	for f := range t.s.files {
		for r := range t.s.ranks {
			if !region[[2]int{f, r}] {
				return false
			}
		}
	}
	return true
}

// flag writes Fairy-Stockfish's capture the flag as rules.flag: one piece
// type for both sides, or * (every piece, Fairy-Stockfish's default),
// flagPieceCount as count, flagPieceBlockedWin as blocked, flagPieceSafe
// as safe, and flagMove as the answer (rules.FlagDef.Answer, judged as
// Fairy-Stockfish judges it). A region outside the board is no region;
// with none on either side there is no flag.
func (t *translation) flag(d *rules.Definition) {
	s := t.s
	var squares [2][]string
	for c, region := range s.flagRegion {
		for r := range s.ranks {
			for f := range s.files {
				if region[[2]int{f, r}] {
					squares[c] = append(squares[c], fmt.Sprintf("%c%d", 'a'+f, r+1))
				}
			}
		}
	}
	if len(squares[0]) == 0 && len(squares[1]) == 0 {
		return
	}
	if s.flagPiece[0] != s.flagPiece[1] {
		t.fail("flagPieceBlack", CodeUnsupported, "the two sides' flag pieces differ: the format's flag names one piece type")
		return
	}
	ok := true
	for c, side := range []string{"White", "Black"} {
		switch {
		case len(squares[c]) == 0:
			t.fail("flagRegion"+side, CodeUnsupported, "%s has no flag squares on the board: the format's flag needs squares for each side", side)
			ok = false
		case s.flagCount > len(squares[c]) && ok:
			t.fail("flagPieceCount", CodeUnsupported, "flagPieceCount = %d with %d flag squares for %s: the format's count is at most the squares", s.flagCount, len(squares[c]), side)
			ok = false
		}
	}
	k := s.flagPiece[0]
	letter, present := "*", true
	if k != kindAny {
		letter, present = t.letter[k]
	}
	if !ok || !present {
		return // a piece that never stands on the board reaches no flag
	}
	if t.flagInStart(d.StartFEN, k, squares) {
		t.fail("startFen", CodeUnsupported, "the start position has reached the flag already: Fairy-Stockfish judges only the side that has just moved")
		return
	}
	f := &rules.FlagDef{Piece: letter, White: squares[0], Black: squares[1], Answer: s.flagMove,
		Blocked: s.flagBlockedWin, Safe: s.flagSafe}
	if s.flagCount > 1 {
		f.Count = s.flagCount
	}
	d.Rules.Flag = f
}

// flagInStart says whether a side of the start position has reached its
// flag: the count of its flag pieces (kind k, or every piece) on its
// squares, or with blockedWin one of them there and every square taken.
func (t *translation) flagInStart(fen string, k int, squares [2][]string) bool {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return false
	}
	var n, taken [2]int
	boardSquares(fields[0], func(c byte, f, r int) {
		if !isLetter(c) {
			return
		}
		sq := fmt.Sprintf("%c%d", 'a'+f, r+1)
		side := 1
		if c != lower(c) {
			side = 0
		}
		for sd := range 2 {
			if slices.Contains(squares[sd], sq) {
				taken[sd]++
			}
		}
		if (k == kindAny || lower(c) == t.s.letters[k]) && slices.Contains(squares[side], sq) {
			n[side]++
		}
	})
	for c := range 2 {
		if n[c] >= t.s.flagCount || t.s.flagBlockedWin && n[c] > 0 && taken[c] == len(squares[c]) {
			return true
		}
	}
	return false
}
