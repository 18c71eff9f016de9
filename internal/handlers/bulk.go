package handlers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/pgn"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// Bulk adjudication: POST /v1/games/adjudicate/bulk (the operation
// adjudicateBulk) with an NDJSON body, one game (an adjudication request) a
// line, or a PGN file, a game a PGN game, answered by an NDJSON stream, one
// answer a line, in the order of the games, each written as soon as it and
// the games before it are done. Memory is bounded however many games come:
// a game is read only when a place in the window of games in progress is
// free. Each game gets the limits of a single request (its line at most
// --max-body-bytes, its moves at most --max-moves); the request's time
// budget covers the whole stream, and a last line says where it stopped
// when the budget runs out. The games are replayed in the pool of heavy
// work, as many at once as the pool has workers, sharing its slots with
// every other heavy request; each in its worker, not shared with an
// identical single request in flight.
//
// A stream is admitted as a heavy request is: it holds one of the pool's
// places (workers + queue) for its whole life, and is refused with 429
// overloaded and Retry-After, before its body is read, when none is free;
// so at most that many streams read and hold games at once. What one
// stream holds is bounded twice: at most bulkWindow games per worker in
// progress, and at most --bulk-buffer-bytes of lines read ahead and of
// answers not yet written (the reader waits for room; a game's answer is
// counted without waiting, so the bound can be passed by the answers of
// the games in progress). A client that reads its answers slowly holds
// the stream's writes, so the reader stops reading: back-pressure, not
// growing buffers.

const mimeNDJSON = "application/x-ndjson"

// The media types of a PGN file: a bulk adjudication may send one, its
// games answered as the NDJSON lines are.
var mimePGN = map[string]bool{"application/x-chess-pgn": true, "application/vnd.chess-pgn": true}

// bulkWindow is how many games per worker may be read ahead of the one the
// answer stream waits for.
const bulkWindow = 4

// opBulk is the operationId of bulk adjudication, the one operation whose
// body is streamed.
const opBulk = "adjudicateBulk"

// bulkPath is the path of bulk adjudication, named in the problems of a
// bulk body sent elsewhere.
const bulkPath = "/v1/games/adjudicate/bulk"

// isBulk says whether a request's body is NDJSON or a PGN file.
func isBulk(req *http.Request) bool {
	mt, _, _ := mime.ParseMediaType(req.Header.Get(echo.HeaderContentType))
	return mt == mimeNDJSON || mimePGN[mt]
}

// bulkMedia says whether validate hands req to the bulk stream unread:
// when op is adjudicateBulk and the body is NDJSON or a PGN file. Any
// other body of adjudicateBulk, and a bulk body sent to adjudicate (where
// bulk adjudication was until bulk got its own operation, so that
// generated clients see one media type an answer), are refused with 415
// before the body is read, naming the operation to use instead.
func bulkMedia(op string, req *http.Request) (stream bool, err error) {
	ct := req.Header.Get(echo.HeaderContentType)
	switch {
	case op == opBulk && isBulk(req):
		return true, nil
	case op == opBulk:
		return false, problem(codeUnsupportedMedia, "Content-Type",
			"the body of a bulk adjudication must be %s, application/x-chess-pgn or application/vnd.chess-pgn, not %q: send a single game as JSON to POST /v1/games/adjudicate", mimeNDJSON, ct)
	case op == "adjudicate" && isBulk(req):
		return false, problem(codeUnsupportedMedia, "Content-Type",
			"the body must be application/json, not %q: send NDJSON and PGN files of many games to POST %s", ct, bulkPath)
	}
	return false, nil
}

// bulkStop is the last line of a stream that ended before its games did.
type bulkStop struct {
	Index   int      `json:"index"` // the first game not answered
	Stopped bool     `json:"stopped"`
	Problem *Problem `json:"problem"`
}

// bulkProblem is the answer line of a game refused as a whole (a bad line,
// an unknown variant, too many moves).
type bulkProblem struct {
	Index   int      `json:"index"`
	Problem *Problem `json:"problem"`
}

// bulkAnswer is the answer line of an adjudicated game: its index and the
// single request's answer.
type bulkAnswer struct {
	Index int `json:"index"`
	*adjudication
}

// bulkGame is one game of the stream, with its answer once done.
type bulkGame struct {
	index int
	line  []byte
	bad   *Problem    // the game cannot be read: its answer is this problem
	stop  *Problem    // a read error: the stream ends here
	done  chan []byte // the answer line, with its newline
}

func (s *Server) adjudicateBulk(c echo.Context) error {
	leave, err := s.pool.admit()
	if err != nil {
		return err
	}
	defer leave()
	s.metrics.bulkStreams.Inc()
	defer s.metrics.bulkStreams.Dec()
	ctx, cancel := context.WithCancel(c.Request().Context())
	req, res := c.Request(), c.Response()
	body := http.MaxBytesReader(res, req.Body, s.cfg.MaxBulkBytes)
	// Answers go out while games are still read. The status goes out with
	// the first answer line, after the first read: a client that sent
	// Expect: 100-continue gets its 100 Continue, not a final status it
	// would first wait out.
	_ = http.NewResponseController(res).EnableFullDuplex()
	res.Header().Set(echo.HeaderContentType, mimeNDJSON)

	workers := cap(s.pool.slots)
	order := make(chan *bulkGame, bulkWindow*workers)
	jobs := make(chan *bulkGame, bulkWindow*workers)
	room := newByteBudget(s.cfg.BulkBufferBytes)
	var wg sync.WaitGroup
	wg.Add(1 + workers)
	source := s.ndjsonSource(body)
	if mt, _, _ := mime.ParseMediaType(req.Header.Get(echo.HeaderContentType)); mimePGN[mt] {
		source = s.pgnSource(body)
	}
	go func() { defer wg.Done(); s.readBulk(ctx, source, room, order, jobs) }()
	for range workers {
		go func() {
			defer wg.Done()
			for g := range jobs {
				line := s.bulkLine(ctx, g)
				room.give(len(g.line)) // the game's line is read: its answer counts now
				g.line = nil
				room.force(len(line))
				g.done <- line
			}
		}()
	}
	defer func() {
		// The reader may be blocked on the body: closing it ends the read.
		cancel()
		_ = req.Body.Close()
		wg.Wait()
	}()

	flush := http.NewResponseController(res)
	stop := func(index int, p *Problem) error {
		return writeLine(res, flush, bulkStop{Index: index, Stopped: true, Problem: p})
	}
	// An answer ready when the one before it is written follows it into
	// the same write; the stream is flushed before any wait, so that no
	// answer waits for a later one. Nothing is flushed before the first
	// answer: that would send the status before the body is read.
	first := 0 // the first game not answered
	for {
		var g *bulkGame
		select {
		case g = <-order:
		default:
			if first > 0 {
				_ = flush.Flush()
			}
			select {
			case g = <-order:
			case <-ctx.Done():
				return stop(first, toProblem(ctx.Err()))
			}
		}
		if g == nil { // all read and answered
			if err := ctx.Err(); err != nil {
				return stop(first, toProblem(err))
			}
			return nil
		}
		if g.stop != nil {
			return stop(first, g.stop)
		}
		var line []byte
		select {
		case line = <-g.done:
		default:
			if first > 0 {
				_ = flush.Flush()
			}
			select {
			case line = <-g.done:
			case <-ctx.Done():
				return stop(first, toProblem(ctx.Err()))
			}
		}
		_, err := res.Write(line)
		room.give(len(line))
		if err != nil {
			return nil // the client went away
		}
		first = g.index + 1
	}
}

func writeLine(w io.Writer, rc *http.ResponseController, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, _ = w.Write(append(b, '\n'))
	_ = rc.Flush()
	return nil
}

// bulkSource yields the games of a bulk body one by one: a JSON line (an
// adjudication request), or a problem for a game that cannot be read
// (bad), and io.EOF at the end; any other error ends the stream.
type bulkSource func() (line []byte, bad *Problem, err error)

// ndjsonSource reads one game a line; blank lines are skipped.
func (s *Server) ndjsonSource(body io.Reader) bulkSource {
	br := bufio.NewReaderSize(body, 64<<10)
	return func() ([]byte, *Problem, error) {
		for {
			line, err := readLine(br, s.cfg.MaxBodyBytes)
			if len(bytes.TrimSpace(line)) > 0 {
				if err == io.EOF {
					err = nil // the last line; EOF comes with the next call
				}
				return line, nil, err
			}
			if err != nil {
				return nil, nil, err
			}
		}
	}
}

// pgnSource reads the games of a PGN file, each becoming the request
// {"pgn": ...} of its text as pgn writes it back; a game that does not
// read is answered with its invalid-pgn problem, and the next one read.
func (s *Server) pgnSource(body io.Reader) bulkSource {
	r := pgn.NewReader(body, pgn.Options{MaxGameBytes: int(s.cfg.MaxBodyBytes), MaxMoves: s.cfg.MaxMoves})
	return func() ([]byte, *Problem, error) {
		g, err := r.Next()
		var se *pgn.SyntaxError
		switch {
		case errors.As(err, &se):
			p := problem(codeInvalidPGN, "pgn", "game %d, line %d, column %d: %s", se.Game, se.Line, se.Column, se.Msg).withOffset(se.Offset)
			p.Line, p.Column = &se.Line, &se.Column
			return nil, p, nil
		case err != nil:
			return nil, nil, err
		}
		var sb strings.Builder
		number, black := g.FirstMove()
		if err := pgn.WriteNumbered(&sb, g, number, black); err != nil {
			return nil, problem(codeInvalidPGN, "pgn", "game %d: %v", g.Number, err), nil
		}
		line, err := json.Marshal(map[string]string{"pgn": sb.String()})
		return line, nil, err
	}
}

// readBulk reads the games and hands each to the answer stream (order)
// and to a worker (jobs), in that order, so that the stream never waits
// for a game no worker has. A read error (a line or a body too large, a
// broken connection, too many games) ends the stream with a game that
// carries it.
func (s *Server) readBulk(ctx context.Context, next bulkSource, room *byteBudget, order, jobs chan<- *bulkGame) {
	defer close(order)
	defer close(jobs)
	send := func(g *bulkGame) bool {
		select {
		case order <- g:
		case <-ctx.Done():
			return false
		}
		if g.stop != nil {
			return false
		}
		select {
		case jobs <- g:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for index := 0; ; index++ {
		line, bad, err := next()
		switch {
		case err == io.EOF:
			return
		case err != nil:
			send(&bulkGame{index: index, stop: bulkReadProblem(err, s.cfg)})
			return
		case index >= s.cfg.MaxBulkGames:
			send(&bulkGame{index: index, stop: problem(string(rules.ErrLimitExceeded), "",
				"at most %d games per bulk request", s.cfg.MaxBulkGames)})
			return
		}
		if room.take(ctx, len(line)) != nil {
			return
		}
		if !send(&bulkGame{index: index, line: line, bad: bad, done: make(chan []byte, 1)}) {
			return
		}
	}
}

var errLineTooLong = errors.New("line too long")

// readLine reads one line, without its newline, of at most limit bytes.
func readLine(br *bufio.Reader, limit int64) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if int64(len(line)+len(chunk)) > limit+1 {
			return nil, errLineTooLong
		}
		line = append(line, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == nil {
			line = line[:len(line)-1]
		}
		return line, err
	}
}

func bulkReadProblem(err error, cfg Config) *Problem {
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, errLineTooLong):
		return problem(codeBodyTooLarge, "", "a game's line is longer than %d bytes", cfg.MaxBodyBytes)
	case errors.As(err, &tooBig):
		return problem(codeBodyTooLarge, "", "the body is larger than %d bytes", cfg.MaxBulkBytes)
	}
	return problem(codeBadRequest, "", "reading the body: %v", err)
}

// bulkLine adjudicates one game in a slot of the pool and returns its
// answer line.
func (s *Server) bulkLine(ctx context.Context, g *bulkGame) []byte {
	if g.bad != nil {
		b, _ := json.Marshal(bulkProblem{Index: g.index, Problem: g.bad})
		return append(b, '\n')
	}
	var out any
	err := s.heavyWait(ctx, func(ctx context.Context) error {
		req, err := s.bulkDecode(ctx, g.line)
		if err != nil {
			return err
		}
		a, err := s.adjudicateGame(ctx, req)
		if err != nil {
			return err
		}
		out = bulkAnswer{Index: g.index, adjudication: a}
		return nil
	})
	if err != nil {
		p := toProblem(err)
		if p.Status >= 500 && p.Code != codeTimeout {
			s.log.Error("bulk adjudication", zap.Int("index", g.index), zap.Error(err))
		}
		out = bulkProblem{Index: g.index, Problem: p}
	}
	b, err := s.encodeAnswer(out, "")
	if err != nil {
		p, ok := err.(*Problem) // past the answer budget
		if !ok {
			p = problem(codeInternal, "", "internal error")
		}
		b, _ = json.Marshal(bulkProblem{Index: g.index, Problem: p})
		b = append(b, '\n')
	}
	return b
}

// bulkDecode checks one line as validate checks a single request's body
// (the JSON grammar, nesting and repeated keys in the pass that decodes
// it, then the AdjudicateRequest schema) and makes the request of it.
func (s *Server) bulkDecode(ctx context.Context, line []byte) (*adjudicateRequest, error) {
	doc, err := decodeJSON(ctx, line)
	if err != nil {
		return nil, err
	}
	if err := s.spec.bulkSchema.VisitJSON(doc); err != nil {
		var se *openapi3.SchemaError
		if errors.As(err, &se) {
			return nil, schemaProblem(se)
		}
		return nil, problem(codeSchemaViolation, "", "%v", err)
	}
	if req, ok := adjudicateFromDoc(doc); ok {
		return req, nil
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	var req adjudicateRequest
	if err := dec.Decode(&req); err != nil {
		return nil, problem(codeBadRequest, "", "%v", err)
	}
	return &req, nil
}

// adjudicateFromDoc builds an adjudication request from its JSON document,
// already checked against the schema, when it has the common shape: a
// variant named by its id, and fen, moves, pgn, pgnOut and claim as their
// JSON types, each key spelled as the schema spells it. It says false for
// anything else (a definition, a null, a key Decode would match in another
// case), which the decoder then reads: both give the same request
// (FuzzBulkDecode).
func adjudicateFromDoc(doc any) (*adjudicateRequest, bool) {
	m, ok := doc.(map[string]any)
	if !ok {
		return nil, false
	}
	req := &adjudicateRequest{}
	for k, v := range m {
		switch k {
		case "variant":
			if req.Variant, ok = v.(string); !ok {
				return nil, false
			}
		case "fen", "pgn":
			s, ok := v.(string)
			if !ok {
				return nil, false
			}
			if k == "fen" {
				req.FEN = &s
			} else {
				req.PGN = &s
			}
		case "moves":
			moves, ok := docMoves(v)
			if !ok || moves == nil {
				return nil, false
			}
			req.Moves = moves
		case "pgnOut":
			if req.PGNOut, ok = v.(bool); !ok {
				return nil, false
			}
		case "claim":
			c, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			req.Claim = &claim{}
			for ck, cv := range c {
				s, ok := cv.(string)
				switch {
				case !ok:
					return nil, false
				case ck == "type":
					req.Claim.Type = s
				case ck == "by":
					req.Claim.By = s
				default:
					return nil, false
				}
			}
		default:
			return nil, false
		}
	}
	return req, true
}

// heavyWait runs fn in a slot of the pool of heavy work, waiting for one as
// long as ctx allows: the games of a bulk request queue for the slots with
// every other heavy request instead of being refused one by one. fn's
// context marks it as running in the pool, so that the heavy work inside
// (a compile, a long replay) does not ask for a second slot.
func (s *Server) heavyWait(ctx context.Context, fn func(context.Context) error) error {
	pl := s.pool
	select {
	case pl.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	pl.inflight.Inc()
	defer func() {
		pl.inflight.Dec()
		<-pl.slots
	}()
	return fn(context.WithValue(ctx, inPoolKey{}, true))
}

// inPoolKey marks a context whose work already holds a slot of the pool.
type inPoolKey struct{}

func inPool(ctx context.Context) bool {
	v, _ := ctx.Value(inPoolKey{}).(bool)
	return v
}
