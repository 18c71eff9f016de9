package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
)

// The media types of a bulk adjudication's body (AdjudicateBulk).
const (
	// BulkNDJSON is a body of games as NDJSON: one AdjudicateRequest, as
	// JSON, a line. It is also the media type of the answer.
	BulkNDJSON = "application/x-ndjson"
	// BulkPGN is a PGN file of any number of games, each answered as the
	// request {"pgn": ...} of its text would be.
	BulkPGN = "application/x-chess-pgn"
)

// BulkAnswer is one line of a bulk adjudication's answer, the contract's
// BulkAnswer: the game's 0-based Index and either its Result (the answer
// Adjudicate would give the game alone) or the Problem that would refuse
// it alone. On the last line of a stream that ended before its games did
// (the request's time budget ran out, the body was too large or broke
// off, too many games), Stopped is true, Index is the first game not
// answered and Problem says why.
type BulkAnswer struct {
	Index   int
	Stopped bool
	Problem *Problem
	Result  *AdjudicationResult
}

// UnmarshalJSON reads an answer line: the fields of an AdjudicationResult
// beside index, or a problem.
func (a *BulkAnswer) UnmarshalJSON(b []byte) error {
	var head struct {
		Index   *int     `json:"index"`
		Stopped bool     `json:"stopped"`
		Problem *Problem `json:"problem"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return err
	}
	if head.Index == nil {
		return errors.New("a bulk answer line without an index")
	}
	*a = BulkAnswer{Index: *head.Index, Stopped: head.Stopped, Problem: head.Problem}
	if head.Problem != nil {
		return nil
	}
	a.Result = new(AdjudicationResult)
	return json.Unmarshal(b, a.Result)
}

// BulkAnswers reads the answer of a bulk adjudication line by line, as
// the service writes it: each line as soon as its game and the games
// before it are done. Close it when done with it.
type BulkAnswers struct {
	body io.ReadCloser
	dec  *json.Decoder
}

// Next returns the next answer line, and io.EOF after the last. A line
// that does not decode, or a connection that breaks, is an error.
func (r *BulkAnswers) Next() (*BulkAnswer, error) {
	var a BulkAnswer
	if err := r.dec.Decode(&a); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("adjudicator: reading the bulk answer: %w", err)
	}
	return &a, nil
}

// Close closes the answer. Closing it before its end ends the request,
// and the service stops adjudicating its games.
func (r *BulkAnswers) Close() error { return r.body.Close() }

// AdjudicateBulk adjudicates any number of games in one request (POST
// /v1/games/adjudicate/bulk): body is NDJSON (contentType BulkNDJSON, one
// AdjudicateRequest a line) or a PGN file (BulkPGN). The games are read
// as the service answers them, so body may be a stream; the answers are
// read with Next as they come.
//
// A refusal before the stream starts is an error, as with the other
// methods: a *Problem (415 unsupported-media-type, 429 overloaded) or a
// *StatusError. A 429 is repeated, as RetryDoer says, only when the body
// can be sent again: a *bytes.Buffer, *bytes.Reader or *strings.Reader.
// Once the stream has started, a game's problem is in its line.
func (s *Service) AdjudicateBulk(ctx context.Context, contentType string, body io.Reader) (*BulkAnswers, error) {
	resp, err := s.raw.AdjudicateBulkWithBody(ctx, contentType, body)
	if err != nil {
		return nil, err
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); resp.StatusCode != http.StatusOK || mt != BulkNDJSON {
		// answer reads and closes the body, and gives the error it stands
		// for: a success of a media type other than BulkNDJSON is one.
		body, err := answer(resp, nil, BulkNDJSON)
		if err == nil {
			err = &StatusError{StatusCode: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Body: body}
		}
		return nil, err
	}
	return &BulkAnswers{body: resp.Body, dec: json.NewDecoder(resp.Body)}, nil
}
