package client_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http/httptest"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/client"
	"github.com/adjudicator/adjudicator/internal/handlers"
)

// startService runs the service's real handlers on a local port, as a
// deployed instance would answer.
func startService() *httptest.Server {
	srv, err := handlers.New(handlers.DefaultConfig(), zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		log.Fatal(err)
	}
	return httptest.NewServer(srv.Handler())
}

// The legal moves of a position, a move validated, a game adjudicated and
// the problem of a bad FEN.
func Example() {
	ts := startService()
	defer ts.Close()
	ctx := context.Background()

	svc, err := client.New(ts.URL)
	if err != nil {
		log.Fatal(err)
	}

	chess := "chess"
	fen := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
	moves, err := svc.LegalMoves(ctx, client.PositionRequest{Variant: &chess, Fen: &fen})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("legal moves:", len(moves.Moves), "turn:", moves.Status.Turn)

	verdict, err := svc.ValidateMove(ctx, client.ValidateMoveRequest{Variant: &chess, Fen: &fen, Move: "Nc6"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("Nc6 legal:", verdict.Legal, "as", verdict.Move.Uci, "->", *verdict.Fen)

	game, err := svc.Adjudicate(ctx, client.AdjudicateRequest{
		Variant: &chess,
		Moves:   &[]string{"f3", "e5", "g4", "Qh4#"},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("Fool's mate:", game.Result, game.Reason, "winner", *game.Status.Winner)

	bad := "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	_, err = svc.LegalMoves(ctx, client.PositionRequest{Variant: &chess, Fen: &bad})
	var p *client.Problem
	if errors.As(err, &p) {
		fmt.Println("bad FEN:", p.Status, p.Code, "field", *p.Field, "offset", *p.Offset)
	}
	// Output:
	// legal moves: 29 turn: black
	// Nc6 legal: true as b8c6 -> r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
	// Fool's mate: 0-1 checkmate winner black
	// bad FEN: 422 invalid-fen field fen offset 18
}

// Many games in one request: the answer lines are read as the service
// writes them, one a game, in order.
func ExampleService_AdjudicateBulk() {
	ts := startService()
	defer ts.Close()
	ctx := context.Background()

	svc, err := client.New(ts.URL)
	if err != nil {
		log.Fatal(err)
	}
	games := strings.Join([]string{
		`{"variant": "chess", "moves": ["f3", "e5", "g4", "Qh4#"]}`,
		`{"variant": "chess", "moves": ["e4", "e5"], "claim": {"type": "agreement", "by": "white"}}`,
		`{"variant": "xiangqi-9x10", "moves": []}`,
	}, "\n")
	answers, err := svc.AdjudicateBulk(ctx, client.BulkNDJSON, strings.NewReader(games))
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = answers.Close() }()
	for {
		a, err := answers.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		switch {
		case a.Stopped:
			fmt.Println("stopped before game", a.Index, a.Problem.Code)
		case a.Problem != nil:
			fmt.Println(a.Index, "refused:", a.Problem.Code)
		default:
			fmt.Println(a.Index, a.Result.Result, a.Result.Reason)
		}
	}
	// Output:
	// 0 0-1 checkmate
	// 1 1/2-1/2 draw-agreement
	// 2 refused: unknown-variant
}

// A caller tells the service's errors apart by their stable code.
func ExampleProblem() {
	ts := startService()
	defer ts.Close()

	svc, err := client.New(ts.URL)
	if err != nil {
		log.Fatal(err)
	}
	variant := "xiangqi-9x10"
	_, err = svc.LegalMoves(context.Background(), client.PositionRequest{Variant: &variant})

	var p *client.Problem
	var other *client.StatusError
	switch {
	case errors.As(err, &p) && p.Code == client.ProblemCodeUnknownVariant:
		fmt.Println("not served here:", variant, "field", *p.Field)
	case errors.As(err, &p):
		fmt.Println("the service refused the request:", p.Code)
	case errors.As(err, &other):
		fmt.Println("something in between answered", other.StatusCode)
	case err != nil:
		fmt.Println("no answer:", err)
	}
	// Output:
	// not served here: xiangqi-9x10 field variant
}

// The generated clients repeat requests answered 429 or 503 when they send
// them through a RetryDoer.
func ExampleRetryDoer() {
	ts := startService()
	defer ts.Close()

	c, err := client.NewClientWithResponses(ts.URL,
		client.WithHTTPClient(&client.RetryDoer{Doer: ts.Client(), MaxAttempts: 4}))
	if err != nil {
		log.Fatal(err)
	}
	resp, err := c.GetVariantWithResponse(context.Background(), "chess", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.StatusCode(), resp.JSON200.Name, resp.JSON200.Files, "x", resp.JSON200.Ranks)
	// Output:
	// 200 Chess 8 x 8
}
