package picture

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// pngDir, when set, receives the PNG of every golden picture, to look at.
var pngDir = os.Getenv("PICTURE_PNG_DIR")

// bigorraMiddlegame is internal/rules' benchmark position: 60 plies of a
// fixed-seed random game, 150 pieces.
const bigorraMiddlegame = "h'm's'2foad'dujc's'm'h'/cmzvjxlkqghyv1mc/ernbb'1iwwin'b'b1re/2ttc'p'1p'p'1ztp'tp'1/1p'p1p1ppppp'pnppp/10p5/p2p1p2Tt6/16/9T3P2/12T3/1P6P3P3/P1PPPPPP1PPPP'1PP/1P'TP'P'1P'D'P'1t1B'1P'1/ERNBB'N'IWWIN'1BNRE/CMZVSXLKQGHYVZMC/H'M'S'TJFOA1DUS'J1M'H' w Kk a11 0 31"

// grandExoticEight is the classical Grand array with the eight exotic
// pieces (letters with three apostrophes) on each side's first rank.
const grandExoticEight = "ra'''w'''c'''i'''h'''f'''d'''m'''r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/RA'''W'''C'''I'''H'''F'''D'''M'''R w - - 0 1 captured:QCARRBBNNA'''W'''C'''I'''H'''F'''D'''M'''qcarrbbnna'''w'''c'''i'''h'''f'''d'''m'''"

// oddVariant has names that need escaping and a board that is not square.
const oddVariant = `{
  "id": "odd",
  "name": "Tom & Jerry's <Chess>",
  "files": 10,
  "ranks": 6,
  "startFEN": "rnbqkxbnra/pppppppppp/10/10/PPPPPPPPPP/RNBQKXBNRA w - - 0 1",
  "pieces": [
    {"name": "King", "letter": "K", "betza": "K", "royal": true},
    {"name": "Queen", "letter": "Q", "betza": "Q"},
    {"name": "Rook", "letter": "R", "betza": "R"},
    {"name": "Bishop", "letter": "B", "betza": "B"},
    {"name": "Knight", "letter": "N", "betza": "N"},
    {"name": "Cat & <Mouse>", "letter": "X", "betza": "WF"},
    {"name": "Ant \"A\"", "letter": "A", "betza": "W"},
    {"name": "Pawn", "letter": "P", "betza": "fmWfcF", "promotesTo": ["Q"]}
  ],
  "rules": {"promotion": {"ranks": [6]}}
}`

// flagsVariant has flag squares that differ by colour: White's on the
// eighth rank, Black's on the first, both colours' on d4 and e5.
const flagsVariant = `{
  "id": "flags",
  "name": "Flags",
  "files": 8,
  "ranks": 8,
  "startFEN": "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  "pieces": [
    {"name": "King", "letter": "K", "betza": "K", "royal": true}
  ],
  "rules": {"flag": {"piece": "K",
    "white": ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "d4", "e5"],
    "black": ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "e5", "d4"]}}
}`

// threeCheckMiddlegame is a three-check position where White has given two
// checks and Black one ("1+2": the checks each side still needs).
const threeCheckMiddlegame = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+2 0 9"

type golden struct {
	name    string
	variant string // a built-in id, "odd" or "flags"
	fen     string // "" for the start position
	o       Options
}

func sq(name string) rules.Square {
	f := int(name[0] - 'a')
	r, err := strconv.Atoi(name[1:])
	if err != nil {
		panic(name)
	}
	return rules.SquareAt(f, r-1)
}

func squares(names ...string) []rules.Square {
	out := make([]rules.Square, len(names))
	for i, n := range names {
		out[i] = sq(n)
	}
	return out
}

func goldens(t testing.TB) []golden {
	vs, err := rules.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	var out []golden
	for _, v := range vs {
		out = append(out, golden{name: "start-" + v.ID(), variant: v.ID(), o: Options{}})
	}
	return append(out,
		// The zero Options: the defaults, nothing highlighted.
		golden{name: "chess-zero-options", variant: "chess"},
		golden{name: "chess-check", variant: "chess",
			fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
			o:   Options{Check: ptr(sq("e1")), LastMove: squares("d8", "h4")}},
		golden{name: "chess-marks-arrows", variant: "chess",
			fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
			o: Options{LastMove: squares("e2", "e4"), Marks: squares("d5", "f5", "e4"),
				Arrows: [][2]rules.Square{{sq("g8"), sq("f6")}, {sq("d7"), sq("d5")}, {sq("b8"), sq("c6")}, {sq("a1"), sq("h8")}}}},
		golden{name: "chess-flipped-coordinates", variant: "chess",
			fen: "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
			o:   Options{Flip: true, Coordinates: true, LastMove: squares("f1", "b5"), Arrows: [][2]rules.Square{{sq("a7"), sq("a6")}}}},
		golden{name: "chess-size-64", variant: "chess", o: Options{Size: 64}},
		golden{name: "grand-coordinates", variant: "grand", o: Options{Coordinates: true, Size: 600}},
		golden{name: "bigorra-middlegame", variant: "bigorra", fen: bigorraMiddlegame,
			o: Options{Coordinates: true, LastMove: squares("a10", "a11"), Marks: squares("h9"), Arrows: [][2]rules.Square{{sq("j8"), sq("j11")}}}},
		golden{name: "bigorra-flipped-coordinates", variant: "bigorra", fen: bigorraMiddlegame,
			o: Options{Coordinates: true, Flip: true}},
		golden{name: "giant-dev", variant: "giant", fen: "k15/16/16/16/16/16/16/16/16/16/16/16/2DD12/2DD12/16/K15 w - - 0 1",
			o: Options{Marks: squares("c3"), Arrows: [][2]rules.Square{{sq("d4"), sq("d6")}}}},
		golden{name: "giant-dev-flipped", variant: "giant", fen: "k15/16/16/16/16/16/16/16/16/16/16/16/2DD12/2DD12/16/K15 w - - 0 1",
			o: Options{Flip: true, Coordinates: true}},
		golden{name: "grand-frozen", variant: "grand", fen: "9k/10/10/10/4N'5/10/10/10/10/K9 w - - 0 2", o: Options{}},
		golden{name: "grand-immobilized", variant: "grand", fen: "9k/10/10/4i'''5/4N5/10/10/10/10/K9 w - - 0 10",
			o: Options{Marks: squares("e6")}},
		golden{name: "grand-apostrophes", variant: "grand", fen: grandExoticEight, o: Options{Coordinates: true}},
		golden{name: "grand-promotion-pending", variant: "grand", fen: "10/3P6/6P2k/7n2/10/10/10/5p4/2p7/K6R2 w - - 0 40 all",
			o: Options{Arrows: [][2]rules.Square{{sq("d9"), sq("d10")}, {sq("g8"), sq("h9")}}}},
		golden{name: "odd-escaping", variant: "odd", o: Options{Coordinates: true, Marks: squares("f1")}},
		golden{name: "3check-middlegame", variant: "3check", fen: threeCheckMiddlegame,
			o: Options{LastMove: squares("h4", "h3")}},
		golden{name: "3check-flipped-coordinates", variant: "3check", fen: threeCheckMiddlegame,
			o: Options{Flip: true, Coordinates: true}},
		golden{name: "5check-coordinates", variant: "5check",
			fen: "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 4+5 0 3", o: Options{Coordinates: true}},
		golden{name: "kingofthehill-coordinates", variant: "kingofthehill",
			fen: "rnbq1bnr/pppp1ppp/8/4p3/3kP3/8/PPPP1PPP/RNBQKBNR w KQ - 0 4",
			o:   Options{Coordinates: true, LastMove: squares("e5", "d4")}},
		// 3. Qxf7: the Queen blew up on f7 with the Bishop, the Knight and
		// the King around it; the Pawns on e7 and g7 stand.
		golden{name: "atomic-explosion", variant: "atomic", fen: "rnbq3r/ppp1p1pp/8/3p4/4P3/8/PPPP1PPP/RNB1KBNR b KQ - 0 3",
			o: Options{Coordinates: true, LastMove: squares("h5", "f7")}},
		golden{name: "atomic-edge-explosion", variant: "atomic", fen: "rnbqkbn1/ppppppp1/8/8/8/8/PPPPPPP1/RNBQKBN1 w Qq - 0 5",
			o: Options{Flip: true, LastMove: squares("h1", "h8")}},
		golden{name: "flags-differ", variant: "flags", fen: "8/8/2k5/8/8/5K2/8/8 w - - 0 1", o: Options{Coordinates: true}},
	)
}

func variantOf(t testing.TB, id string) *rules.Variant {
	t.Helper()
	text := map[string]string{"odd": oddVariant, "flags": flagsVariant}[id]
	if text == "" {
		return rules.MustBuiltin(id)
	}
	d, err := rules.DecodeDefinition([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	v, err := rules.Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func position(t testing.TB, v *rules.Variant, fen string) *rules.Position {
	t.Helper()
	if fen == "" {
		return v.Start()
	}
	s, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	p, err := rules.NewPosition(s)
	if err != nil {
		t.Fatalf("NewPosition(%q): %v", fen, err)
	}
	return p
}

func render(t testing.TB, g golden) []byte {
	t.Helper()
	return SVG(position(t, variantOf(t, g.variant), g.fen), g.o)
}

func TestGolden(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range goldens(t) {
		t.Run(g.name, func(t *testing.T) {
			got := render(t, g)
			file := filepath.Join(dir, g.name+".svg")
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/picture/ -update to write it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the picture drawn (%d bytes, want %d): run go test ./internal/picture/ -update and review the diff", file, len(got), len(want))
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, g := range goldens(t) {
		a, b := render(t, g), render(t, g)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renderings differ", g.name)
		}
	}
}

// TestWellFormed parses every golden picture to the end and checks the
// accessible names, the tooltips and the escaping.
func TestWellFormed(t *testing.T) {
	for _, g := range goldens(t) {
		t.Run(g.name, func(t *testing.T) {
			out := render(t, g)
			d := xml.NewDecoder(bytes.NewReader(out))
			var stack []string
			ids := map[string]bool{}
			var refs []string
			titles := 0
			var rootTitle, desc string
			var text strings.Builder
			for {
				tok, err := d.Token()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("not well-formed XML: %v", err)
				}
				switch tok := tok.(type) {
				case xml.StartElement:
					if len(stack) == 0 && tok.Name.Local != "svg" {
						t.Fatalf("root element %s", tok.Name.Local)
					}
					for _, a := range tok.Attr {
						switch a.Name.Local {
						case "id":
							if ids[a.Value] {
								t.Errorf("id %q twice", a.Value)
							}
							ids[a.Value] = true
						case "href", "aria-labelledby", "aria-describedby":
							refs = append(refs, strings.TrimPrefix(a.Value, "#"))
						case "fill":
							if strings.HasPrefix(a.Value, "url(#") {
								refs = append(refs, strings.TrimSuffix(strings.TrimPrefix(a.Value, "url(#"), ")"))
							}
						}
					}
					stack = append(stack, tok.Name.Local)
					text.Reset()
				case xml.CharData:
					text.Write(tok)
				case xml.EndElement:
					switch {
					case tok.Name.Local == "title" && len(stack) == 2:
						rootTitle = text.String()
					case tok.Name.Local == "desc" && len(stack) == 2:
						desc = text.String()
					case tok.Name.Local == "title":
						titles++
					}
					stack = stack[:len(stack)-1]
				}
			}
			for _, id := range refs {
				if !ids[id] {
					t.Errorf("reference to missing id %q", id)
				}
			}
			v := variantOf(t, g.variant)
			p := position(t, v, g.fen)
			if want := v.Name() + ", " + map[rules.Color]string{rules.White: "White", rules.Black: "Black"}[p.Turn()] + " to move"; rootTitle != want {
				t.Errorf("title %q, want %q", rootTitle, want)
			}
			if !strings.Contains(desc, p.FEN()) {
				t.Errorf("desc %q lacks the FEN", desc)
			}
			// One tooltip per piece (a Dev counts once), one for the side to
			// move and, with a check limit, one for each side's checks.
			pieces := 0
			for s := rules.Square(0); s < rules.NumSquares; s++ {
				pc := p.PieceAt(s)
				if pc != 0 && (!v.IsDev(pc.Type()) || s.File()%2 == 0 && s.Rank()%2 == 0) {
					pieces++
				}
			}
			if v.CheckLimit() > 0 {
				pieces += 2
			}
			if titles != pieces+1 {
				t.Errorf("%d tooltips, want %d", titles, pieces+1)
			}
		})
	}
}

func TestHeader(t *testing.T) {
	for _, g := range goldens(t) {
		out := render(t, g)
		head := string(out[:bytes.IndexByte(out, '>')])
		for _, want := range []string{`xmlns="http://www.w3.org/2000/svg"`, `role="img"`, `aria-labelledby="`, `viewBox="0 0 `} {
			if !strings.Contains(head, want) {
				t.Errorf("%s: root lacks %s: %s", g.name, want, head)
			}
		}
		size := g.o.Size
		if size == 0 {
			size = DefaultSize
		}
		if w := attr(head, "width"); w != size {
			t.Errorf("%s: width %d, want %d", g.name, w, size)
		}
	}
	p := rules.MustBuiltin("chess").Start()
	for _, c := range []struct{ in, want int }{{0, 400}, {10, 64}, {-5, 64}, {64, 64}, {900, 900}, {5000, 2048}} {
		out := SVG(p, Options{Size: c.in})
		if w := attr(string(out[:bytes.IndexByte(out, '>')]), "width"); w != c.want {
			t.Errorf("Size %d: width %d, want %d", c.in, w, c.want)
		}
	}
}

func TestContent(t *testing.T) {
	has := func(name string, g golden, wants ...string) {
		t.Helper()
		out := string(render(t, g))
		for _, w := range wants {
			if !strings.Contains(out, w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
	hasNot := func(name string, g golden, nots ...string) {
		t.Helper()
		out := string(render(t, g))
		for _, w := range nots {
			if strings.Contains(out, w) {
				t.Errorf("%s has %q", name, w)
			}
		}
	}
	all := map[string]golden{}
	for _, g := range goldens(t) {
		all[g.name] = g
	}
	has("start-chess", all["start-chess"], "<title>White Knight on g1</title>", "<title>Black King on e8</title>", "<title>White to move</title>")
	hasNot("start-chess", all["start-chess"], "radialGradient", "<text")
	hasNot("chess-zero-options", all["chess-zero-options"], "radialGradient")
	has("chess-check", all["chess-check"], "radialGradient", "in check", "Check on e1")
	has("grand-frozen", all["grand-frozen"], "White KnightRider on e6, frozen (five-move rule)", ">N'</text>", "(frozen)")
	has("grand-immobilized", all["grand-immobilized"], "White Knight on e6, immobilized", "Black Immobilizer on e7", ">I'''</text>")
	hasNot("grand-immobilized", all["grand-immobilized"], "frozen")
	has("giant-dev", all["giant-dev"], "White Dev on cd34", "matrix(2 0 0 2 ")
	has("odd-escaping", all["odd-escaping"], "Tom &amp; Jerry's &lt;Chess&gt;", "White Cat &amp; &lt;Mouse&gt; on f1", "Ant &quot;A&quot;")
	has("grand-coordinates", all["grand-coordinates"], ">j</text>", ">10</text>")
	has("bigorra-flipped-coordinates", all["bigorra-flipped-coordinates"], ">p</text>", ">16</text>")
	// The variants' own ends: the flag squares and the checks given.
	hasNot("start-chess", all["start-chess"], flagColour, "Flag squares", "flag squares", "Checks given", "checks</title>")
	has("start-kingofthehill", all["start-kingofthehill"], flagColour, " Flag squares: d4 e4 d5 e5.")
	hasNot("start-kingofthehill", all["start-kingofthehill"], "Checks given", `stroke-width="2"><circle`)
	has("start-racingkings", all["start-racingkings"], " Flag squares: a8 b8 c8 d8 e8 f8 g8 h8.")
	has("flags-differ", all["flags-differ"], " Flag squares: d4 e5.", " White's flag squares: a8 b8", " Black's flag squares: a1 b1",
		`<g fill="#fbfbf8" stroke="#777" stroke-width="2"><circle cx="60" cy="132" r="6"/>`)
	has("3check-middlegame", all["3check-middlegame"], " Checks given: White 2, Black 1, of 3.",
		"<title>White has given 2 of 3 checks</title>", "<title>Black has given 1 of 3 checks</title>", ">2/3</text>", ">1/3</text>")
	has("start-5check", all["start-5check"], ">0/5</text>")
	hasNot("start-3check", all["start-3check"], flagColour)
	for _, c := range []struct {
		v     string
		white []string
	}{{"chess", nil}, {"3check", nil}, {"kingofthehill", []string{"d4", "e4", "d5", "e5"}}} {
		v := rules.MustBuiltin(c.v)
		w, b := v.FlagSquares(rules.White), v.FlagSquares(rules.Black)
		if !slices.Equal(w, squares(c.white...)) || !slices.Equal(b, squares(c.white...)) || c.white == nil && (w != nil || b != nil) {
			t.Errorf("%s: FlagSquares %v %v, want %v", c.v, w, b, c.white)
		}
	}
	// Only the figures in use are defined: the frozen Grand position
	// defines the King's drawing, the White and Black Kings, the White
	// tokens' disc, the KnightRider's token and the frozen badge.
	if n := strings.Count(string(render(t, all["grand-frozen"])), `<g id="`); n != 6 {
		t.Errorf("grand-frozen defines %d groups, want 6", n)
	}
	// The Dev is one piece, twice as large.
	dev := string(render(t, all["giant-dev"]))
	if n, m := strings.Count(dev, "<g><title>"), strings.Count(dev, "matrix(2 0 0 2 "); n != 4 || m != 1 {
		t.Errorf("giant-dev places %d pieces (want 2 Kings, a Dev and the side to move) and %d large (want 1)", n, m)
	}
}

func attr(tag, name string) int {
	m := regexp.MustCompile(` ` + name + `="([0-9]+)"`).FindStringSubmatch(tag)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestPNG renders every golden picture with rsvg-convert and checks the
// image: its width is the picture's width and it is not blank.
func TestPNG(t *testing.T) {
	rsvg, err := exec.LookPath("rsvg-convert")
	if err != nil {
		t.Fatal("rsvg-convert not found: install Debian's librsvg2-bin (scripts/test.sh does)")
	}
	tmp := t.TempDir()
	if pngDir != "" {
		if err := os.MkdirAll(pngDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range goldens(t) {
		t.Run(g.name, func(t *testing.T) {
			svg := render(t, g)
			head := string(svg[:bytes.IndexByte(svg, '>')])
			in := filepath.Join(tmp, g.name+".svg")
			out := filepath.Join(tmp, g.name+".png")
			if err := os.WriteFile(in, svg, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(rsvg, "-o", out, in)
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("rsvg-convert: %v: %s", err, msg)
			} else if len(msg) > 0 {
				t.Errorf("rsvg-convert says: %s", msg)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("the PNG does not decode: %v", err)
			}
			b := img.Bounds()
			if w, h := attr(head, "width"), attr(head, "height"); b.Dx() != w || b.Dy() != h {
				t.Errorf("PNG is %dx%d, want %dx%d", b.Dx(), b.Dy(), w, h)
			}
			if n := colours(img); n <= 2 {
				t.Errorf("PNG has %d colours: blank", n)
			}
			if pngDir != "" {
				if err := os.WriteFile(filepath.Join(pngDir, g.name+".png"), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// colours counts the distinct colours of img, up to 1000.
func colours(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
			if len(seen) >= 1000 {
				return len(seen)
			}
		}
	}
	return len(seen)
}

// TestSize keeps the 16x16 Bigorra middle game (150 pieces, 33 types)
// under 30 KB with coordinates and markings.
func TestSize(t *testing.T) {
	p := position(t, rules.MustBuiltin("bigorra"), bigorraMiddlegame)
	o := Options{Coordinates: true, LastMove: squares("a10", "a11"), Arrows: [][2]rules.Square{{sq("j8"), sq("j11")}}}
	if n := len(SVG(p, o)); n >= 30000 {
		t.Errorf("the Bigorra middle game takes %d bytes, over 30000", n)
	}
}

// BenchmarkSVGBigorra draws the 16x16 Bigorra middle game (150 pieces)
// with coordinates, a last move and an arrow.
func BenchmarkSVGBigorra(b *testing.B) {
	p := position(b, rules.MustBuiltin("bigorra"), bigorraMiddlegame)
	o := Options{Coordinates: true, LastMove: squares("a10", "a11"), Arrows: [][2]rules.Square{{sq("j8"), sq("j11")}}}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(SVG(p, o))
	}
	b.ReportMetric(float64(n), "svg-bytes")
}

// BenchmarkSVGBigorraPlain is the same position without coordinates or markings.
func BenchmarkSVGBigorraPlain(b *testing.B) {
	p := position(b, rules.MustBuiltin("bigorra"), bigorraMiddlegame)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(SVG(p, Options{}))
	}
	b.ReportMetric(float64(n), "svg-bytes")
}

func ptr(s rules.Square) *rules.Square { return &s }
