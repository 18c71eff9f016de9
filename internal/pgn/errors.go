package pgn

import "fmt"

// SyntaxError says where and why a text is not a game record that this
// package reads.
type SyntaxError struct {
	// Game is the number of the game in its stream, from 1.
	Game int
	// Line and Column (both from 1, the column counted in characters) and
	// Offset (in bytes, from 0) locate the fault in the whole input.
	Line   int
	Column int
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("pgn: game %d, line %d, column %d: %s", e.Game, e.Line, e.Column, e.Msg)
}

// Pos returns the position of the fault.
func (e *SyntaxError) Pos() Pos { return Pos{Line: e.Line, Column: e.Column, Offset: e.Offset} }

func syntaxError(game int, p Pos, format string, args ...any) *SyntaxError {
	return &SyntaxError{Game: game, Line: p.Line, Column: p.Column, Offset: p.Offset, Msg: fmt.Sprintf(format, args...)}
}
