package pgn

import (
	"bytes"
	"io"
	"unicode/utf8"
)

// game reads one game. On an error it also returns the state from which
// discard skips the game's rest (nil: nothing of the game is left).
func (r *Reader) game() (*Game, *state, error) {
	r.counting = false
	if err := r.skipSpace(); err != nil {
		r.games++
		err.Game = r.games
		return nil, nil, err
	}
	if r.peek() < 0 {
		return nil, nil, io.EOF
	}
	r.games++
	g := &Game{Number: r.games, Pos: r.pos}
	r.counting, r.start, r.startLine, r.tooBig = true, r.pos.Offset, r.pos.Line, nil
	t := &r.tree
	t.reset(g)
	defer t.release()
	st := &state{}
	afterNumber := false
	fail := func(p Pos, format string, args ...any) (*Game, *state, error) {
		return nil, st, syntaxError(r.games, p, format, args...)
	}
	for {
		r.skipBlank()
		if r.tooBig != nil {
			return nil, st, r.tooBig
		}
		c, at := r.peek(), r.pos
		if c < 0 || c == '[' && st.movetext {
			if st.depth > 0 {
				// The game ends here all the same: the next one starts at
				// this [.
				*st = state{movetext: true}
				return fail(t.outermost(), "unterminated variation: this ( has no )")
			}
			t.endLine()
			return g, nil, nil
		}
		number := afterNumber
		afterNumber = false
		switch {
		case c == '{' || c == ';':
			text, err := r.comment()
			if err != nil {
				return nil, st, err
			}
			t.comment(text)
		case c == '[':
			tag, err := r.tag()
			if err != nil {
				return nil, st, err
			}
			if r.tooBig != nil {
				return nil, st, r.tooBig
			}
			if _, dup := g.Tag(tag.Name); dup {
				return fail(at, "the tag %s is given twice", tag.Name)
			}
			g.Tags = append(g.Tags, tag)
		case c == '(':
			st.movetext = true
			st.depth++
			r.advance()
			switch {
			case st.depth > r.opt.MaxDepth:
				return fail(at, "variations nested deeper than %d", r.opt.MaxDepth)
			case t.variations == r.opt.MaxVariations:
				return fail(at, "game %d has more than %d variations", r.games, r.opt.MaxVariations)
			case !t.open(at):
				return fail(at, "a variation that follows no move: a variation is an alternative to the move before it")
			}
		case c == ')':
			st.movetext = true
			r.advance()
			if st.depth == 0 {
				return fail(at, "this ) closes no variation")
			}
			st.depth--
			t.close()
		case c == '$':
			st.movetext = true
			r.advance()
			n, digits := 0, 0
			for ; isAlnum(r.peek()); digits++ {
				if !isDigit(byte(r.peek())) {
					digits = -1
					break
				}
				n = min(n*10+r.peek()-'0', maxNAG+1)
				r.advance()
			}
			switch {
			case digits <= 0:
				for isSymbolChar(r.peek()) {
					r.advance()
				}
				return fail(at, "a NAG is $ and a number ($1, $14)")
			case n > maxNAG:
				return fail(at, "a NAG is $0 to $%d", maxNAG)
			case !t.nag(n):
				return fail(at, "a NAG that follows no move")
			}
		case c == '!' || c == '?':
			st.movetext = true
			r.tok = r.tok[:0]
			for r.peek() == '!' || r.peek() == '?' {
				r.tok = append(r.tok, byte(r.peek()))
				r.advance()
			}
			if err := r.suffix(r.tok, at); err != nil {
				return nil, st, err
			}
		case c == '.':
			st.movetext = true
			for r.peek() == '.' {
				r.advance()
			}
			if !number {
				return fail(at, "a . that follows no move number")
			}
		case c == '*':
			st.movetext = true
			r.advance()
			return r.result(g, st, Unknown, at)
		case c == '"':
			st.movetext = true
			r.skipString()
			return fail(at, "a string outside a tag")
		case isSymbolChar(c):
			st.movetext = true
			if err := r.symbol(); err != nil {
				return nil, st, err
			}
			if allDigits(r.tok) {
				for r.peek() == '.' {
					r.advance()
				}
				afterNumber = true
				continue
			}
			switch string(r.tok) {
			case WhiteWins:
				return r.result(g, st, WhiteWins, at)
			case BlackWins:
				return r.result(g, st, BlackWins, at)
			case Draw:
				return r.result(g, st, Draw, at)
			}
			if r.enPassant() {
				continue
			}
			if r.dropStar() {
				return fail(Pos{Line: at.Line, Column: at.Column + len(r.tok), Offset: at.Offset + len(r.tok)}, "drops are not supported (*)")
			}
			if err := r.moveToken(at); err != nil {
				return nil, st, err
			}
		default:
			b := r.peekN(utf8.UTFMax)
			ch, size := utf8.DecodeRune(b)
			for range max(size, 1) {
				r.advance()
			}
			if ch == utf8.RuneError && size <= 1 {
				return fail(at, "a byte that is not UTF-8 (0x%02x)", b[0])
			}
			return fail(at, "unexpected character %q", ch)
		}
	}
}

// moveToken adds the move token r.tok, read at at, to the line being read,
// with its suffix annotation as a NAG.
func (r *Reader) moveToken(at Pos) *SyntaxError {
	t := &r.tree
	tok := r.tok
	// An e.p. written onto the move: exd6ep, exd6e.p.
	if n := len(tok); n > 2 && tok[n-2] == 'e' && tok[n-1] == 'p' && validMove(tok[:n-2]) {
		tok = tok[:n-2]
	} else if n > 1 && tok[n-1] == 'e' && string(r.peekN(3)) == ".p." && validMove(tok[:n-1]) {
		tok = tok[:n-1]
		for range 3 {
			r.advance()
		}
	}
	norm, f := checkMove(string(tok))
	if f != nil {
		return syntaxError(r.games, Pos{Line: at.Line, Column: at.Column + f.off, Offset: at.Offset + f.off}, "%s: %s", tok, f.msg)
	}
	if t.depth() == 0 {
		if len(r.tree.g.Moves) == r.opt.MaxMoves {
			return syntaxError(r.games, at, "game %d has more than %d moves", r.games, r.opt.MaxMoves)
		}
	} else {
		if t.varMoves == r.opt.MaxVariationMoves {
			return syntaxError(r.games, at, "game %d has more than %d moves in its variations", r.games, r.opt.MaxVariationMoves)
		}
		t.varMoves++
	}
	if t.depth() == 0 && t.cur.pending == nil {
		// The mainline's bare path: straight onto the game's moves.
		g := t.g
		g.Moves = append(g.Moves, Move{Text: norm, Pos: at})
		t.cur.last = lastMove
	} else {
		t.move(Move{Text: norm, Pos: at})
	}
	if len(norm) < len(tok) {
		return r.suffix(tok[len(norm):], Pos{Line: at.Line, Column: at.Column + len(norm), Offset: at.Offset + len(norm)})
	}
	return nil
}

// validMove says whether tok is a move token that checkMove accepts.
func validMove(tok []byte) bool {
	_, f := checkMove(string(tok))
	return f == nil
}

// suffix gives the line's last move the NAG of the suffix annotation s,
// read at at.
func (r *Reader) suffix(s []byte, at Pos) *SyntaxError {
	n, ok := suffixNAG(s)
	switch {
	case !ok:
		return syntaxError(r.games, at, "%s is not an annotation: one of ! ? !! ?? !? ?! (or a NAG, $1 to $%d)", s, maxNAG)
	case !r.tree.nag(n):
		return syntaxError(r.games, at, "an annotation (%s) that follows no move", s)
	}
	return nil
}

// enPassant reads an e.p. or ep token that follows a move (exd6 e.p.) and
// says whether r.tok was one; the move keeps its text without it.
func (r *Reader) enPassant() bool {
	if r.tree.cur.last != lastMove {
		return false
	}
	switch {
	case string(r.tok) == "ep":
		return true
	case string(r.tok) == "e" && string(r.peekN(3)) == ".p.":
		for range 3 {
			r.advance()
		}
		return true
	}
	return false
}

// skipBlank skips white space and escape lines, not comments.
func (r *Reader) skipBlank() {
	for {
		c := r.peek()
		switch {
		case isSpace(c):
			r.advance()
		case c == '%' && r.pos.Column == 1:
			r.skipTo('\n')
		default:
			return
		}
	}
}

// comment reads a comment, { to } or ; to the end of the line, and returns
// its text without the delimiters and the white space at both ends.
func (r *Reader) comment() (string, *SyntaxError) {
	at, open := r.pos, r.peek()
	r.advance()
	r.text = r.text[:0]
	end := byte('}')
	if open == ';' {
		end = '\n'
	}
	if !r.readTo(end, true) && open == '{' {
		return "", syntaxError(r.games, at, "unterminated comment: this { has no }")
	}
	text := r.text
	if len(text) > 0 && text[len(text)-1] == end {
		text = text[:len(text)-1]
	}
	return string(bytes.TrimSpace(text)), nil
}

// result ends the game with its termination marker, read at p. The marker
// must agree with a Result tag that holds one. Whatever follows it is the
// next game, with tags or without.
func (r *Reader) result(g *Game, st *state, text string, p Pos) (*Game, *state, error) {
	if st.depth > 0 {
		return nil, st, syntaxError(r.games, p, "the result %s stands inside a variation", text)
	}
	r.tree.endLine()
	g.Result, g.ResultPos = text, p
	r.counting = false
	if tag, ok := g.Tag("Result"); ok && IsResult(tag) && tag != text {
		return nil, nil, syntaxError(r.games, p, "the movetext ends with %s but the Result tag says %s", text, tag)
	}
	return g, nil, nil
}
