package pgn

import (
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// summary writes a game as "TAGS|MOVES|RESULT", its tags as Name=Value
// and its moves separated by commas, for comparing games read from a
// stream.
func summary(g *Game) string {
	tags := make([]string, len(g.Tags))
	for i, t := range g.Tags {
		tags[i] = t.Name + "=" + t.Value
	}
	return strings.Join(tags, ",") + "|" + strings.Join(g.MoveTexts(), ",") + "|" + g.Result
}

// readAll reads every game of text, fed whole and one byte at a time, and
// returns the summaries of the games, or "error" for a game that does not
// read; both ways must agree, and the games be numbered from 1.
func readAll(t *testing.T, text string) []string {
	t.Helper()
	var ways [2][]string
	for i, src := range []io.Reader{strings.NewReader(text), iotest.OneByteReader(strings.NewReader(text))} {
		r := NewReader(src, Options{})
		for n := 1; ; n++ {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				if se := asSyntaxError(t, err); se.Game != n {
					t.Fatalf("%q: error %v names game %d, want game %d", text, se, se.Game, n)
				}
				ways[i] = append(ways[i], "error")
				continue
			}
			if g.Number != n {
				t.Fatalf("%q: game %d is numbered %d", text, n, g.Number)
			}
			ways[i] = append(ways[i], summary(g))
			if n > len(text)+1 {
				t.Fatalf("%q: more games than bytes", text)
			}
		}
	}
	if !slices.Equal(ways[0], ways[1]) {
		t.Fatalf("%q: read whole as %q, a byte at a time as %q", text, ways[0], ways[1])
	}
	return ways[0]
}

// TestGamesWithoutTags: the Reader splits a stream into games as the PGN
// standard does. A game may have no tag pairs; its termination marker ends
// it, and whatever follows is the next game, with tags or without; a tag
// section after movetext starts the next game even without a marker. The
// blank lines between games do not matter.
func TestGamesWithoutTags(t *testing.T) {
	const (
		a = "Event=a|e4,e5|1-0"
		c = "Event=c|c4|*"
	)
	tests := []struct {
		name string
		give string
		want []string
	}{
		{"tagged, tagless, tagged",
			"[Event \"a\"]\n\n1. e4 e5 1-0\n\n1. d4 d5 0-1\n\n[Event \"c\"]\n\n1. c4 *\n",
			[]string{a, "|d4,d5|0-1", c}},
		{"no blank lines",
			"[Event \"a\"]\n1. e4 e5 1-0\n1. d4 d5 0-1\n[Event \"c\"]\n1. c4 *\n",
			[]string{a, "|d4,d5|0-1", c}},
		{"all on one line",
			"[Event \"a\"] 1. e4 e5 1-0 1. d4 d5 0-1 [Event \"c\"] 1. c4 *",
			[]string{a, "|d4,d5|0-1", c}},
		{"a marker right before a tag", "[Event \"a\"]1. e4 e5 1-0[Event \"c\"]1. c4 *", []string{a, c}},
		{"a tagless game first", "1. e4 e5 1/2-1/2\n[Event \"c\"]\n1. c4 *\n", []string{"|e4,e5|1/2-1/2", c}},
		{"tagless games only", "1. e4 e5 1-0\n1. d4 *\n\n1. c4\n", []string{"|e4,e5|1-0", "|d4|*", "|c4|"}},
		{"a tagless game of only a marker", "[Event \"a\"]\n1. e4 e5 1-0\n*\n[Event \"c\"]\n1. c4 *\n",
			[]string{a, "|" + "|*", c}},
		{"markers only", "1-0 0-1\n1/2-1/2\n\n*", []string{"||1-0", "||0-1", "||1/2-1/2", "||*"}},
		{"a comment between games", "1. e4 e5 1-0 {between} ; a line\n% escape\n1. d4 0-1", []string{"|e4,e5|1-0", "|d4|0-1"}},
		{"a move number after the marker", "[Event \"a\"]\n1. e4 e5 1-0 2. Nf3 Nc6 *", []string{a, "|Nf3,Nc6|*"}},
		// Kept as before: a tag section after movetext starts a new game.
		{"no marker before the next tags", "[Event \"a\"]\n1. e4 e5\n[Event \"c\"]\n1. c4 *", []string{"Event=a|e4,e5|", c}},
		{"a bad game between", "1. e4 e5 1-0\n1. N@f3 0-1\n1. d4 *", []string{"|e4,e5|1-0", "error", "|d4|*"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readAll(t, tt.give); !slices.Equal(got, tt.want) {
				t.Errorf("games %q;\nwant %q", got, tt.want)
			}
		})
	}
}

// TestParseTaglessSecondGame: Parse, which reads exactly one game, refuses
// a text whose result is followed by more movetext, saying where, as it
// refuses a second tagged game.
func TestParseTaglessSecondGame(t *testing.T) {
	for give, want := range map[string]string{
		"1. e4 e5 1-0 1. d4 *":          "the result 1-0 ends the game, but the movetext goes on at line 1, column 14",
		"1. e4 e5 1-0\n[Event \"b\"] *": "a second game starts here",
	} {
		_, err := Parse(give)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v; want %q", give, err, want)
		}
	}
}
