package client

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// answering returns a Service on a server that gives every request the one
// answer.
func answering(t *testing.T, status int, contentType, body string) *Service {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(ts.Close)
	svc, err := New(ts.URL, WithHTTPDoer(ts.Client()), WithMaxAttempts(1))
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func TestProblemFields(t *testing.T) {
	svc := answering(t, 422, "application/problem+json",
		`{"type":"/problems/invalid-fen","title":"Invalid FEN","status":422,"code":"invalid-fen",`+
			`"detail":"rank 6 has 9 files","field":"fen","offset":18,"instance":"/v1/legal-moves"}`)
	_, err := svc.LegalMoves(context.Background(), chessStart())
	var p *Problem
	if !errors.As(err, &p) {
		t.Fatalf("error %v (%T), want a *Problem", err, err)
	}
	if p.Code != "invalid-fen" || p.Status != 422 || p.Type != "/problems/invalid-fen" || p.Title != "Invalid FEN" ||
		p.Detail == nil || *p.Detail != "rank 6 has 9 files" || p.Field == nil || *p.Field != "fen" ||
		p.Offset == nil || *p.Offset != 18 || p.Instance == nil || *p.Instance != "/v1/legal-moves" {
		t.Errorf("problem %+v, not the one sent", p)
	}
	const want = "adjudicator: invalid-fen (422): rank 6 has 9 files (field fen, offset 18)"
	if err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
}

func TestProblemErrorText(t *testing.T) {
	field := "moves[3]"
	for _, c := range []struct {
		p    Problem
		want string
	}{
		{Problem{Code: "overloaded", Status: 429, Title: "Overloaded"}, "adjudicator: overloaded (429): Overloaded"},
		{Problem{Code: "invalid-move", Status: 422, Field: &field}, "adjudicator: invalid-move (422) (field moves[3])"},
	} {
		if got := c.p.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
}

// A problem document without its status takes the answer's.
func TestProblemWithoutStatus(t *testing.T) {
	svc := answering(t, 404, "application/problem+json; charset=utf-8", `{"code":"not-found","title":"Not Found"}`)
	_, err := svc.Variant(context.Background(), "chess")
	var p *Problem
	if !errors.As(err, &p) || p.Code != "not-found" || p.Status != 404 {
		t.Fatalf("error %v, want the not-found problem with status 404", err)
	}
}

// Answers that are neither the success nor a problem are StatusErrors with
// the status, the media type and the body.
func TestStatusErrors(t *testing.T) {
	for _, c := range []struct {
		name        string
		status      int
		contentType string
		body        string
	}{
		{"proxy page", 502, "text/html", "<html>Bad Gateway</html>"},
		{"problem without code", 500, "application/problem+json", `{"title":"oops"}`},
		{"broken problem", 400, "application/problem+json", `{"code":`},
		{"JSON error, not a problem", 401, "application/json", `{"code":"unauthorized"}`},
		{"success of another media type", 200, "text/html", "<html>login</html>"},
		{"no content type", 503, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			svc := answering(t, c.status, c.contentType, c.body)
			_, err := svc.LegalMoves(context.Background(), chessStart())
			var se *StatusError
			if !errors.As(err, &se) {
				t.Fatalf("error %v (%T), want a *StatusError", err, err)
			}
			var p *Problem
			if errors.As(err, &p) {
				t.Errorf("error %v is also a *Problem", err)
			}
			if se.StatusCode != c.status || se.ContentType != c.contentType || string(se.Body) != c.body {
				t.Errorf("StatusError %d %q %q, want %d %q %q", se.StatusCode, se.ContentType, se.Body, c.status, c.contentType, c.body)
			}
			if se.Error() == "" {
				t.Error("empty error text")
			}
		})
	}
}

// A success whose JSON does not decode is an error, not an empty answer.
func TestUndecodableSuccess(t *testing.T) {
	svc := answering(t, 200, "application/json", `{"variant": 7}`)
	got, err := svc.LegalMoves(context.Background(), chessStart())
	if err == nil {
		t.Fatalf("answer %+v, want an error", got)
	}
	var se *StatusError
	var p *Problem
	if errors.As(err, &se) || errors.As(err, &p) {
		t.Errorf("error %v (%T), want a decoding error", err, err)
	}
}

func TestBoardSVG(t *testing.T) {
	svc := answering(t, 200, "image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg"/>`)
	got, err := svc.BoardSVG(context.Background(), BoardRequest{})
	if err != nil || string(got) != `<svg xmlns="http://www.w3.org/2000/svg"/>` {
		t.Fatalf("BoardSVG = %q, %v, want the picture", got, err)
	}
	wrong := answering(t, 200, "application/json", `{}`)
	if _, err := wrong.BoardSVG(context.Background(), BoardRequest{}); err == nil {
		t.Fatal("BoardSVG accepted a JSON answer")
	}
}
