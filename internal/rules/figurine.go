package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Figurine SAN and the en passant suffix: two forms of a move that people
// type and other programs write, which ParseMove reads besides the piece
// letters (docs/RULES.md, "Move notation").
//
// A figurine (the Unicode chess symbols U+2654-U+265F, white and black
// forms alike, and the compound pieces U+1FA4E-U+1FA53) names a piece by
// what it is, not by a letter: ♘ is the variant's piece named Knight,
// whatever its letter, and a variant with no piece of that name has no
// piece ♘ can stand for (in wolf the N is a Nightrider, so ♘f3 is refused
// there rather than read as a Nightrider's move). The Pawn figurine before
// a file letter is a Pawn move (♙e4, ♙exd5), as the move without it. The
// knight-queen, knight-rook and knight-bishop figurines name the piece of
// the first of their usual names that the variant has (figurineNames).
//
// The suffix e.p. or ep after an en passant capture (exd6e.p., exd6ep,
// exd6 e.p.) is read and checked: on a move that is not en passant it is an
// illegal move with Reason "not-en-passant" and the offset of the suffix.
// Neither python-chess nor chessops reads the suffix at all; it is accepted
// here because printed records and people write it, and checked because a
// referee does not let a claim about the move pass unread.
//
// Hooks: moveParser.single, letter and promotion call figurine only for a
// byte of 0x80 or more, and sanEnd and coordinate look for the suffix only
// at an 'e', so that plain SAN and coordinate moves pay one comparison.

// figurineNames lists, for each figurine, the names of the piece it stands
// for, the usual one first.
var figurineNames = map[rune][]string{
	'♔': {"King"}, '♚': {"King"},
	'♕': {"Queen"}, '♛': {"Queen"},
	'♖': {"Rook"}, '♜': {"Rook"},
	'♗': {"Bishop"}, '♝': {"Bishop"},
	'♘': {"Knight"}, '♞': {"Knight"},
	'♙': {"Pawn"}, '♟': {"Pawn"},
	'\U0001FA4E': {"Amazon"}, '\U0001FA51': {"Amazon"}, // knight-queen
	'\U0001FA4F': {"Chancellor", "Marshall", "Empress"}, '\U0001FA52': {"Chancellor", "Marshall", "Empress"}, // knight-rook
	'\U0001FA50': {"Archbishop", "Cardinal", "Princess"}, '\U0001FA53': {"Archbishop", "Cardinal", "Princess"}, // knight-bishop
}

// figurineType returns the piece type of v that the figurine r stands
// for (see figurineNames), and false when r is no figurine or v has no
// piece of its names.
func (v *Variant) figurineType(r rune) (PieceType, bool) {
	for _, name := range figurineNames[r] {
		for i := range v.types {
			if strings.EqualFold(v.types[i].Name, name) {
				return PieceType(i + 1), true
			}
		}
	}
	return 0, false
}

// figurine reads the figurine at the cursor as a piece type.
func (mp *moveParser) figurine() (PieceType, error) {
	r, n := utf8.DecodeRuneInString(mp.text[mp.i:mp.end])
	names, ok := figurineNames[r]
	if !ok {
		return 0, mp.unexpected("a piece letter")
	}
	t, ok := mp.p.v.figurineType(r)
	if !ok {
		return 0, mp.errorf(mp.i, "%s has no %s, which the figurine %s stands for", mp.p.v.ID(), strings.Join(names, " or "), quoteAt(mp.text, mp.i))
	}
	mp.i += n
	return t, nil
}

// figurineMove reads a move that starts with a figurine: a Pawn move when
// it is the Pawn figurine before a file letter, else a piece move.
func (mp *moveParser) figurineMove() (Move, error) {
	r, n := utf8.DecodeRuneInString(mp.text[mp.i:mp.end])
	if names := figurineNames[r]; len(names) == 1 && names[0] == "Pawn" && isLower(mp.peek(n)) {
		if t, ok := mp.p.v.figurineType(r); !ok || mp.p.v.Letter(t) != "P" {
			return Move{}, mp.errorf(mp.i, "%s has no Pawn, which the figurine %s stands for", mp.p.v.ID(), quoteAt(mp.text, mp.i))
		}
		mp.i += n
		return mp.lowerMove()
	}
	return mp.pieceMove()
}

// enPassantSuffix reads e.p. or ep at the cursor when nothing but check
// and annotation marks (+, #, !, ?) follows it, and records where it
// stands; it says whether it did.
func (mp *moveParser) enPassantSuffix() bool {
	rest := mp.text[mp.i:mp.end]
	var n int
	switch {
	case strings.HasPrefix(rest, "e.p."):
		n = 4
	case strings.HasPrefix(rest, "ep"):
		n = 2
	default:
		return false
	}
	if strings.TrimLeft(rest[n:], "+#!?") != "" {
		return false
	}
	mp.epAt = mp.i
	mp.i += n
	return true
}

// spacedEnPassant cuts a final " e.p." or " ep" (after one or more spaces)
// off the text to read, and records where it stands.
func (mp *moveParser) spacedEnPassant() {
	body := mp.text[mp.i:mp.end]
	for _, suffix := range [...]string{"e.p.", "ep"} {
		rest, ok := strings.CutSuffix(body, suffix)
		if !ok || !strings.HasSuffix(rest, " ") {
			continue
		}
		if trimmed := strings.TrimRight(rest, " "); trimmed != "" {
			mp.epAt = mp.i + len(rest)
			mp.end = mp.i + len(trimmed)
		}
		return
	}
}

// onlyEnPassant passes on what the parse found, and when the text has an
// en passant suffix requires the move to be an en passant capture.
func (mp *moveParser) onlyEnPassant(m Move, err error) (Move, error) {
	if err != nil || mp.epAt == 0 || m.Kind == MoveEnPassant {
		return m, err
	}
	suffix := "e.p."
	if !strings.HasPrefix(mp.text[mp.epAt:], suffix) {
		suffix = "ep"
	}
	return Move{}, &Error{Code: ErrIllegalMove, Field: fieldMove, Offset: mp.epAt, Reason: "not-en-passant",
		Detail: fmt.Sprintf("%s marks an en passant capture, and %s is not one", suffix, mp.p.SAN(m))}
}
