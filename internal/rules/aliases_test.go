package rules

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the alias table of docs/VARIANTS.md from aliases.json")

// TestAliasTableChecks: the embedded table names every built-in variant and
// nothing else, and no name in it (nor any variant's id or name) matches
// two variants.
func TestAliasTableChecks(t *testing.T) {
	ix, err := buildAliasIndex(aliasData, builtinNames())
	if err != nil {
		t.Fatal(err)
	}
	if len(ix.entries) != len(builtins()) {
		t.Errorf("%d entries for %d built-in variants", len(ix.entries), len(builtins()))
	}
}

// TestAliasTableRefusals: a table that breaks a rule is refused, saying
// which rule.
func TestAliasTableRefusals(t *testing.T) {
	variants := map[string]string{"chess": "Chess", "chess960": "Chess960", "grand": "Grand Chess"}
	entry := func(id, aliases string) string { return fmt.Sprintf(`%q: {"aliases": [%s]}`, id, aliases) }
	table := func(entries ...string) []byte {
		return []byte(`{"description": "", "variants": {` + strings.Join(entries, ",") + `}}`)
	}
	a := func(name string) string { return fmt.Sprintf(`{"name": %q, "usedBy": ["x"]}`, name) }
	tests := []struct {
		give []byte
		want string
	}{
		{table(entry("chess", a("normal")), entry("chess960", a("Normal")), entry("grand", "")), `names both`},
		{table(entry("chess", a("Grand-Chess")), entry("chess960", ""), entry("grand", "")), `names both`},
		{table(entry("chess", a("chess 960")), entry("chess960", ""), entry("grand", "")), `names both`},
		{table(entry("chess", ""), entry("chess960", "")), `no entry for the built-in variant grand`},
		{table(entry("chess", ""), entry("chess960", ""), entry("grand", ""), entry("shogi", "")), `shogi is no built-in variant`},
		{table(entry("chess", a(" - ")), entry("chess960", ""), entry("grand", "")), `an empty name`},
		{[]byte(`{"variants": {"chess": {"aliases": [], "extra": 1}}}`), `unknown field`},
	}
	for _, tt := range tests {
		_, err := buildAliasIndex(tt.give, variants)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("buildAliasIndex(%s) = %v; want an error saying %q", tt.give, err, tt.want)
		}
	}
}

// TestResolveVariantEveryName: every built-in variant's id and name, and
// every alias of the table, resolve to that variant, in any case and with
// spaces, hyphens and underscores added or left out.
func TestResolveVariantEveryName(t *testing.T) {
	forms := func(name string) []string {
		return []string{name, strings.ToUpper(name), strings.ToLower(name), " " + name + " ",
			strings.ReplaceAll(name, " ", "_"), strings.ReplaceAll(name, " ", "-"), strings.ReplaceAll(name, " ", "")}
	}
	for id, name := range builtinNames() {
		names := []string{id, name}
		for _, a := range VariantAliases(id) {
			names = append(names, a.Name)
		}
		for _, n := range names {
			for _, f := range forms(n) {
				if got, ok := ResolveVariant(f); got != id || !ok {
					t.Errorf("ResolveVariant(%q) = %q, %v; want %q", f, got, ok, id)
				}
			}
		}
	}
}

func TestResolveVariant(t *testing.T) {
	tests := []struct {
		give, want string
	}{
		{"normal", "chess"},
		{"Standard", "chess"},
		{"From Position", "chess"},
		{"fromPosition", "chess"},
		{"from_position", "chess"},
		{"SetUp", "chess"},
		{"Chess960", "chess960"},
		{"chess 960", "chess960"},
		{"Chess-960", "chess960"},
		{"Fischerandom", "chess960"},
		{"fischerandom", "chess960"},
		{"Fischer Random", "chess960"},
		{"FRC", "chess960"},
		{"960", "chess960"},
		{"Capablanca", "capablanca"},
		{"Capablanca Chess", "capablanca"},
		{"Grand", "grand"},
		{"giant_quick", "giant-quick"},
		{"Giant Chess, quick form", "giant-quick"},
		{"Gigachess II", "gigachess2"},
		{"crazyhouse", ""}, // a variant not served
		{"centaur", ""},    // Fairy-Stockfish's centaur is another game than carrera
		{"caparandom", ""}, // Capablanca from a random array: not served
		{"chess960 ", "chess960"},
		{"", ""},
		{"chess\x00", ""},
	}
	for _, tt := range tests {
		got, ok := ResolveVariant(tt.give)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("ResolveVariant(%q) = %q, %v; want %q", tt.give, got, ok, tt.want)
		}
	}
}

func TestSuggestVariants(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{"chess96", []string{"chess960", "chess"}},
		{"capablnca", []string{"capablanca"}},
		{"capalbanca", []string{"capablanca"}}, // two letters swapped: one edit
		{"fischerrandon", []string{"chess960"}},
		{"chesss", []string{"chess"}},
		{"From Positon", []string{"chess"}},
		{"gran", []string{"grand"}},
		{"xiangqi", nil},
		{"", nil},
		{strings.Repeat("chess", 10000), nil},
	}
	for _, tt := range tests {
		if got := SuggestVariants(tt.give); !slices.Equal(got, tt.want) {
			t.Errorf("SuggestVariants(%.40q) = %q; want %q", tt.give, got, tt.want)
		}
	}
	if got := SuggestVariants("chess"); len(got) > maxSuggestions {
		t.Errorf("SuggestVariants(chess) = %q; want at most %d", got, maxSuggestions)
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"chess", "chess", 0},
		{"chess", "", 5},
		{"chess96", "chess960", 1},
		{"capablnca", "capablanca", 1},
		{"ab", "ba", 1},
		{"kitten", "sitting", 3},
		{"grand", "gothic", 5},
	}
	for _, tt := range tests {
		if got := editDistance([]rune(tt.a), []rune(tt.b)); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d; want %d", tt.a, tt.b, got, tt.want)
		}
		if got := editDistance([]rune(tt.b), []rune(tt.a)); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d; want %d", tt.b, tt.a, got, tt.want)
		}
	}
}

// TestPGNVariantName: the PGN writer's name of every built-in variant reads
// back as that variant; chess gets no tag, chess960 lichess's name.
func TestPGNVariantName(t *testing.T) {
	for id := range builtinNames() {
		name, ok := PGNVariantName(id)
		if id == "chess" {
			if ok {
				t.Errorf("PGNVariantName(chess) = %q, true; want no tag", name)
			}
			continue
		}
		if got, found := ResolveVariant(name); !ok || !found || got != id {
			t.Errorf("PGNVariantName(%s) = %q, %v, which resolves to %q", id, name, ok, got)
		}
	}
	if name, _ := PGNVariantName("chess960"); name != "Chess960" {
		t.Errorf("PGNVariantName(chess960) = %q; want Chess960", name)
	}
	if name, ok := PGNVariantName("my-inline"); name != "my-inline" || !ok {
		t.Errorf("PGNVariantName(my-inline) = %q, %v; want the id", name, ok)
	}
}

// aliasDocTable is the table of docs/VARIANTS.md written from aliases.json.
func aliasDocTable() string {
	var b strings.Builder
	b.WriteString("| id | names other programs use (and who uses them) | PGN `Variant` tag written |\n|---|---|---|\n")
	ids := make([]string, 0)
	for id := range builtinNames() {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		var names []string
		for _, a := range VariantAliases(id) {
			s := "`" + a.Name + "`"
			if len(a.UsedBy) > 0 {
				s += " (" + strings.Join(a.UsedBy, ", ") + ")"
			}
			if a.Note != "" {
				s += ": " + a.Note
			}
			names = append(names, s)
		}
		list := strings.Join(names, "; ")
		if list == "" {
			list = "none"
		}
		tag := "none"
		if name, ok := PGNVariantName(id); ok {
			tag = "`" + name + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", id, list, tag)
	}
	return b.String()
}

// TestVariantsDocAliases: the alias table of docs/VARIANTS.md is the one
// aliases.json holds (go test ./internal/rules -run TestVariantsDocAliases
// -update-docs rewrites it).
func TestVariantsDocAliases(t *testing.T) {
	const path = "../../docs/VARIANTS.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	const open, end = "<!-- aliases: written from internal/rules/aliases.json -->\n", "<!-- /aliases -->"
	i := bytes.Index(doc, []byte(open))
	j := bytes.Index(doc, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("%s has no alias table between %q and %q", path, open, end)
	}
	i += len(open)
	want := aliasDocTable()
	if got := string(doc[i:j]); got != want {
		if *updateDocs {
			out := append(append(slices.Clip(doc[:i]), want...), doc[j:]...)
			if err := os.WriteFile(path, out, 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s: the alias table differs from aliases.json (run with -update-docs); want\n%s", path, want)
	}
}

// FuzzResolveVariant: any name resolves to a built-in variant or to none,
// never panics; normalising is idempotent; a resolved name resolves the
// same once normalised; suggestions are built-in ids, at most three.
func FuzzResolveVariant(f *testing.F) {
	for _, s := range []string{"chess", "From Position", "chess96", "Fischer_Random", "giant-quick", "\xff", "960"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		n := NormalizeVariantName(name)
		if NormalizeVariantName(n) != n {
			t.Errorf("NormalizeVariantName is not idempotent on %q", name)
		}
		id, ok := ResolveVariant(name)
		if ok {
			if _, found := builtins()[id]; !found {
				t.Errorf("ResolveVariant(%q) = %q, not a built-in", name, id)
			}
			if again, _ := ResolveVariant(n); again != id {
				t.Errorf("ResolveVariant(%q) = %q but normalised %q", name, id, again)
			}
		}
		sug := SuggestVariants(name)
		if len(sug) > maxSuggestions {
			t.Errorf("SuggestVariants(%q) = %q", name, sug)
		}
		for _, s := range sug {
			if _, found := builtins()[s]; !found {
				t.Errorf("SuggestVariants(%q) holds %q, no built-in id", name, s)
			}
		}
	})
}
