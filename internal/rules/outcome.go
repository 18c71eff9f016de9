package rules

// Outcome says whether a game goes on or how it ended.
type Outcome uint8

// The outcomes. The zero value is unset.
const (
	Ongoing              Outcome = iota + 1
	Checkmate                    // the side to move is checkmated and loses
	Stalemate                    // the side to move has no legal move and is not in check: a draw
	FivefoldRepetition           // the same position for the fifth time: a draw
	SeventyFiveMoves             // the move-end rule (75 moves in chess): a draw
	InsufficientMaterial         // neither side can mate (FIDE dead position by material): a draw
	StalemateLoss                // the side to move has no legal move and is not in check, and the variant makes that a loss
	BareKing                     // a side is left with its King alone and loses (RULES R41)
	FlagReached                  // a side's flag piece stands on one of its flag squares, and that side wins (flag.go)
	ChecksGiven                  // a side has given the variant's number of checks and wins (checks.go)
	RaceWon                      // a side reached its flag and the answer did not draw: that side wins (flag.go)
	RaceDrawn                    // both sides reached their flags, Black with its answer to White or with a safe flag: a draw (flag.go)
	Extinction                   // a side has lost the pieces the extinction rule names, and has lost or won (extinction.go)
	StalemateWin                 // the side to move has no legal move and is not in check, and the variant makes that a win (antichess)
	CheckmateWin                 // the side to move is checkmated, and the variant makes that a win (losers)
	Explosion                    // a side's royal piece was blown up by a capture, and that side has lost (blast.go)
)

var outcomeNames = [...]string{"", "ongoing", "checkmate", "stalemate", "fivefold-repetition", "seventy-five-moves", "insufficient-material", "stalemate-loss", "bare-king", "king-of-the-hill", "three-checks", "race-won", "race-drawn", "extinction", "stalemate-win", "checkmate-win", "explosion"}

// String returns the outcome's stable name, used by the API.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) && o != 0 {
		return outcomeNames[o]
	}
	return "unset"
}

// Claim is a draw a player may claim but that does not end the game by itself.
type Claim uint8

// The claimable draws. The zero value is unset.
const (
	ThreefoldRepetition Claim = iota + 1 // the position has occurred for the third time
	FiftyMoves                           // the move-claim rule (50 moves in chess)
)

// String returns the claim's stable name, used by the API.
func (c Claim) String() string {
	switch c {
	case ThreefoldRepetition:
		return "threefold-repetition"
	case FiftyMoves:
		return "fifty-moves"
	}
	return "unset"
}

// Status describes a position within its game: check, the outcome and
// the claimable draws.
type Status struct {
	Turn        Color
	InCheck     bool
	Checkers    []Square
	Outcome     Outcome
	Winner      Color // the winner when the outcome is decisive (Decisive)
	Claimable   []Claim
	Repetitions int // how often the current position has occurred, counting now
	LegalMoves  int
}

// Decisive says whether the outcome has a winner, Status.Winner:
// checkmate, a stalemate that loses, a bare King, a flag reached, the
// check limit, a race won, extinction, a stalemate that wins.
func (o Outcome) Decisive() bool {
	return o == Checkmate || o == StalemateLoss || o == BareKing || o == FlagReached || o == ChecksGiven || o == RaceWon ||
		o == Extinction || o == StalemateWin || o == CheckmateWin || o == Explosion
}

// Result returns the PGN-style result: 1-0, 0-1, 1/2-1/2, or * while ongoing.
func (s Status) Result() string {
	switch {
	case s.Outcome == Ongoing:
		return "*"
	case s.Outcome.Decisive():
		if s.Winner == White {
			return "1-0"
		}
		return "0-1"
	}
	return "1/2-1/2"
}

// Status returns the status of p on its own, as if it had no history: no
// repetition is counted. Use a Game for repetitions.
func (p *Position) Status() Status {
	return p.status(1)
}

// StatusWith is Status for a caller that already has p's legal moves.
func (p *Position) StatusWith(legal []Move) Status {
	return p.statusOf(len(legal), 1)
}

// status computes the status given how often p has occurred so far.
func (p *Position) status(repetitions int) Status {
	var buf [256]Move
	return p.statusOf(len(p.legalMoves(buf[:0])), repetitions)
}

// statusOf computes the status from the number of legal moves n.
func (p *Position) statusOf(n, repetitions int) Status {
	s := Status{Turn: p.side, InCheck: p.InCheck(), Outcome: Ongoing, Repetitions: repetitions, LegalMoves: n}
	if s.InCheck {
		s.Checkers = p.Checkers()
	}
	s.Outcome, s.Winner = p.judgeEnds(&judging{legal: n, inCheck: s.InCheck, repetitions: repetitions})
	if d := p.v.draws; s.Outcome == Ongoing {
		if d.RepetitionClaim > 0 && repetitions >= d.RepetitionClaim {
			s.Claimable = append(s.Claimable, ThreefoldRepetition)
		}
		if d.MoveClaim > 0 && p.halfmove >= 2*d.MoveClaim {
			s.Claimable = append(s.Claimable, FiftyMoves)
		}
	}
	return s
}

// deadByMaterial applies FIDE's material test for a dead position: no
// Pawn, Rook or Queen, and at most one minor piece, or only Bishops all on
// squares of one colour. It needs the chess letters P R Q N B.
func (p *Position) deadByMaterial() bool {
	for t := PieceType(1); int(t) <= len(p.v.types); t++ {
		if t == p.v.royal || p.count[White][t]+p.count[Black][t] == 0 {
			continue
		}
		if l := p.v.Letter(t); l != "N" && l != "B" {
			return false // the counts say at once what the board would
		}
	}
	minors, knights := 0, 0
	colours := [2]bool{}
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := p.board[sq]
		if pc == 0 || pc.Type() == p.v.royal {
			continue
		}
		switch p.v.Letter(pc.Type()) {
		case "N":
			knights++
			minors++
		case "B":
			colours[(sq.File()+sq.Rank())&1] = true
			minors++
		default:
			return false
		}
	}
	return minors <= 1 || knights == 0 && !(colours[0] && colours[1])
}

// RepetitionKey identifies a position for the repetition rules (RULES R4):
// the same pieces on the same squares, the same side to move, the same
// castling and jump rights, and an en-passant right only where an
// en-passant capture is actually legal.
func (p *Position) RepetitionKey() uint64 {
	if p.ep != NoSquare && p.hasLegalEnPassant() {
		return p.hash ^ p.epHash() ^ p.memoryKey()
	}
	return p.hash ^ p.memoryKey()
}

// Hash returns the position's Zobrist hash: board, side and rights, and the
// en-passant square whenever one is set.
func (p *Position) Hash() uint64 {
	if p.ep != NoSquare {
		return p.hash ^ p.epHash() ^ p.memoryKey()
	}
	return p.hash ^ p.memoryKey()
}

func (p *Position) hasLegalEnPassant() bool {
	var buf [256]Move
	for _, m := range p.legalMoves(buf[:0]) {
		if m.Kind == MoveEnPassant {
			return true
		}
	}
	return false
}
