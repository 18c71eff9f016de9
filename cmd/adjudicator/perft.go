package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
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
	workers := fs.Int("workers", 1, "goroutines sharing the root moves (1: the serial count; 0: GOMAXPROCS)")
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
	switch {
	case *workers < 0:
		fmt.Fprintln(stderr, "perft: workers must be at least 0 (0: GOMAXPROCS)")
		return 2
	case *workers == 0:
		*workers = runtime.GOMAXPROCS(0)
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
	used := rules.PerftWorkers(p, *depth, *workers)
	cpu0, hasCPU := cpuTime()
	start := time.Now()
	total, div, err := countPerft(p, *depth, *divide, used)
	el := time.Since(start)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 1
	}
	cpu1, _ := cpuTime()
	for _, e := range div {
		fmt.Fprintf(stdout, "%s %d\n", p.UCI(e.Move), e.Nodes)
	}
	fmt.Fprintln(stderr, perftRates(total, used, el, cpu1-cpu0, hasCPU))
	fmt.Fprintln(stdout, total)
	return 0
}

// countPerft counts with the given workers; with one, by the serial
// functions the command has always used (no context, no budget), so that
// its rates stay comparable with the earlier measurements.
func countPerft(p *rules.Position, depth int, divide bool, workers int) (uint64, []rules.DivideEntry, error) {
	if workers > 1 {
		return rules.PerftParallel(context.Background(), p, depth, 0, divide, workers)
	}
	if !divide {
		return rules.Perft(p, depth), nil, nil
	}
	div := rules.Divide(p, depth)
	var total uint64
	for _, e := range div {
		total += e.Nodes
	}
	return total, div, nil
}

// perftRates is the timing line of a perft of total leaves counted by
// workers in el of wall time and cpu of CPU time: the rate, the rate a
// worker (the rate over the workers) and, when known, the CPU time and the
// leaves per CPU second.
func perftRates(total uint64, workers int, el, cpu time.Duration, hasCPU bool) string {
	secs := max(el.Seconds(), 1e-9)
	rate := float64(total) / secs / 1e6
	line := fmt.Sprintf("%d nodes in %v (%.1f M nodes/s; workers %d, %.1f M nodes/s a worker", total,
		el.Round(time.Millisecond), rate, workers, rate/float64(workers))
	if hasCPU {
		line += fmt.Sprintf("; CPU %v, %.1f M nodes per CPU second", cpu.Round(time.Millisecond),
			float64(total)/max(cpu.Seconds(), 1e-9)/1e6)
	}
	return line + ")"
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
