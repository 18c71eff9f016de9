package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/adjudicator/adjudicator/internal/rules"
)

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := addVariantFlags(fs, "chess")
	fen := fs.String("fen", "", "start FEN (default: the variant's start position)")
	depth := fs.Int("depth", 1, "depth in plies")
	divide := fs.Bool("divide", false, "print the node count below each root move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *depth < 1 || *depth > rules.MaxPerftDepth {
		fmt.Fprintf(stderr, "perft: depth must be 1 to %d\n", rules.MaxPerftDepth)
		return 2
	}
	v, err := variant.resolve(fs)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	p := v.Start()
	if *fen != "" {
		s, err := rules.ParseFEN(v, *fen)
		if err != nil {
			fmt.Fprintf(stderr, "perft: %v\n", err)
			return 2
		}
		if p, err = rules.NewPosition(s); err != nil {
			fmt.Fprintf(stderr, "perft: %v\n", err)
			return 2
		}
	}
	start := time.Now()
	var total uint64
	if *divide {
		for _, e := range rules.Divide(p, *depth) {
			fmt.Fprintf(stdout, "%s %d\n", p.UCI(e.Move), e.Nodes)
			total += e.Nodes
		}
	} else {
		total = rules.Perft(p, *depth)
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "%d nodes in %v (%.1f M nodes/s)\n", total, el.Round(time.Millisecond), float64(total)/el.Seconds()/1e6)
	fmt.Fprintln(stdout, total)
	return 0
}

func runVariants(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "variants: unexpected argument %q\n", args[0])
		return 2
	}
	vs, err := rules.Builtins()
	if err != nil {
		fmt.Fprintf(stderr, "variants: %v\n", err)
		return 1
	}
	for _, v := range vs {
		fmt.Fprintf(stdout, "%-12s %2dx%-2d %s\n", v.ID(), v.Files(), v.Ranks(), v.Name())
	}
	return 0
}
