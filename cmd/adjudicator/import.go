package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/adjudicator/adjudicator/internal/fsf"
)

// runImport reads a Fairy-Stockfish variant configuration (variants.ini)
// and prints what the import makes of it: with --section, that section's
// definition as JSON, ready for --definition or a request's "definition";
// without, every section as the API answers it. It exits 1 when the
// section asked for, or any section, cannot be imported.
func runImport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	section := fs.String("section", "", "print only this section's definition")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "import: name one file (- for standard input)")
		return 2
	}
	var text []byte
	if name := files[0]; name == "-" {
		text, err = io.ReadAll(io.LimitReader(stdin, fsf.MaxTextBytes+1))
	} else {
		text, err = os.ReadFile(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "import: %v\n", err)
		return 2
	}
	secs, err := fsf.Import(context.Background(), text)
	if err != nil {
		fmt.Fprintf(stderr, "import: %v\n", err)
		return 1
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if *section == "" {
		failed := 0
		for _, s := range secs {
			if s.Definition == nil {
				failed++
			}
		}
		enc.Encode(map[string]any{"variants": secs})
		if failed > 0 {
			fmt.Fprintf(stderr, "import: %d of %d sections cannot be imported\n", failed, len(secs))
			return 1
		}
		return 0
	}
	for _, s := range secs {
		if s.Name != *section {
			continue
		}
		if s.Definition == nil {
			for _, p := range s.Problems {
				fmt.Fprintf(stderr, "import: [%s] %s\n", s.Name, describe(p))
			}
			return 1
		}
		enc.Encode(s.Definition)
		return 0
	}
	fmt.Fprintf(stderr, "import: no section [%s]\n", *section)
	return 1
}

// parseInterspersed parses args with fs, flags before and after the
// arguments that are not flags (FILE --section NAME as well as --section
// NAME FILE), and returns those arguments; after "--" every argument is
// one.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, nil
		}
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			return append(rest, left...), nil
		}
		rest, args = append(rest, left[0]), left[1:]
	}
}

// describe writes a problem on one line: where, which key, what.
func describe(p fsf.Problem) string {
	where := ""
	switch {
	case p.Builtin:
		where = fmt.Sprintf(" (set by the built-in %s)", p.From)
	case p.From != "" && p.Line > 0:
		where = fmt.Sprintf(" (line %d, in [%s])", p.Line, p.From)
	case p.Line > 0:
		where = fmt.Sprintf(" (line %d)", p.Line)
	}
	key := ""
	if p.Key != "" {
		key = p.Key + ": "
	}
	if p.Field != "" {
		key = p.Field + ": "
	}
	return fmt.Sprintf("%s: %s%s%s", p.Code, key, p.Detail, where)
}
