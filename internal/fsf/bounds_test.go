package fsf

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// chainText is a chain of sections, each the child of the one before and
// each setting keys keys that keep it out, with values of valueBytes bytes.
func chainText(sections, keys, valueBytes int) string {
	var b strings.Builder
	value := strings.Repeat("a1 ", valueBytes/3)
	for i := range sections {
		if i == 0 {
			b.WriteString("[s0:chess]\n")
		} else {
			fmt.Fprintf(&b, "[s%d:s%d]\n", i, i-1)
		}
		for k := range keys {
			// Each section sets the regions of other piece types, so that
			// the chain's problems add up.
			pk := pieceKinds[(i*keys+k)%len(pieceKinds)].key
			fmt.Fprintf(&b, "mobilityRegionWhite%s%s = %s\n", strings.ToUpper(pk[:1]), pk[1:], value)
		}
	}
	return b.String()
}

// answerBytes is the size of the sections as the API encodes them.
func answerBytes(t *testing.T, text string) int {
	t.Helper()
	secs, err := Import(context.Background(), []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(secs)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

// TestImportAnswerLinear: a child refers to its parent's problems instead
// of repeating them, and every quoted value is clipped, so the answer
// grows with the text, not with the text times the chain's length (before:
// each section repeated every ancestor's problem with its value in full).
func TestImportAnswerLinear(t *testing.T) {
	short := chainText(8, 4, 3000)
	long := chainText(64, 4, 3000)
	bs, bl := answerBytes(t, short), answerBytes(t, long)
	if bs > len(short) || bl > len(long) {
		t.Errorf("answers of %d and %d bytes for texts of %d and %d; want no more than the text", bs, bl, len(short), len(long))
	}
	if ratio := float64(bl) / float64(bs); ratio > 8*1.25 {
		t.Errorf("8 times the sections gives %.1f times the answer; want at most 10", ratio)
	}
}

// TestInheritedReferred: a child of a section with problems refers to them
// once, with the keys, and lists its own; a problem the parent does not
// have stays listed.
func TestInheritedReferred(t *testing.T) {
	secs := importText(t, `[a:chess]
blastOnCapture = true
pieceDrops = true
[b:a]
flyingGeneral = true
[c:b]
[d:c]
blastOnCapture = false
`)
	want := map[string][]string{
		"a": {"unsupported-key:pieceDrops", "unsupported-key:blastOnCapture"},
		"b": {"inherited-problems:", "unsupported-key:flyingGeneral"},
		"c": {"inherited-problems:"},
		"d": {"inherited-problems:"},
	}
	for _, s := range secs {
		var got []string
		for _, p := range s.Problems {
			got = append(got, p.Code+":"+p.Key)
		}
		if fmt.Sprint(got) != fmt.Sprint(want[s.Name]) {
			t.Errorf("[%s] problems %v; want %v", s.Name, got, want[s.Name])
		}
	}
	if d := secs[3].Problems[0]; d.From != "c" || !strings.Contains(d.Detail, "2 problem(s) of [c]") ||
		!strings.Contains(d.Detail, "pieceDrops") || strings.Contains(d.Detail, "blastOnCapture") {
		t.Errorf("[d] refers with %+v; want the 2 problems of [c] it keeps (flyingGeneral, pieceDrops)", d)
	}
}

// TestMobilityRegionKeys: only the region keys Fairy-Stockfish's parser
// forms (colour and a piece type's name) are known; any other key of the
// family is unknown like any other key, so a section cannot hold more of
// them than it has keys.
func TestMobilityRegionKeys(t *testing.T) {
	secs := importText(t, `[a:chess]
mobilityRegionWhiteKing = d1 e1
mobilityRegionBlackJanggiElephant = d8
mobilityRegionWhiteCustomPiece25 = a1
mobilityRegionWhiteNoSuchPiece = a1
mobilityRegionX1 = a1
mobilityRegionWhiteking = a1
`)
	var got []string
	for _, p := range secs[0].Problems {
		got = append(got, p.Code+":"+p.Key)
	}
	want := []string{"unknown-key:mobilityRegionWhiteNoSuchPiece", "unknown-key:mobilityRegionX1", "unknown-key:mobilityRegionWhiteking",
		"unsupported-key:mobilityRegionBlackJanggiElephant", "unsupported-key:mobilityRegionWhiteCustomPiece25", "unsupported-key:mobilityRegionWhiteKing"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("problems %v; want %v", got, want)
	}
}

// TestProblemsClipped: no problem quotes more than its bounds, whatever the
// length of the key or value at fault.
func TestProblemsClipped(t *testing.T) {
	long := strings.Repeat("x", maxLine-40)
	secs := importText(t, "[a:chess]\n"+long+" = 1\nmustCapture = "+long+"\ncastling = "+long+
		"\ncustomPiece1 = a:"+strings.Repeat("W", maxLine-40)+"\nstartFen = "+long+"\n")
	if len(secs[0].Problems) < 3 {
		t.Fatalf("problems %+v; want at least 3", secs[0].Problems)
	}
	for _, p := range secs[0].Problems {
		if len(p.Key) > MaxKeyBytes+3 || len(p.Detail) > 200 {
			t.Errorf("problem with a key of %d and a detail of %d bytes: %.80q", len(p.Key), len(p.Detail), p.Detail)
		}
	}
}

// TestImportEachStops: an error of yield stops the import at once.
func TestImportEachStops(t *testing.T) {
	stop := fmt.Errorf("enough")
	n := 0
	err := ImportEach(context.Background(), []byte(chainText(10, 1, 3)), func(Section) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if err != stop || n != 3 {
		t.Errorf("ImportEach = %v after %d sections; want the yield's error after 3", err, n)
	}
}
