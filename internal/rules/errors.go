package rules

import (
	"errors"
	"fmt"
)

// Code is a stable, machine-readable error kind that clients can switch on.
type Code string

// The error codes of the engine. They are part of the public contract: a
// code is never renamed or reused for another meaning.
const (
	ErrInvalidFEN      Code = "invalid-fen"      // the FEN text does not parse
	ErrIllegalPosition Code = "illegal-position" // the FEN parses but cannot be played from
	ErrInvalidMove     Code = "invalid-move"     // the move text does not parse
	ErrIllegalMove     Code = "illegal-move"     // the move parses but is not legal here
	ErrAmbiguousMove   Code = "ambiguous-move"   // the move text matches several legal moves
	ErrUnknownVariant  Code = "unknown-variant"  // no variant has that id
	ErrInvalidVariant  Code = "invalid-variant"  // a variant definition does not compile
	ErrInvalidBetza    Code = "invalid-betza"    // a movement string does not parse
	ErrLimitExceeded   Code = "limit-exceeded"   // a request exceeds a budget (depth, nodes, moves)
	ErrGameOver        Code = "game-over"        // a move was submitted after the game ended
	ErrInvalidArgument Code = "invalid-argument" // any other malformed argument
)

// Error is the one error type of the engine. Field names the part of the
// input at fault (a FEN field, a JSON path of a definition, "move"); Offset
// is the byte offset of the bad character within that field's text, or -1
// when no single character is to blame.
type Error struct {
	Code   Code
	Field  string
	Offset int
	Detail string
	// Reason refines ErrIllegalMove: "off-board", "no-piece", "wrong-side",
	// "unreachable", "in-check" (the King's jump out of check),
	// "king-in-check" (the move would leave the King in check),
	// "needs-promotion", "bad-promotion"; "gives-check" where no move may
	// give check (checks.go); "must-capture" where a side that can capture
	// must (extinction.go); "game-over" where an end rule has ended the
	// game in the position itself (the flag, the check limit); for castling the reasons of
	// castlereason.go ("no-castling-right", "castling-out-of-check",
	// "castling-blocked", "castling-through-attack"); and
	// "not-en-passant" for an e.p. suffix on another move (figurine.go).
	Reason string
	Err    error
}

func (e *Error) Error() string {
	s := string(e.Code)
	if e.Field != "" {
		s += " in " + e.Field
	}
	if e.Offset >= 0 {
		s += fmt.Sprintf(" at offset %d", e.Offset)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

func newError(code Code, field string, offset int, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Offset: offset, Detail: fmt.Sprintf(format, args...)}
}

// CodeOf returns the Code of err when it is (or wraps) an *Error, and "" otherwise.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
