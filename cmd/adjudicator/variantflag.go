package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// variantFlags are the flags of a subcommand that works on a variant: a
// built-in by its id (--variant), or an inline definition read from a
// file (--definition, "-" for standard input), the JSON a request's
// "definition" holds, so that a custom variant can be checked without a
// server.
type variantFlags struct {
	id         *string
	definition *string
}

// stdin is what --definition - reads (a test sets it).
var stdin io.Reader = os.Stdin

func addVariantFlags(fs *flag.FlagSet, def string) *variantFlags {
	return &variantFlags{
		id:         fs.String("variant", def, "variant id, or a name other programs give it (normal, fischerandom, \"From Position\"...; adjudicator variants lists the ids)"),
		definition: fs.String("definition", "", "file holding an inline variant definition, as JSON (- for standard input), instead of --variant"),
	}
}

// resolve returns the variant the flags name. fs tells whether --variant
// was given as well as --definition, which is an error.
func (vf *variantFlags) resolve(fs *flag.FlagSet) (*rules.Variant, error) {
	if *vf.definition == "" {
		return builtin(*vf.id)
	}
	both := false
	fs.Visit(func(f *flag.Flag) { both = both || f.Name == "variant" })
	if both {
		return nil, errors.New("give --variant or --definition, not both")
	}
	data, err := vf.read()
	if err != nil {
		return nil, err
	}
	d, err := rules.DecodeDefinition(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", *vf.definition, err)
	}
	v, err := rules.Compile(d)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", *vf.definition, err)
	}
	return v, nil
}

// builtin returns the built-in variant that name names, by its id or any
// alias (rules.ResolveVariant); for a name that matches none, an error
// naming the closest ids.
func builtin(name string) (*rules.Variant, error) {
	id, ok := rules.ResolveVariant(name)
	if !ok {
		msg := fmt.Sprintf("unknown variant %q", name)
		if sug := rules.SuggestVariants(name); len(sug) > 0 {
			msg += " (did you mean " + strings.Join(sug, ", ") + "?)"
		}
		return nil, errors.New(msg + "; adjudicator variants lists them")
	}
	return rules.Builtin(id)
}

// read reads the definition, at most rules.MaxDefinitionBytes and one more
// so that DecodeDefinition says when it is larger.
func (vf *variantFlags) read() ([]byte, error) {
	r := stdin
	if name := *vf.definition; name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	return io.ReadAll(io.LimitReader(r, rules.MaxDefinitionBytes+1))
}
