package handlers_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestLenientInput: a FEN without its clocks or as EPD, castling in lower
// case and a promotion with one possible piece without its suffix are
// accepted through the API, and answered in the normalised form.
func TestLenientInput(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		path, body, want string
	}{
		{"/v1/status", `{"variant":"chess","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"}`,
			`"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"`},
		{"/v1/legal-moves", `{"variant":"chess","fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O; id \"castle\";"}`,
			`"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"`},
		{"/v1/validate-move", `{"variant":"chess","fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","move":"o-o"}`,
			`"uci":"e1g1","san":"O-O"`},
		{"/v1/validate-move", `{"variant":"gigachess2","fen":"7k6/14/4P9/14/14/14/14/14/14/14/14/14/14/6K7 w - - 0 1","move":"e12e14"}`,
			`"uci":"e12e14q"`}, // the Pawn promotes to its one piece
	}
	for _, tt := range tests {
		rec := serve(h, request(http.MethodPost, tt.path, tt.body))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s %s = %d %.400s; want it to hold %s", tt.path, tt.body, rec.Code, rec.Body.String(), tt.want)
		}
	}
}
