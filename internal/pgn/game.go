// Package pgn reads and writes games in Portable Game Notation.
//
// It deals in text only: a Game holds the tags, the mainline move tokens
// exactly as the record spells them (SAN or coordinate form, with the
// annotation suffixes ! and ? removed), the result token, and the game
// tree around the mainline: comments ({...}, and ; to the end of the
// line), NAGs ($12, and the suffixes as their NAGs) and recursive
// variations, nested (see Notes; tree.go has the rules that place them).
// It checks the form of every move token (piece letters A-Z with up to
// three apostrophes, files a-p, ranks 1-16), in variations too, but not
// whether a move is legal: that is the engine's work.
//
// Move numbers (12. and 12...), % escape lines and an "e.p." or "ep"
// after a move (exd6 e.p., exd6ep: the suffix is dropped, the move's text
// is exd6) are read and skipped. Drops, gating and other notation of
// Fairy-Stockfish that the engine does not play are refused with the
// position of the token.
//
// A Reader yields the games of a multi-game stream one at a time with
// bounded memory, split as the standard splits them (a game may have no
// tags; its termination marker ends it); Parse reads exactly one game from
// a string; Write and Writer produce the standard export form. Tag values
// hold printing characters only: both refuse control characters.
package pgn

import (
	"strconv"
	"strings"
)

// Pos is a place in the input.
type Pos struct {
	Line   int // from 1
	Column int // from 1, counted in characters (UTF-8 code points)
	Offset int // bytes from the start of the input, from 0
}

// Tag is one tag pair, [Name "Value"].
type Tag struct {
	Name  string
	Value string
}

// Move is one move token of the mainline or of a variation: its text as
// the record writes it, without annotation suffixes (! and ?) but with +
// or #, and where it stands in the input. Its Notes are in the Notes of
// its Game or Variation, beside the moves, so that a record without a
// tree costs what it did before there was one.
type Move struct {
	Text string
	Pos
}

// The game termination markers.
const (
	WhiteWins = "1-0"
	BlackWins = "0-1"
	Draw      = "1/2-1/2"
	Unknown   = "*" // the game goes on, or its result is not known
)

// IsResult says whether s is one of the four game termination markers.
func IsResult(s string) bool {
	switch s {
	case WhiteWins, BlackWins, Draw, Unknown:
		return true
	}
	return false
}

// Game is one game record.
type Game struct {
	// Tags are the tag pairs in the order of the input. Names are case
	// sensitive and unique within a game.
	Tags []Tag
	// Moves are the mainline moves; the moves of variations are in the
	// Notes.
	Moves []Move
	// Notes are the mainline moves' comments, NAGs and variations:
	// Notes[i] is Moves[i]'s, nil when it has none. The slice is nil when
	// no move has notes, and may be shorter than Moves (the moves past its
	// end have none); MoveNotes reads it.
	Notes []*Notes
	// Comments is the game comment: the comments before the first move
	// (after the tags), or all of a game's comments when it has no move.
	Comments []string
	// End are the comments after the last move's variations, before the
	// result.
	End []string
	// Result is the termination marker that ends the movetext ("1-0",
	// "0-1", "1/2-1/2" or "*"), or "" when the movetext has none.
	Result string
	// ResultPos is where the termination marker stands (zero when none).
	ResultPos Pos
	// Number is the game's place in its stream, from 1.
	Number int
	// Pos is where the game's first token stands.
	Pos Pos
}

// Tag returns the value of the tag with this name and whether there is one.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets the tag's value, adding the tag at the end when the game has
// none of that name.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// MoveTexts returns the texts of the mainline moves.
func (g *Game) MoveTexts() []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = m.Text
	}
	return out
}

// FirstMove returns the number of the game's first move and whether Black
// makes it, as the FEN tag says: its second field (w or b) and its sixth
// (the fullmove number). Without a FEN tag, or where the tag lacks a field
// or holds something else there, the game starts with White's move 1; the
// engine, not this package, judges whether the FEN is valid.
func (g *Game) FirstMove() (number int, black bool) {
	number = 1
	fen, ok := g.Tag("FEN")
	if !ok {
		return number, false
	}
	fields := strings.Fields(fen)
	if len(fields) > 1 {
		black = fields[1] == "b" || fields[1] == "B"
	}
	if len(fields) > 5 {
		if n, err := strconv.Atoi(fields[5]); err == nil && n >= 1 && n <= maxMoveNumber {
			number = n
		}
	}
	return number, black
}

// maxMoveNumber bounds the move numbers Write accepts and FirstMove reads
// from a FEN tag.
const maxMoveNumber = 1 << 30
