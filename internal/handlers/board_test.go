package handlers_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// svgOK checks a picture answer: 200, image/svg+xml, well-formed XML whose
// root is an svg element.
func svgOK(t *testing.T, what string, code int, ctype string, body []byte) {
	t.Helper()
	if code != http.StatusOK || !strings.HasPrefix(ctype, "image/svg+xml") {
		t.Fatalf("%s = %d %s %.200s; want 200 image/svg+xml", what, code, ctype, body)
	}
	dec := xml.NewDecoder(bytes.NewReader(body))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed XML: %v", what, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("%s: root element %q; want svg", what, root)
	}
}

// TestBoardPicture: GET and POST draw the same bytes for the same request,
// every option is read, and the answer may be cached.
func TestBoardPicture(t *testing.T) {
	srv := newServer(t)
	fen := "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2"
	q := url.Values{"variant": {"chess"}, "fen": {fen}, "lastMove": {"g2g4"}, "marks": {"e5,d4"}, "arrows": {"d8h4"},
		"flip": {"true"}, "coordinates": {"false"}, "size": {"320"}}
	rec := serve(srv.Handler(), get("", "/v1/board.svg?"+q.Encode(), 200).request())
	svgOK(t, "GET /v1/board.svg", rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes())
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age") {
		t.Errorf("GET /v1/board.svg: Cache-Control %q; want a max-age", cc)
	}
	body := jsonText(map[string]any{"variant": "chess", "fen": fen, "lastMove": "g2g4", "marks": []string{"e5", "d4"},
		"arrows": []string{"d8h4"}, "flip": true, "coordinates": false, "size": 320})
	prec := serve(srv.Handler(), post("", "/v1/board.svg", body, 200).request())
	svgOK(t, "POST /v1/board.svg", prec.Code, prec.Header().Get("Content-Type"), prec.Body.Bytes())
	if !bytes.Equal(rec.Body.Bytes(), prec.Body.Bytes()) {
		t.Error("GET and POST of the same request draw different pictures")
	}
	again := serve(srv.Handler(), get("", "/v1/board.svg?"+q.Encode(), 200).request())
	if !bytes.Equal(rec.Body.Bytes(), again.Body.Bytes()) {
		t.Error("the same request drew different bytes")
	}
	plain := serve(srv.Handler(), get("", "/v1/board.svg?variant=chess", 200).request())
	svgOK(t, "GET /v1/board.svg?variant=chess", plain.Code, plain.Header().Get("Content-Type"), plain.Body.Bytes())
	if bytes.Equal(plain.Body.Bytes(), rec.Body.Bytes()) {
		t.Error("the options change nothing in the picture")
	}
}

// TestBoardPictureInline: a POST with an inline definition returns its
// hash, and GET draws it by that hash afterwards.
func TestBoardPictureInline(t *testing.T) {
	srv := newServer(t)
	body := `{"definition":` + losAlamos + `}`
	rec := serve(srv.Handler(), post("", "/v1/board.svg", body, 200).request())
	svgOK(t, "POST /v1/board.svg (inline)", rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes())
	sum := sha256.Sum256([]byte(losAlamos))
	hash := hex.EncodeToString(sum[:])
	if got := rec.Header().Get("Definition-Hash"); got != hash {
		t.Fatalf("Definition-Hash %q; want the SHA-256 of the definition's text %q", got, hash)
	}
	g := serve(srv.Handler(), get("", "/v1/board.svg?definitionHash="+hash, 200).request())
	svgOK(t, "GET /v1/board.svg?definitionHash", g.Code, g.Header().Get("Content-Type"), g.Body.Bytes())
	if !bytes.Equal(g.Body.Bytes(), rec.Body.Bytes()) {
		t.Error("GET by hash draws another picture than the POST")
	}
	other := strings.Repeat("ab", 32)
	if r := serve(srv.Handler(), get("", "/v1/board.svg?definitionHash="+other, 0).request()); r.Code < 400 || r.Code >= 500 {
		t.Errorf("GET by an unknown hash = %d; want a 4xx", r.Code)
	}
}

// TestBoardPictureErrors: bad squares, sizes and FENs are 4xx problems
// naming the field.
func TestBoardPictureErrors(t *testing.T) {
	srv := newServer(t)
	tests := []struct{ query, field string }{
		{"variant=chess&marks=e9", "marks[0]"},
		{"variant=chess&arrows=e2", "arrows[0]"},
		{"variant=chess&lastMove=e2e9", "lastMove"},
		{"variant=chess&check=z1", "check"},
		{"variant=chess&fen=8/8/8/8/8/8/8/8", "fen"},
		{"variant=nochess", "variant"},
		{"variant=chess&size=10", "size"},
		{"variant=chess&definitionHash=" + strings.Repeat("0", 64), "variant"},
	}
	for _, tt := range tests {
		rec := serve(srv.Handler(), get("", "/v1/board.svg?"+tt.query, 0).request())
		p := checkProblem(t, "GET /v1/board.svg?"+tt.query, rec)
		if rec.Code < 400 || rec.Code >= 500 || !strings.HasPrefix(p.Field, tt.field) {
			t.Errorf("GET /v1/board.svg?%s = %d field %q; want a 4xx naming %s", tt.query, rec.Code, p.Field, tt.field)
		}
	}
}
