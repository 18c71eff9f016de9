package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// runSetup prints the FEN of a reproducible start position built by
// rules.GenerateSetup.
func runSetup(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("setup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := addVariantFlags(fs, "grand")
	mode := fs.String("mode", "classical", "classical, classical-random, classical-selected, random, selected or chess960")
	count := fs.Int("count", 0, "pieces to draw: extras in classical-random, pieces including the King in random")
	pieces := fs.String("pieces", "", "comma-separated upper-case letters of the selected pieces, without the King (e.g. G,X,B'')")
	duplicates := fs.Bool("duplicates", false, "the same piece type may appear more than once")
	mirror := fs.Bool("mirror", false, "Black is White rotated by 180 degrees instead of mirrored across the middle rank")
	promotion := fs.String("promotion", "", "promotion type: captured (default), initial or all")
	seed := fs.Uint64("seed", 0, "seed: the same options and seed give the same setup")
	number := fs.Int("number", -1, "mode chess960: the array's number, 0 to 959 (518: FIDE chess's); default: drawn from the seed")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "setup: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	v, err := variant.resolve(fs)
	if err != nil {
		fmt.Fprintf(stderr, "setup: %v\n", err)
		return 2
	}
	o := rules.SetupOptions{Mode: *mode, Count: *count, Duplicates: *duplicates, Mirror: *mirror,
		Promotion: *promotion, Seed: *seed, Number: *number}
	if *pieces != "" {
		for _, l := range strings.Split(*pieces, ",") {
			o.Pieces = append(o.Pieces, strings.TrimSpace(l))
		}
	}
	fen, err := rules.GenerateSetup(v, o)
	if err != nil {
		fmt.Fprintf(stderr, "setup: %v\n", err)
		return 2
	}
	fmt.Fprintln(stdout, fen)
	return 0
}
