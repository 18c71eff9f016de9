package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/picture"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// Bounds of a board picture's request.
const (
	maxMarks  = 256
	maxArrows = 64
)

// boardRequest is the body of POST /v1/board.svg. GET /v1/board.svg takes
// the same as query parameters, marks and arrows comma-separated, and
// names an inline definition by the hex SHA-256 of its JSON text
// (definitionHash), which this service must have compiled before.
type boardRequest struct {
	variantSpec
	FEN         *string  `json:"fen,omitempty"`
	LastMove    string   `json:"lastMove,omitempty"`    // e2e4: the move that led to the position
	Check       string   `json:"check,omitempty"`       // auto (the default), none, or a square
	Marks       []string `json:"marks,omitempty"`       // squares
	Arrows      []string `json:"arrows,omitempty"`      // e2e4, g1-f3
	Flip        bool     `json:"flip,omitempty"`        // Black at the bottom
	Coordinates *bool    `json:"coordinates,omitempty"` // files and ranks around the board; default true
	Size        int      `json:"size,omitempty"`        // the width in pixels
}

// boardSVG answers POST /v1/board.svg.
func (s *Server) boardSVG(c echo.Context) error {
	var req boardRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	return s.drawBoard(c, &req, false)
}

// boardSVGQuery answers GET /v1/board.svg.
func (s *Server) boardSVGQuery(c echo.Context) error {
	q := c.QueryParams()
	req := boardRequest{variantSpec: variantSpec{Variant: q.Get("variant")}, LastMove: q.Get("lastMove"), Check: q.Get("check")}
	if q.Has("fen") {
		fen := q.Get("fen")
		req.FEN = &fen
	}
	req.Marks = splitList(q.Get("marks"))
	req.Arrows = splitList(q.Get("arrows"))
	req.Flip = q.Get("flip") == "true"
	if q.Has("coordinates") {
		on := q.Get("coordinates") == "true"
		req.Coordinates = &on
	}
	if q.Has("size") {
		n, err := strconv.Atoi(q.Get("size"))
		if err != nil {
			return problem(string(rules.ErrInvalidArgument), "size", "size must be a number of pixels")
		}
		req.Size = n
	}
	if h := q.Get("definitionHash"); h != "" {
		if req.Variant != "" {
			return problem(string(rules.ErrInvalidArgument), "variant", "give either variant or definitionHash, not both")
		}
		v, err := s.hashedVariant(h)
		if err != nil {
			return err
		}
		return s.drawVariantBoard(c, v, &req, true)
	}
	return s.drawBoard(c, &req, true)
}

// hashedVariant returns the compiled inline definition whose text has the
// hex SHA-256 h.
func (s *Server) hashedVariant(h string) (*rules.Variant, error) {
	var key [32]byte
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != len(key) {
		return nil, problem(string(rules.ErrInvalidArgument), "definitionHash", "definitionHash is the SHA-256 of the definition's JSON text, 64 hexadecimal digits")
	}
	copy(key[:], b)
	v, ok := s.variants.inline.Get(key)
	if !ok {
		return nil, problem(string(rules.ErrUnknownVariant), "definitionHash",
			"no inline definition with this hash is known here: send it once (POST /v1/board.svg with definition), or use POST")
	}
	return v, nil
}

func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// drawBoard resolves the request's variant and draws its position.
func (s *Server) drawBoard(c echo.Context, req *boardRequest, get bool) error {
	v, err := s.resolveContext(c.Request().Context(), req.variantSpec)
	if err != nil {
		return err
	}
	return s.drawVariantBoard(c, v, req, get)
}

// drawVariantBoard draws the request's position of v. A GET answer may be
// cached: the same request gives the same bytes.
func (s *Server) drawVariantBoard(c echo.Context, v *rules.Variant, req *boardRequest, get bool) error {
	p := v.Start()
	if req.FEN != nil {
		setup, err := rules.ParseFEN(v, *req.FEN)
		if err == nil {
			p, err = rules.NewPosition(setup)
		}
		if err != nil {
			if re, ok := err.(*rules.Error); ok {
				return fromRules(re, "fen")
			}
			return err
		}
	}
	o, err := boardOptions(v, p, req)
	if err != nil {
		return err
	}
	if get {
		c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	}
	if req.inline() {
		sum := sha256.Sum256(req.Definition)
		c.Response().Header().Set("Definition-Hash", hex.EncodeToString(sum[:]))
	}
	svg := picture.SVG(p, o)
	if len(svg) > s.cfg.MaxAnswerBytes {
		return answerTooLarge(s.cfg.MaxAnswerBytes, "", "")
	}
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}

// boardOptions checks the request's marks and turns them into options.
func boardOptions(v *rules.Variant, p *rules.Position, req *boardRequest) (picture.Options, error) {
	o := picture.Options{Size: req.Size, Flip: req.Flip, Coordinates: req.Coordinates == nil || *req.Coordinates}
	if o.Size == 0 {
		o.Size = picture.DefaultSize
	}
	if o.Size < picture.MinSize || o.Size > picture.MaxSize {
		return o, problem(string(rules.ErrInvalidArgument), "size", "size must be %d to %d pixels, not %d", picture.MinSize, picture.MaxSize, o.Size)
	}
	if req.LastMove != "" {
		from, to, err := squarePair(v, req.LastMove, "lastMove")
		if err != nil {
			return o, err
		}
		o.LastMove = []rules.Square{from, to}
	}
	switch req.Check {
	case "", "auto":
		if c := p.CheckedSquares(); len(c) > 0 {
			o.Check = &c[0] // the King, or a pseudo-royal piece (coregal's Queen)
		}
	case "none":
	default:
		sq, err := v.ParseSquare(req.Check)
		if err != nil {
			return o, problem(string(rules.ErrInvalidArgument), "check", "check is auto, none or a square, not %q", req.Check)
		}
		o.Check = &sq
	}
	if len(req.Marks) > maxMarks || len(req.Arrows) > maxArrows {
		return o, problem(string(rules.ErrLimitExceeded), "marks", "at most %d marks and %d arrows", maxMarks, maxArrows)
	}
	for i, m := range req.Marks {
		sq, err := v.ParseSquare(m)
		if err != nil {
			return o, problem(string(rules.ErrInvalidArgument), "marks["+strconv.Itoa(i)+"]", "%q is not a square of %s", m, v.ID())
		}
		o.Marks = append(o.Marks, sq)
	}
	for i, a := range req.Arrows {
		from, to, err := squarePair(v, a, "arrows["+strconv.Itoa(i)+"]")
		if err != nil {
			return o, err
		}
		o.Arrows = append(o.Arrows, [2]rules.Square{from, to})
	}
	return o, nil
}

// squarePair reads two squares written together (e2e4, a10a12) or with a
// dash (g1-f3).
func squarePair(v *rules.Variant, text, field string) (rules.Square, rules.Square, error) {
	bad := problem(string(rules.ErrInvalidArgument), field, "%q is not two squares of %s (as e2e4 or e2-e4)", text, v.ID())
	split := strings.IndexByte(text, '-')
	if split < 0 {
		// The second square starts at the first letter after a digit.
		for i := 1; i < len(text); i++ {
			if text[i] >= 'a' && text[i] <= 'z' && text[i-1] >= '0' && text[i-1] <= '9' {
				split = i
				break
			}
		}
	}
	if split <= 0 {
		return rules.NoSquare, rules.NoSquare, bad
	}
	a, b := text[:split], strings.TrimPrefix(text[split:], "-")
	from, err1 := v.ParseSquare(a)
	to, err2 := v.ParseSquare(b)
	if err1 != nil || err2 != nil {
		return rules.NoSquare, rules.NoSquare, bad
	}
	return from, to, nil
}
