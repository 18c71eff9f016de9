package pgn_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/adjudicator/adjudicator/internal/pgn"
)

// Example reads a two-game file and writes the first game in the export
// form. The second game holds a drop, which is refused with its position.
func Example() {
	file := `[Event "Casual"]
[White "Anna"]
[Black "Ben"]
[Result "1-0"]

1. e4 e5 2. Qh5?! Nc6 3. Bc4 Nf6?? { [%clk 0:04:51] } (3... g6) 4. Qxf7# 1-0

[Event "Crazyhouse"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. N@e4 *
`
	r := pgn.NewReader(strings.NewReader(file), pgn.Options{})
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g.MoveTexts(), g.Result)
		if err := pgn.Write(os.Stdout, g); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// [e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#] 1-0
	// [Event "Casual"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Anna"]
	// [Black "Ben"]
	// [Result "1-0"]
	//
	// 1. e4 e5 2. Qh5 $6 Nc6 3. Bc4 Nf6 $4 { [%clk 0:04:51] } (3... g6) 4. Qxf7# 1-0
	// pgn: game 2, line 10, column 72: N@e4: drops are not supported (@)
}
