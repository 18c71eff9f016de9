package pgn

// discard skips the rest of a game that failed, from a token boundary in
// state st: through its termination marker, or up to the [ of the next
// game's tags, or to the end of the input. It keeps nothing.
func (r *Reader) discard(st state) {
	r.counting = false
	for {
		c := r.peek()
		switch {
		case c < 0:
			return
		case c == '{':
			r.skipTo('}')
		case c == ';' || c == '%' && r.pos.Column == 1:
			r.skipTo('\n')
		case c == '"':
			r.skipString()
		case c == '[' && st.movetext:
			return // as in game: a tag in the movetext starts the next game
		case c == '[' && !st.movetext:
			r.skipTag()
		case c == '(':
			st.movetext = true
			st.depth++
			r.advance()
		case c == ')':
			st.depth = max(st.depth-1, 0)
			r.advance()
		case c == '*':
			r.advance()
			if st.depth == 0 {
				return
			}
		case isSymbolChar(c):
			st.movetext = true
			r.tok = r.tok[:0]
			for n := r.peek(); isSymbolChar(n); n = r.peek() {
				if len(r.tok) < maxToken {
					r.tok = append(r.tok, byte(n))
				}
				r.advance()
			}
			r.dropStar()
			switch string(r.tok) {
			case WhiteWins, BlackWins, Draw:
				if st.depth == 0 {
					return
				}
			}
		default:
			r.advance()
		}
	}
}

// skipString skips a string from its opening quote to its closing one or
// the end of its line.
func (r *Reader) skipString() {
	r.advance()
	for n := r.peek(); n >= 0 && n != '"' && n != '\n'; n = r.peek() {
		r.advance()
	}
	if r.peek() == '"' {
		r.advance()
	}
}

// skipTag skips a tag pair from its [ to its ] or the end of its line.
func (r *Reader) skipTag() {
	r.advance()
	for n := r.peek(); n >= 0 && n != '\n'; n = r.peek() {
		switch n {
		case '"':
			r.skipString()
		case ']':
			r.advance()
			return
		default:
			r.advance()
		}
	}
}
