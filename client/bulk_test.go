package client_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/client"
	"github.com/adjudicator/adjudicator/internal/handlers"
)

// serviceWith runs the service's real handlers with cfg on a local port
// and returns a Service calling it.
func serviceWith(t *testing.T, cfg handlers.Config) *client.Service {
	t.Helper()
	srv, err := handlers.New(cfg, zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	svc, err := client.New(ts.URL, client.WithHTTPDoer(ts.Client()))
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// readAll reads every answer line of a bulk adjudication.
func readAll(t *testing.T, r *client.BulkAnswers) []*client.BulkAnswer {
	t.Helper()
	defer func() { _ = r.Close() }()
	var out []*client.BulkAnswer
	for {
		a, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("Next after %d lines: %v", len(out), err)
		}
		out = append(out, a)
	}
}

func ndjson(t *testing.T, games ...client.AdjudicateRequest) *bytes.Buffer {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, g := range games {
		if err := enc.Encode(g); err != nil {
			t.Fatal(err)
		}
	}
	return &b
}

// TestAdjudicateBulk: NDJSON games through the bulk operation come back
// one line a game, in order, each with the answer Adjudicate gives the
// game alone, or its problem.
func TestAdjudicateBulk(t *testing.T) {
	svc := serviceWith(t, handlers.DefaultConfig())
	ctx := context.Background()
	chess, nosuch := "chess", "nosuch"
	games := []client.AdjudicateRequest{
		{Variant: &chess, Moves: &[]string{"f3", "e5", "g4", "Qh4#"}},
		{Variant: &nosuch, Moves: &[]string{}},
		{Variant: &chess, Moves: &[]string{"e4", "e5", "Ke3"}},
	}
	r, err := svc.AdjudicateBulk(ctx, client.BulkNDJSON, ndjson(t, games...))
	if err != nil {
		t.Fatalf("AdjudicateBulk: %v", err)
	}
	got := readAll(t, r)
	if len(got) != len(games) {
		t.Fatalf("%d answer lines for %d games", len(got), len(games))
	}
	for i, a := range got {
		if a.Index != i || a.Stopped {
			t.Errorf("line %d: index %d, stopped %v", i, a.Index, a.Stopped)
		}
		alone, err := svc.Adjudicate(ctx, games[i])
		var p *client.Problem
		switch {
		case errors.As(err, &p):
			if a.Result != nil || a.Problem == nil || a.Problem.Code != p.Code || a.Problem.Status != p.Status {
				t.Errorf("game %d: bulk %+v; alone the problem %v", i, a, p)
			}
		case err != nil:
			t.Fatal(err)
		default:
			if a.Problem != nil || a.Result == nil || a.Result.Result != alone.Result || a.Result.Reason != alone.Reason ||
				a.Result.Legal != alone.Legal || a.Result.Plies != alone.Plies || a.Result.Fen != alone.Fen {
				t.Errorf("game %d: bulk %+v; alone %+v", i, a.Result, alone)
			}
		}
	}
	if got[1].Problem == nil || got[1].Problem.Code != client.ProblemCodeUnknownVariant {
		t.Errorf("the unknown variant's line: %+v; want its unknown-variant problem", got[1])
	}
}

// TestAdjudicateBulkPGN: a PGN file is a bulk body too.
func TestAdjudicateBulkPGN(t *testing.T) {
	svc := serviceWith(t, handlers.DefaultConfig())
	file := "[Event \"a\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. e4 *\n"
	r, err := svc.AdjudicateBulk(context.Background(), client.BulkPGN, strings.NewReader(file))
	if err != nil {
		t.Fatalf("AdjudicateBulk: %v", err)
	}
	got := readAll(t, r)
	if len(got) != 2 || got[0].Result == nil || got[0].Result.Reason != "checkmate" || got[1].Result == nil || got[1].Result.Plies != 1 {
		t.Fatalf("answers %+v; want the checkmate, then one ply", got)
	}
}

// TestAdjudicateBulkStopped: the last line of a stream that stops early
// reads as Stopped, with the first game not answered and the problem.
func TestAdjudicateBulkStopped(t *testing.T) {
	cfg := handlers.DefaultConfig()
	cfg.MaxBulkGames = 1
	svc := serviceWith(t, cfg)
	chess := "chess"
	g := client.AdjudicateRequest{Variant: &chess, Moves: &[]string{"e4"}}
	r, err := svc.AdjudicateBulk(context.Background(), client.BulkNDJSON, ndjson(t, g, g))
	if err != nil {
		t.Fatalf("AdjudicateBulk: %v", err)
	}
	got := readAll(t, r)
	if len(got) != 2 || got[0].Result == nil || got[0].Stopped {
		t.Fatalf("answers %+v; want a game, then the stop", got)
	}
	if s := got[1]; !s.Stopped || s.Index != 1 || s.Result != nil || s.Problem == nil || s.Problem.Code != client.ProblemCodeLimitExceeded {
		t.Errorf("last line %+v (problem %v); want stopped at 1 with limit-exceeded", s, s.Problem)
	}
}

// TestAdjudicateBulkRefused: a body that is no bulk body is the service's
// 415 problem, an error before any line.
func TestAdjudicateBulkRefused(t *testing.T) {
	svc := serviceWith(t, handlers.DefaultConfig())
	r, err := svc.AdjudicateBulk(context.Background(), "application/json", strings.NewReader(`{"variant":"chess"}`))
	var p *client.Problem
	if !errors.As(err, &p) || p.Status != 415 || p.Code != client.ProblemCodeUnsupportedMediaType {
		t.Fatalf("AdjudicateBulk(JSON) = %v, %v; want the 415 unsupported-media-type problem", r, err)
	}
}
