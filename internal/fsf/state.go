package fsf

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
)

// state is a variant as Fairy-Stockfish holds it after reading a section on
// top of its parent: only what the translation needs, each field with the
// key (and line) that set it last, so that a problem can name it.
type state struct {
	files, ranks int
	chess960     bool
	letters      map[int]byte   // piece kind -> lower-case letter
	betza        map[int]string // custom pieces and a custom King
	startFEN     string

	promoRegion   [2]sqset
	promoPawns    [2]kset
	promoPieces   [2]kset
	promoLimit    map[int]int
	mandatoryPawn bool
	immobility    bool
	doubleStep    bool
	dsRegion      [2]sqset
	tsRegion      [2]sqset
	stalemate     string   // "draw", "loss" or "win" for the stalemated side
	epRegion      [2]sqset // nil: every square
	epTypes       [2]kset
	castling      bool
	ksFile, qsFile,
	castlingRank int
	kingPiece  [2]int
	rookPieces [2]kset
	nMoveTypes [2]kset
	nMoveRule  int
	nFoldRule  int

	// The capture-the-flag rule: flagPiece is a piece kind, or kindAny
	// (Fairy-Stockfish's * and its default, every piece).
	flagPiece      [2]int
	flagRegion     [2]sqset
	flagCount      int
	flagBlockedWin bool
	flagMove       bool
	flagSafe       bool

	// Checks: checkCounting wins by a number of checks, which the start
	// FEN's counters give; checking false makes giving check illegal.
	checkCounting bool
	checking      bool

	// Extinction: extinctionValue is "none", "loss", "win" or "draw";
	// extinctionKinds the piece kinds, extinctionAll Fairy-Stockfish's *
	// (ALL_PIECES) among them. mustCapture makes captures compulsory.
	extinctionValue       string
	extinctionKinds       kset
	extinctionAll         bool
	extinctionCount       int
	extinctionOppCount    int
	extinctionClaim       bool
	extinctionPseudoRoyal bool
	mustCapture           bool
	// checkmateValue: "loss" (the default) or "win" for the mated side.
	checkmate string

	// Explosions: blastOnCapture, and the kinds blastImmuneTypes and
	// mutuallyImmuneTypes name.
	blast        bool
	blastImmune  kset
	mutualImmune kset

	// at is the entry that set each field last, by the name of its key.
	at map[string]entry
	// other holds the effective keys that have no equivalent.
	other map[string]entry
	// problems found while reading values.
	problems []Problem
}

// sqset is a set of squares, file and rank from 0.
type sqset map[[2]int]bool

// kset is a set of piece kinds.
type kset map[int]bool

func newState() *state {
	return &state{
		files: 8, ranks: 8, letters: map[int]byte{}, betza: map[int]string{},
		startFEN:      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		promoRegion:   [2]sqset{rankSet(7, 16), rankSet(0, 16)},
		promoPawns:    [2]kset{{kindPawn: true}, {kindPawn: true}},
		promoPieces:   [2]kset{{}, {}},
		promoLimit:    map[int]int{},
		mandatoryPawn: true, doubleStep: true,
		dsRegion: [2]sqset{rankSet(1, 16), rankSet(6, 16)},
		epTypes:  [2]kset{{kindPawn: true}, {kindPawn: true}},
		castling: true, ksFile: 6, qsFile: 2,
		kingPiece:  [2]int{kindKing, kindKing},
		rookPieces: [2]kset{{kindRook: true}, {kindRook: true}},
		nMoveTypes: [2]kset{{kindPawn: true}, {kindPawn: true}},
		nMoveRule:  50, nFoldRule: 3,
		flagPiece: [2]int{kindAny, kindAny}, flagCount: 1, checking: true,
		stalemate: "draw", checkmate: "loss", extinctionValue: "none", extinctionKinds: kset{},
		at: map[string]entry{}, other: map[string]entry{},
	}
}

// clone copies s for a child section.
func (s *state) clone() *state {
	c := *s
	c.letters, c.betza, c.promoLimit = maps.Clone(s.letters), maps.Clone(s.betza), maps.Clone(s.promoLimit)
	c.at, c.other = maps.Clone(s.at), maps.Clone(s.other)
	c.extinctionKinds = maps.Clone(s.extinctionKinds)
	c.blastImmune, c.mutualImmune = maps.Clone(s.blastImmune), maps.Clone(s.mutualImmune)
	for i := range 2 {
		c.promoRegion[i], c.dsRegion[i], c.epRegion[i] = maps.Clone(s.promoRegion[i]), maps.Clone(s.dsRegion[i]), maps.Clone(s.epRegion[i])
		c.tsRegion[i], c.flagRegion[i] = maps.Clone(s.tsRegion[i]), maps.Clone(s.flagRegion[i])
		c.promoPawns[i], c.promoPieces[i] = maps.Clone(s.promoPawns[i]), maps.Clone(s.promoPieces[i])
		c.epTypes[i], c.rookPieces[i], c.nMoveTypes[i] = maps.Clone(s.epTypes[i]), maps.Clone(s.rookPieces[i]), maps.Clone(s.nMoveTypes[i])
	}
	c.problems = nil
	return &c
}

func rankSet(r, files int) sqset {
	s := sqset{}
	for f := range files {
		s[[2]int{f, r}] = true
	}
	return s
}

// addPiece gives kind k the letter c, removing any kind that had it, as
// Fairy-Stockfish's add_piece does.
func (s *state) addPiece(k int, c byte) {
	for other, l := range s.letters {
		if l == c && other != k {
			s.removePiece(other)
		}
	}
	s.letters[k] = c
}

func (s *state) removePiece(k int) {
	delete(s.letters, k)
	delete(s.promoPieces[0], k)
	delete(s.promoPieces[1], k)
}

// reader applies one section's keys, consuming them in Fairy-Stockfish's
// order; what is left unread afterwards is unknown.
type reader struct {
	s    *state
	keys map[string]entry
	read map[string]bool
}

func (r *reader) get(key string) (entry, bool) {
	r.read[key] = true
	e, ok := r.keys[key]
	return e, ok
}

func (r *reader) bad(e entry, format string, args ...any) {
	r.s.problems = append(r.s.problems, problemAt(e, CodeInvalidValue, fmt.Sprintf(format, args...)))
}

// apply reads the keys of one section into s.
func apply(s *state, keys []entry) []entry {
	r := &reader{s: s, keys: map[string]entry{}, read: map[string]bool{}}
	for _, e := range keys {
		r.keys[e.key] = e
	}
	r.intKey("maxRank", &s.ranks, parseRank)
	r.intKey("maxFile", &s.files, parseFile)
	r.pieces()
	if e, ok := r.get("promotionRank"); ok {
		if rk, err := parseRank(e.value); err != nil {
			r.bad(e, "%v", err)
		} else {
			s.promoRegion = [2]sqset{zone(rk-1, s.ranks, true), zone(s.ranks-rk, s.ranks, false)}
			s.at["promotionRegionWhite"], s.at["promotionRegionBlack"] = e, e
		}
	}
	r.doubleStepRanks()
	r.kinds("castlingRookPiece", &s.rookPieces[0], &s.rookPieces[1])
	// pawnTypes sets the promoting, en-passant and move-rule pieces at once.
	r.kinds("pawnTypes", &s.promoPawns[0], &s.promoPawns[1])
	r.kinds("pawnTypes", &s.epTypes[0], &s.epTypes[1])
	r.kinds("pawnTypes", &s.nMoveTypes[0], &s.nMoveTypes[1])
	for _, k := range []string{"variantTemplate", "pieceToCharTable", "pocketSize", "pieceValueMg", "pieceValueEg"} {
		r.get(k)
	}
	r.boolKey("chess960", &s.chess960)
	if e, ok := r.get("startFen"); ok {
		s.startFEN, s.at["startFen"] = e.value, e
	}
	r.region("promotionRegionWhite", &s.promoRegion[0])
	r.region("promotionRegionBlack", &s.promoRegion[1])
	r.kinds("promotionPawnTypes", &s.promoPawns[0], &s.promoPawns[1])
	r.kinds("promotionPawnTypesWhite", &s.promoPawns[0], nil)
	r.kinds("promotionPawnTypesBlack", nil, &s.promoPawns[1])
	r.kinds("promotionPieceTypes", &s.promoPieces[0], &s.promoPieces[1])
	r.kinds("promotionPieceTypesWhite", &s.promoPieces[0], nil)
	r.kinds("promotionPieceTypesBlack", nil, &s.promoPieces[1])
	r.promotionLimit()
	r.boolKey("mandatoryPawnPromotion", &s.mandatoryPawn)
	r.boolKey("immobilityIllegal", &s.immobility)
	r.boolKey("doubleStep", &s.doubleStep)
	r.region("doubleStepRegionWhite", &s.dsRegion[0])
	r.region("doubleStepRegionBlack", &s.dsRegion[1])
	r.region("tripleStepRegionWhite", &s.tsRegion[0])
	r.region("tripleStepRegionBlack", &s.tsRegion[1])
	r.stalemate()
	r.region("enPassantRegion", &s.epRegion[0])
	r.region("enPassantRegion", &s.epRegion[1])
	r.region("enPassantRegionWhite", &s.epRegion[0])
	r.region("enPassantRegionBlack", &s.epRegion[1])
	r.kinds("enPassantTypes", &s.epTypes[0], &s.epTypes[1])
	r.kinds("enPassantTypesWhite", &s.epTypes[0], nil)
	r.kinds("enPassantTypesBlack", nil, &s.epTypes[1])
	r.boolKey("castling", &s.castling)
	r.intKey("castlingKingsideFile", &s.ksFile, fileIndex)
	r.intKey("castlingQueensideFile", &s.qsFile, fileIndex)
	r.intKey("castlingRank", &s.castlingRank, rankIndex)
	r.get("castlingKingFile") // where the King starts: the start FEN says it
	r.kind("castlingKingPiece", &s.kingPiece[0], &s.kingPiece[1])
	r.kind("castlingKingPieceWhite", &s.kingPiece[0], nil)
	r.kind("castlingKingPieceBlack", nil, &s.kingPiece[1])
	r.get("castlingRookKingsideFile") // the rights of the start FEN find the Rooks
	r.get("castlingRookQueensideFile")
	r.kinds("castlingRookPieces", &s.rookPieces[0], &s.rookPieces[1])
	r.kinds("castlingRookPiecesWhite", &s.rookPieces[0], nil)
	r.kinds("castlingRookPiecesBlack", nil, &s.rookPieces[1])
	r.kinds("nMoveRuleTypes", &s.nMoveTypes[0], &s.nMoveTypes[1])
	r.kinds("nMoveRuleTypesWhite", &s.nMoveTypes[0], nil)
	r.kinds("nMoveRuleTypesBlack", nil, &s.nMoveTypes[1])
	r.intKey("nMoveRule", &s.nMoveRule, parseCount)
	r.intKey("nFoldRule", &s.nFoldRule, parseCount)
	// The flag; whiteFlag and blackFlag are the deprecated spellings of
	// the regions, which Fairy-Stockfish reads first.
	r.region("whiteFlag", &s.flagRegion[0])
	r.region("blackFlag", &s.flagRegion[1])
	r.flagPiece("flagPiece", &s.flagPiece[0], &s.flagPiece[1])
	r.flagPiece("flagPieceWhite", &s.flagPiece[0], nil)
	r.flagPiece("flagPieceBlack", nil, &s.flagPiece[1])
	r.region("flagRegion", &s.flagRegion[0])
	r.region("flagRegion", &s.flagRegion[1])
	r.region("flagRegionWhite", &s.flagRegion[0])
	r.region("flagRegionBlack", &s.flagRegion[1])
	r.intKey("flagPieceCount", &s.flagCount, parseCount)
	r.boolKey("flagPieceBlockedWin", &s.flagBlockedWin)
	r.boolKey("flagMove", &s.flagMove)
	r.boolKey("flagPieceSafe", &s.flagSafe)
	r.boolKey("checkCounting", &s.checkCounting)
	r.boolKey("checking", &s.checking)
	r.extinction()
	r.boolKey("mustCapture", &s.mustCapture)
	r.checkmate()
	r.boolKey("blastOnCapture", &s.blast)
	r.kinds("blastImmuneTypes", &s.blastImmune, nil)
	r.kinds("mutuallyImmuneTypes", &s.mutualImmune, nil)
	var unknown []entry
	for _, e := range keys {
		switch {
		case r.read[e.key]:
		case hasDefault(e.key) || whenDefault[e.key] || mobilityRegionKeys[e.key]:
			s.other[e.key] = e
		default:
			unknown = append(unknown, e)
		}
	}
	return unknown
}

func hasDefault(key string) bool { _, ok := keyDefaults[key]; return ok }

// stalemate reads stalemateValue: a draw, a loss or a win for the
// stalemated side, which the format says.
func (r *reader) stalemate() {
	e, ok := r.get("stalemateValue")
	if !ok {
		return
	}
	switch e.value {
	case "draw", "loss", "win":
		r.s.stalemate = e.value
		r.s.at["stalemateValue"] = e
		delete(r.s.other, "stalemateValue")
	default:
		r.s.other["stalemateValue"] = e
	}
}

// checkmate reads checkmateValue: a loss or a win for the mated side,
// which the format says; a draw it does not.
func (r *reader) checkmate() {
	e, ok := r.get("checkmateValue")
	if !ok {
		return
	}
	switch e.value {
	case "loss", "win":
		r.s.checkmate = e.value
		r.s.at["checkmateValue"] = e
		delete(r.s.other, "checkmateValue")
	default:
		r.s.other["checkmateValue"] = e
	}
}

// extinction reads the extinction keys in Fairy-Stockfish's order: the
// value (win, loss, draw or none), the claim and pseudo-royal switches, the
// piece types (letters and *, read up to the first that is neither, as
// Fairy-Stockfish reads a PieceSet) and the two counts.
func (r *reader) extinction() {
	if e, ok := r.get("extinctionValue"); ok {
		switch e.value {
		case "win", "loss", "draw", "none":
			r.s.extinctionValue, r.s.at["extinctionValue"] = e.value, e
		default:
			r.bad(e, "%q is not win, loss, draw or none", clip(e.value))
		}
	}
	r.boolKey("extinctionClaim", &r.s.extinctionClaim)
	r.boolKey("extinctionPseudoRoyal", &r.s.extinctionPseudoRoyal)
	if e, ok := r.get("extinctionPieceTypes"); ok {
		set, all := kset{}, false
		for i := 0; i < len(e.value); i++ {
			c := e.value[i]
			if c == ' ' || c == '\t' {
				continue
			}
			if c == '*' {
				all = true
				continue
			}
			k, found := r.kindOf(lower(c))
			if !found {
				if c != '-' {
					r.bad(e, "%q is not the letter of a piece of this variant", c)
					return
				}
				break
			}
			set[k] = true
		}
		r.s.extinctionKinds, r.s.extinctionAll, r.s.at["extinctionPieceTypes"] = set, all, e
	}
	r.intKey("extinctionPieceCount", &r.s.extinctionCount, parseCount)
	r.intKey("extinctionOpponentPieceCount", &r.s.extinctionOppCount, parseCount)
}

// pieces reads the piece keys: a letter, or letter:Betza for a custom piece
// or a King that moves otherwise; "-" removes the piece.
func (r *reader) pieces() {
	for k, pk := range pieceKinds {
		e, ok := r.get(pk.key)
		if !ok || e.value == "" {
			continue
		}
		c := e.value[0]
		if !isLetter(c) {
			if c != '-' {
				r.bad(e, "%q is not a piece letter", c)
			}
			r.s.removePiece(k)
			delete(r.s.betza, k)
			continue
		}
		r.s.addPiece(k, lower(c))
		r.s.at[pk.key] = e
		if isCustom(k) || k == kindKing {
			delete(r.s.betza, k)
			if len(e.value) > 1 {
				if e.value[1] != ':' {
					r.bad(e, "a piece is a letter, or a letter, a colon and its Betza")
					continue
				}
				r.s.betza[k] = strings.TrimSpace(e.value[2:])
				if isCustom(k) && strings.Contains(r.s.betza[k], "e") {
					// Fairy-Stockfish's e: the piece takes en passant.
					r.s.epTypes[0][k], r.s.epTypes[1][k] = true, true
				}
			} else if isCustom(k) {
				r.bad(e, "a custom piece needs its Betza after the letter (%c:...)", c)
			}
		} else if len(e.value) > 1 {
			r.bad(e, "only custom pieces and the King take a Betza string")
		}
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func (r *reader) boolKey(key string, dst *bool) {
	if e, ok := r.get(key); ok {
		switch e.value {
		case "true", "false":
			*dst = e.value == "true"
			r.s.at[key] = e
		default:
			r.bad(e, "%q is neither true nor false", clip(e.value))
		}
	}
}

func (r *reader) intKey(key string, dst *int, parse func(string) (int, error)) {
	if e, ok := r.get(key); ok {
		v, err := parse(e.value)
		if err != nil {
			r.bad(e, "%v", err)
			return
		}
		*dst = v
		r.s.at[key] = e
	}
}

func (r *reader) region(key string, dst *sqset) {
	if e, ok := r.get(key); ok {
		set, err := parseRegion(e.value)
		if err != nil {
			r.bad(e, "%v", err)
			return
		}
		*dst = set
		r.s.at[key] = e
	}
}

// kinds reads a set of piece letters into one or both colours' sets.
func (r *reader) kinds(key string, white, black *kset) {
	e, ok := r.get(key)
	if !ok {
		return
	}
	set, err := r.letterSet(e.value)
	if err != nil {
		r.bad(e, "%v", err)
		return
	}
	for _, dst := range []*kset{white, black} {
		if dst != nil {
			*dst = maps.Clone(set)
		}
	}
	r.s.at[key] = e
}

// kind reads one piece letter.
func (r *reader) kind(key string, white, black *int) {
	e, ok := r.get(key)
	if !ok {
		return
	}
	set, err := r.letterSet(e.value)
	if err != nil || len(set) != 1 {
		r.bad(e, "one piece letter is expected, not %q", clip(e.value))
		return
	}
	for k := range set {
		for _, dst := range []*int{white, black} {
			if dst != nil {
				*dst = k
			}
		}
	}
	r.s.at[key] = e
}

// flagPiece reads a flag piece as Fairy-Stockfish reads a PieceType: the
// last of its letters, * (or "-", or none) every piece.
func (r *reader) flagPiece(key string, white, black *int) {
	e, ok := r.get(key)
	if !ok {
		return
	}
	k := kindAny
loop:
	for i := 0; i < len(e.value); i++ {
		c := e.value[i]
		switch {
		case c == ' ' || c == '\t':
		case c == '*':
			k = kindAny
		case c == '-':
			break loop
		default:
			var found bool
			if k, found = r.kindOf(lower(c)); !found {
				r.bad(e, "%q is not the letter of a piece of this variant", c)
				return
			}
		}
	}
	for _, dst := range []*int{white, black} {
		if dst != nil {
			*dst = k
		}
	}
	r.s.at[key] = e
}

func (r *reader) letterSet(v string) (kset, error) {
	set := kset{}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == ' ' || c == '\t':
		case c == '-':
			return set, nil
		case c == '*':
			return nil, fmt.Errorf("* (every piece) is not read here")
		default:
			k, ok := r.kindOf(lower(c))
			if !ok {
				return nil, fmt.Errorf("%q is not the letter of a piece of this variant", c)
			}
			set[k] = true
		}
	}
	return set, nil
}

func (r *reader) kindOf(c byte) (int, bool) {
	for k, l := range r.s.letters {
		if l == c {
			return k, true
		}
	}
	return 0, false
}

// promotionLimit reads "q:1 r:2".
func (r *reader) promotionLimit() {
	e, ok := r.get("promotionLimit")
	if !ok {
		return
	}
	lim := map[int]int{}
	for _, f := range strings.Fields(e.value) {
		l, n, found := strings.Cut(f, ":")
		if !found || len(l) != 1 {
			r.bad(e, "%q is not letter:count", clip(f))
			return
		}
		k, ok := r.kindOf(lower(l[0]))
		c, err := strconv.Atoi(n)
		if !ok || err != nil || c < 0 {
			r.bad(e, "%q is not letter:count of a piece of this variant", clip(f))
			return
		}
		lim[k] = c
	}
	r.s.promoLimit, r.s.at["promotionLimit"] = lim, e
}

// doubleStepRanks reads the deprecated doubleStepRank and doubleStepRankMin.
func (r *reader) doubleStepRanks() {
	maxR, minR := 2, 2
	e1, ok1 := r.get("doubleStepRank")
	e2, ok2 := r.get("doubleStepRankMin")
	if !ok1 && !ok2 {
		return
	}
	var err error
	if ok1 {
		if maxR, err = parseRank(e1.value); err != nil {
			r.bad(e1, "%v", err)
			return
		}
	}
	if ok2 {
		if minR, err = parseRank(e2.value); err != nil {
			r.bad(e2, "%v", err)
			return
		}
	}
	for c, set := range []sqset{{}, {}} {
		for rk := minR; rk <= maxR; rk++ {
			abs := rk - 1
			if c == 1 {
				abs = r.s.ranks - rk
			}
			for f := range 16 {
				set[[2]int{f, abs}] = true
			}
		}
		r.s.dsRegion[c] = set
	}
	at := e1
	if !ok1 {
		at = e2
	}
	r.s.at["doubleStepRegionWhite"], r.s.at["doubleStepRegionBlack"] = at, at
}

// zone is the ranks from rank r (0-based) on to the end, forward for White
// (up) or for Black (down), in a board of ranks ranks.
func zone(r, ranks int, white bool) sqset {
	s := sqset{}
	for rk := range ranks {
		if white && rk >= r || !white && rk <= r {
			for f := range 16 {
				s[[2]int{f, rk}] = true
			}
		}
	}
	return s
}

func parseRank(v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || n > 16 {
		return 0, fmt.Errorf("%q is not a rank from 1 to 16", clip(v))
	}
	return n, nil
}

func rankIndex(v string) (int, error) { n, err := parseRank(v); return n - 1, err }

// parseFile reads a file as its count (a number, or a letter: j is 10).
func parseFile(v string) (int, error) { n, err := fileIndex(v); return n + 1, err }

// fileIndex reads a file as a number from 1 or a letter from a, 0-based.
func fileIndex(v string) (int, error) {
	v = strings.TrimSpace(v)
	if n, err := strconv.Atoi(v); err == nil {
		if n < 1 || n > 16 {
			return 0, fmt.Errorf("%q is not a file from 1 to 16", clip(v))
		}
		return n - 1, nil
	}
	if len(v) == 1 && v[0] >= 'a' && v[0] <= 'p' {
		return int(v[0] - 'a'), nil
	}
	return 0, fmt.Errorf("%q is not a file (a to p, or 1 to 16)", clip(v))
}

func parseCount(v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 || n > 10000 {
		return 0, fmt.Errorf("%q is not a count from 0 to 10000", clip(v))
	}
	return n, nil
}

// parseRegion reads Fairy-Stockfish's square lists: "*8" a rank, "a*" a
// file, "e4" a square, separated by spaces; "-" ends the list.
func parseRegion(v string) (sqset, error) {
	s := sqset{}
	for _, tok := range strings.Fields(v) {
		if tok == "-" {
			break
		}
		switch {
		case strings.HasPrefix(tok, "*"):
			r, err := parseRank(tok[1:])
			if err != nil {
				return nil, err
			}
			for f := range 16 {
				s[[2]int{f, r - 1}] = true
			}
		case len(tok) == 2 && tok[1] == '*':
			f, err := fileIndex(tok[:1])
			if err != nil {
				return nil, err
			}
			for r := range 16 {
				s[[2]int{f, r}] = true
			}
		case len(tok) >= 2 && tok[0] >= 'a' && tok[0] <= 'p':
			f, _ := fileIndex(tok[:1])
			r, err := parseRank(tok[1:])
			if err != nil {
				return nil, fmt.Errorf("%q is not a square", clip(tok))
			}
			s[[2]int{f, r - 1}] = true
		default:
			return nil, fmt.Errorf("%q is not a square, *rank or file*", clip(tok))
		}
	}
	return s, nil
}
