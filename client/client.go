package client

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"
)

// Service calls an Adjudicator service. Each method sends one request (and
// repeats it on 429 and 503, as RetryDoer says) and returns the decoded
// answer of a success, or an error: a *Problem when the service reports one,
// a *StatusError for any other answer, or the error of the transport or of
// the context. A Service is safe for concurrent use.
type Service struct {
	raw *Client
}

// Option configures New.
type Option func(*settings)

type settings struct {
	doer        HttpRequestDoer
	maxAttempts int
	maxWait     time.Duration
	editors     []RequestEditorFn
}

// WithHTTPDoer sends the requests with d (an *http.Client with its own
// transport, timeouts or certificates, say) instead of http.DefaultClient.
func WithHTTPDoer(d HttpRequestDoer) Option {
	return func(s *settings) { s.doer = d }
}

// WithMaxAttempts sets the most attempts of one request, the first included
// (at least 1; 1 turns retries off). The default is DefaultMaxAttempts.
func WithMaxAttempts(n int) Option {
	return func(s *settings) { s.maxAttempts = n }
}

// WithMaxRetryWait sets the longest Retry-After waited for before repeating a
// request (more than 0); an answer that asks for longer is returned as the
// error. The default is DefaultMaxRetryWait.
func WithMaxRetryWait(d time.Duration) Option {
	return func(s *settings) { s.maxWait = d }
}

// WithRequestEditor has fn change every request before it is sent, to add a
// header for a gateway in front of the service, for example.
func WithRequestEditor(fn RequestEditorFn) Option {
	return func(s *settings) { s.editors = append(s.editors, fn) }
}

// New returns a Service that calls the service at server, an absolute http
// or https URL (https://adjudicator.example.com, or with a path prefix under
// which the service is mounted).
func New(server string, opts ...Option) (*Service, error) {
	s := settings{maxAttempts: DefaultMaxAttempts, maxWait: DefaultMaxRetryWait}
	for _, o := range opts {
		o(&s)
	}
	u, err := url.Parse(server)
	if err != nil {
		return nil, fmt.Errorf("adjudicator: server URL %q: %w", server, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("adjudicator: server URL %q is not an absolute http or https URL", server)
	}
	if s.maxAttempts < 1 {
		return nil, errors.New("adjudicator: WithMaxAttempts needs at least 1 attempt")
	}
	if s.maxWait <= 0 {
		return nil, errors.New("adjudicator: WithMaxRetryWait needs a wait longer than 0")
	}
	copts := []ClientOption{WithHTTPClient(&RetryDoer{Doer: s.doer, MaxAttempts: s.maxAttempts, MaxWait: s.maxWait})}
	for _, fn := range s.editors {
		copts = append(copts, WithRequestEditorFn(fn))
	}
	raw, err := NewClient(server, copts...)
	if err != nil {
		return nil, err
	}
	return &Service{raw: raw}, nil
}

// Generated returns the generated client that s calls, with the same server,
// retries and request editors: for the operations s has no method for (the
// probes, /metrics, the contract, the GET form of the board picture) and for
// the raw answers with their headers.
func (s *Service) Generated() *ClientWithResponses {
	return &ClientWithResponses{ClientInterface: s.raw}
}

// Variants lists the built-in variants (GET /v1/variants).
func (s *Service) Variants(ctx context.Context) (*VariantList, error) {
	return decode[VariantList](s.raw.ListVariants(ctx, nil))
}

// Variant returns the full definition of the built-in variant id (GET
// /v1/variants/{id}).
func (s *Service) Variant(ctx context.Context, id string) (*Definition, error) {
	return decode[Definition](s.raw.GetVariant(ctx, id, nil))
}

// LegalMoves lists every legal move of a position, with its status (POST
// /v1/legal-moves).
func (s *Service) LegalMoves(ctx context.Context, req PositionRequest) (*LegalMovesResult, error) {
	return decode[LegalMovesResult](s.raw.LegalMoves(ctx, req))
}

// Status reports check, checkmate, stalemate and draws of a position (POST
// /v1/status).
func (s *Service) Status(ctx context.Context, req PositionRequest) (*StatusResult, error) {
	return decode[StatusResult](s.raw.Status(ctx, req))
}

// ValidateMove says whether one move is legal, and gives the position after
// it (POST /v1/validate-move). An illegal, ambiguous or unreadable move is a
// result with Legal false and its Problem, not an error.
func (s *Service) ValidateMove(ctx context.Context, req ValidateMoveRequest) (*ValidateMoveResult, error) {
	return decode[ValidateMoveResult](s.raw.ValidateMove(ctx, req))
}

// Adjudicate replays a whole game and says how it stands or ended (POST
// /v1/games/adjudicate). An illegal move is a result with Legal false, not
// an error.
func (s *Service) Adjudicate(ctx context.Context, req AdjudicateRequest) (*AdjudicationResult, error) {
	return decode[AdjudicationResult](s.raw.Adjudicate(ctx, req))
}

// Perft counts the leaf positions a number of plies deep (POST /v1/perft).
func (s *Service) Perft(ctx context.Context, req PerftRequest) (*PerftResult, error) {
	return decode[PerftResult](s.raw.Perft(ctx, req))
}

// Setup makes a start position by a variant's game-creation options (POST
// /v1/setups).
func (s *Service) Setup(ctx context.Context, req SetupRequest) (*SetupResult, error) {
	return decode[SetupResult](s.raw.Setup(ctx, req))
}

// BoardSVG returns a picture of a position as an SVG document (POST
// /v1/board.svg).
func (s *Service) BoardSVG(ctx context.Context, req BoardRequest) ([]byte, error) {
	resp, err := s.raw.BoardPictureOf(ctx, req)
	return answer(resp, err, "image/svg+xml")
}
