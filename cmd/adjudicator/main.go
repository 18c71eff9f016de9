// Command adjudicator is the Adjudicator service and its command-line tools.
//
//	adjudicator serve [flags]
//	adjudicator perft --variant V | --definition FILE [--fen F] --depth N [--divide] [--workers W]
//	adjudicator setup [--variant V | --definition FILE] [--mode M] [--count N] [--seed S] ...
//
// See README.md for every subcommand.
package main

import (
	"fmt"
	"io"
	"os"
)

// version is stamped at build time: go build -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one subcommand and returns the process exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	switch args[0] {
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "perft":
		return runPerft(args[1:], stdout, stderr)
	case "setup":
		return runSetup(args[1:], stdout, stderr)
	case "variants":
		return runVariants(args[1:], stdout, stderr)
	case "import":
		return runImport(args[1:], stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, version)
		return 0
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "adjudicator: unknown command %q\n%s\n", args[0], usage)
	return 2
}

const usage = `usage:
  adjudicator serve [--addr :8080] [flags]   (adjudicator serve -h lists them)
  adjudicator perft --variant V | --definition FILE [--fen F] --depth N [--divide] [--workers W]
  adjudicator setup [--variant V | --definition FILE] [--mode M] [--count N] [--pieces L,L] [--duplicates] [--mirror] [--promotion T] [--seed S]
  adjudicator import FILE|- [--section NAME]   (a Fairy-Stockfish variants.ini)
  adjudicator variants
  adjudicator version`
