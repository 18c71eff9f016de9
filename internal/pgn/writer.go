package pgn

import (
	"fmt"
	"io"
	"strings"
)

// Roster is the seven-tag roster in the order of the export form.
var Roster = [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// rosterDefault is the value the export form gives a roster tag the game
// lacks (the Result tag is the game's termination marker).
var rosterDefault = map[string]string{
	"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?",
}

// lineWidth is the longest movetext line Write produces.
const lineWidth = 79

// Write writes g in the standard export form, numbering the moves from
// the game's FEN tag (see Game.FirstMove).
func Write(w io.Writer, g *Game) error {
	number, black := g.FirstMove()
	return WriteNumbered(w, g, number, black)
}

// WriteNumbered writes g in the standard export form: the seven-tag roster
// first and in its order (a roster tag the game lacks gets "?", or
// "????.??.??" for Date), then the game's other tags in their order, a
// blank line, and the movetext, its lines under 80 characters, ending with
// the termination marker and a newline. The first move is move number and
// is Black's when black is set (12... e5). The marker, also written as the
// Result tag, is g.Result, or when that is empty the Result tag's value if
// it is a marker, or "*".
//
// The game tree is written too (see Notes): the game comment, then each
// move with its Before comments, its move number where PGN needs one (a
// Black move after a comment or a variation, or starting a variation, is
// 12... Nf6), its NAGs as $n, its After comments and its variations in
// parentheses, and the End comments. A comment is written { text }, or,
// when its text holds a }, as a ; comment ending its line; a comment
// that holds both a } and a line break cannot be written. A line is
// longer than 79 characters only where one comment is.
//
// Moves are written without annotation suffixes and must be move tokens
// this package reads; NAGs are 0 to 255, variations nested at most 1000
// deep; tag names must be letters, digits and _ starting
// with a letter; tag values are escaped (\" and \\) and hold printing
// characters only, as the Reader reads them: no control character (no
// byte below 0x20, line breaks and tab among them, and no DEL). A game
// that breaks these rules, or whose Result tag holds a marker other than
// g.Result, is an error and nothing is written.
func WriteNumbered(w io.Writer, g *Game, number int, black bool) error {
	text, err := format(g, number, black)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// Writer writes games one after another, a blank line between them, so
// that its output is a multi-game PGN file.
type Writer struct {
	w     io.Writer
	games int
}

// NewWriter returns a Writer onto w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// WriteGame writes one more game as Write does.
func (w *Writer) WriteGame(g *Game) error {
	number, black := g.FirstMove()
	text, err := format(g, number, black)
	if err != nil {
		return err
	}
	if w.games > 0 {
		text = "\n" + text
	}
	if _, err := io.WriteString(w.w, text); err != nil {
		return err
	}
	w.games++
	return nil
}

func format(g *Game, number int, black bool) (string, error) {
	if number < 1 || number > maxMoveNumber {
		return "", fmt.Errorf("pgn: move number %d is not between 1 and %d", number, maxMoveNumber)
	}
	result, err := marker(g)
	if err != nil {
		return "", err
	}
	seen := make(map[string]bool, len(g.Tags))
	for _, t := range g.Tags {
		if err := checkTag(t); err != nil {
			return "", err
		}
		if seen[t.Name] {
			return "", fmt.Errorf("pgn: the tag %s is given twice", t.Name)
		}
		seen[t.Name] = true
	}
	var b strings.Builder
	for _, name := range Roster {
		value, ok := g.Tag(name)
		switch {
		case name == "Result":
			value = result
		case !ok:
			value = rosterDefault[name]
		}
		writeTag(&b, name, value)
	}
	for _, t := range g.Tags {
		if !isRoster(t.Name) {
			writeTag(&b, t.Name, t.Value)
		}
	}
	b.WriteByte('\n')

	mw := movetextWriter{b: &b}
	if err := mw.game(g, number, black); err != nil {
		return "", err
	}
	mw.put(result)
	b.WriteByte('\n')
	return b.String(), nil
}

// marker returns the termination marker Write gives g.
func marker(g *Game) (string, error) {
	tag, hasTag := g.Tag("Result")
	switch {
	case g.Result == "" && hasTag && IsResult(tag):
		return tag, nil
	case g.Result == "":
		return Unknown, nil
	case !IsResult(g.Result):
		return "", fmt.Errorf("pgn: %q is not a result (1-0, 0-1, 1/2-1/2 or *)", g.Result)
	case hasTag && IsResult(tag) && tag != g.Result:
		return "", fmt.Errorf("pgn: the result is %s but the Result tag says %s", g.Result, tag)
	}
	return g.Result, nil
}

func isRoster(name string) bool {
	for _, r := range Roster {
		if r == name {
			return true
		}
	}
	return false
}

// checkTag checks that t can be written so that it reads back the same.
func checkTag(t Tag) error {
	if !isTagName(t.Name) {
		return fmt.Errorf("pgn: %q is not a tag name (a letter, then letters, digits or _, at most %d bytes)", t.Name, maxToken)
	}
	for i := 0; i < len(t.Value); i++ {
		switch c := t.Value[i]; {
		case c == '\n' || c == '\r':
			return fmt.Errorf("pgn: the value of tag %s holds a line break", t.Name)
		case isControl(c):
			return fmt.Errorf("pgn: the value of tag %s holds the control character 0x%02x at byte %d; a tag value holds printing characters only", t.Name, c, i)
		}
	}
	return nil
}

func isTagName(s string) bool {
	if s == "" || len(s) > maxToken || !(isUpper(s[0]) || isLower(s[0])) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isUpper(c) && !isLower(c) && !isDigit(c) && c != '_' {
			return false
		}
	}
	return true
}

func writeTag(b *strings.Builder, name, value string) {
	b.WriteByte('[')
	b.WriteString(name)
	b.WriteString(` "`)
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(value[i])
	}
	b.WriteString("\"]\n")
}
