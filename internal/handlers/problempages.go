package handlers

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// The problem pages: every problem's type is /problems/{code}, and that URI
// answers a page saying what the problem means and what a client does
// about it. /problems lists them all.

// problemHelp explains one problem code to a client developer.
type problemHelp struct {
	Meaning string // what the service refused, and when
	Fix     string // what the client should do
	Example string // a request that gets it, or an answer's detail
}

// problemHelps has an entry for every code of problemKinds (a test keeps
// the two in step).
var problemHelps = map[string]problemHelp{
	codeBadRequest: {
		"The request could not be read: the body is not JSON, a key appears twice in one object, or the body does not decode into the operation's request; or a GET's query string holds a malformed escape (%zz), a semicolon, or a parameter given twice.",
		"Send one JSON object per request, each key once. The detail and the offset (a byte position in the body) say where reading stopped. In a query string, escape with encodeURIComponent or url.Values and give each parameter once; field names the parameter.",
		`{"variant": "chess", "variant": "shako"}`,
	},
	codeJSONTooDeep: {
		"Arrays and objects are nested deeper than 64 levels. No request of this API needs more than a few; the body is refused before it is parsed further.",
		"Flatten the body. The offset is the byte of the bracket that goes too deep.",
		`[[[[ ... ]]]] (65 levels)`,
	},
	codeSchemaViolation: {
		"The body, a parameter or a header does not match the operation's schema in /openapi.yaml: a missing required field, an unknown field or query parameter, a wrong type, a value out of range or not in the listed values.",
		"Read field: it names the part at fault as a path (moves[3], definition.pieces[2].betza). The schema of every request is in the reference at /docs.",
		`{"variant": "chess", "depth": 0} to /v1/perft (depth must be at least 1)`,
	},
	codeBodyTooLarge: {
		"The body is larger than the server's limit (--max-body-bytes, 1 MiB by default). Nothing of it was processed.",
		"Send smaller requests: fewer moves per adjudication, a smaller inline definition.",
		"",
	},
	codeUnsupportedMedia: {
		"An operation got a body of a Content-Type it does not take: a JSON operation another type, bulk adjudication (POST /v1/games/adjudicate/bulk) anything but NDJSON or a PGN file, or POST /v1/games/adjudicate an NDJSON body or a PGN file (those go to the bulk path since bulk adjudication became its own operation).",
		"Send Content-Type: application/json; to POST /v1/games/adjudicate/bulk, application/x-ndjson, application/x-chess-pgn or application/vnd.chess-pgn. The detail names what the operation takes.",
		`Content-Type: text/plain`,
	},
	codeNotFound: {
		"No resource at that path: an unknown route, a problem code or a documentation page that does not exist.",
		"Check the path against /docs. An unknown variant in a path is unknown-variant, not this.",
		`GET /v1/nothing`,
	},
	codeMethodNotAllowed: {
		"The path exists but does not take that method; the Allow header lists those it takes.",
		"Use one of the methods in Allow. Every GET route also answers HEAD; the positions and games operations are POST.",
		`GET /v1/legal-moves`,
	},
	codeTimeout: {
		"The computation did not finish within the request's time budget (--request-timeout, 10 s by default), or the request waited that long for a slot of the pool of heavy work. The answer is 503 with Retry-After.",
		"Retry after Retry-After seconds. If it happens again, the request is too heavy for this server: a shallower perft, fewer moves per request.",
		"",
	},
	codeOverloaded: {
		"The request is heavy (perft, a long replay, an inline definition not in the cache) and the server's pool of heavy work and its queue are full. Nothing was computed. The answer is 429 with Retry-After.",
		"Retry after Retry-After seconds, with backoff. Cheap requests (a built-in variant's legal moves, status, a short game) are never refused so.",
		"",
	},
	codeInternal: {
		"The server failed. This is a bug of the service, logged with the request's id.",
		"Report it with the X-Request-Id of the answer and the request. Retrying is unlikely to help.",
		"",
	},
	string(rules.ErrUnknownVariant): {
		"No built-in variant has that id, name or alias (the names other programs use, such as normal, fischerandom or From Position, are accepted; so is a PGN Variant tag holding one). The status is 422 when a body or query field names it (variant, or pgn for its Variant tag) and 404 when the path does (GET /v1/variants/{id}); the code is the same.",
		"suggestions holds the ids of the closest names, when some are close; GET /v1/variants lists the ids and their aliases. To play a variant the service does not have, send its definition inline in definition (docs/variants).",
		`{"variant": "chesss"}`,
	},
	string(rules.ErrInvalidVariant): {
		"An inline definition breaks a rule of the variant format: a bad board size, a letter used twice, no royal piece, a start FEN that does not fit, an unknown rule switch.",
		"field names the part of the definition at fault; the format is in the variants page of /docs.",
		`"files": 17`,
	},
	string(rules.ErrInvalidBetza): {
		"A piece's movement string is not valid Betza notation as this service reads it.",
		"offset is the byte of the movement string where reading failed; the notation is on the betza page of /docs.",
		`"betza": "WQ3x"`,
	},
	string(rules.ErrInvalidFEN): {
		"The FEN cannot be read for this variant: a wrong number of fields, a rank of the wrong length, an unknown piece letter, a bad castling or en-passant field.",
		"detail names the FEN's field and offset the byte in the FEN. A variant's start FEN (GET /v1/variants/{id}) shows the form.",
		`"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"`,
	},
	string(rules.ErrIllegalPosition): {
		"The FEN reads but the position cannot occur under the variant's rules: not exactly one King per side, the side not to move in check, a Pawn on its first rank, rights without their pieces.",
		"Send a position reachable in the game. detail says which rule it breaks.",
		`two White Kings`,
	},
	string(rules.ErrInvalidMove): {
		"A move text cannot be read in any notation the service accepts (coordinates e2e4, SAN Nf3 or figurine ♘f3, Game Courier P e2-e4). In validate-move this is an answer with legal false, not a problem; in games/adjudicate it is the illegal move's problem.",
		"Send coordinates or SAN; offset is the byte of the move text where reading failed.",
		`"move": "e2e9"`,
	},
	string(rules.ErrIllegalMove): {
		"The move reads but is not legal in the position. reason says why: no-piece, wrong-side, off-board, unreachable, in-check, king-in-check, needs-promotion, bad-promotion, frozen, immobilized, nothing-to-copy, immune, game-over; for castling no-castling-right, castling-out-of-check, castling-blocked, castling-through-attack; not-en-passant for an e.p. suffix on a move that is no en passant capture.",
		"Offer the player the legal moves (POST /v1/legal-moves) instead.",
		`"move": "e2e5" from the start`,
	},
	string(rules.ErrAmbiguousMove): {
		"The move text fits more than one legal move (two Knights can reach the square, or a promotion without its piece).",
		"Add the file or rank of the piece that moves (Nbd2), or the promotion piece (e8=Q), or send coordinates.",
		`"move": "Nd2" with Knights on b1 and f3`,
	},
	string(rules.ErrGameOver): {
		"A move was submitted after the game ended (checkmate, stalemate, an automatic draw).",
		"Stop the game at the move before; games/adjudicate gives the result and its reason.",
		"",
	},
	string(rules.ErrLimitExceeded): {
		"The request is over a budget of the server: a perft deeper or larger than allowed, more moves than --max-moves, an inline definition whose move tables would be too large to build. Nothing heavy was computed.",
		"field names what is over the budget; the limits and their defaults are on the limits page of /docs.",
		`{"variant": "chess", "depth": 7} to /v1/perft`,
	},
	codeInvalidPGN: {
		"The pgn of games/adjudicate cannot be read as one PGN game: an unterminated tag, comment or variation, a token that is no move, a drop or another notation this service does not play, a second game, a result token in the middle.",
		"line and column (and offset, in bytes) point at the bad character. The moves' legality is not this problem: an illegal move is in the 200 answer.",
		`[Event "x"] 1. e4 {unterminated`,
	},
	codeInvalidINI: {
		"The ini of variants/import cannot be read as a Fairy-Stockfish variant configuration at all: a line that is neither a comment (# or ;) nor key = value, a section header without ] or with a name that is not one, no section, a text that is not UTF-8 or too large.",
		"line and column point at the bad place. A section that reads but cannot be imported is not this problem: the 200 answer lists its problems, key by key.",
		`{"ini": "[myvariant:chess]\nthis line has no equals sign"}`,
	},
	string(rules.ErrInvalidArgument): {
		"An argument is well-formed but makes no sense: both variant and definition, neither, a bad square, an option the variant does not have.",
		"detail says which; field names it.",
		`{"variant": "chess", "definition": {...}}`,
	},
}

// problemCodes returns every problem code, sorted.
func problemCodes() []string {
	codes := make([]string, 0, len(problemKinds))
	for c := range problemKinds {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	return codes
}

type problemPageData struct {
	Code, Title string
	Status      int
	problemHelp
}

var problemStyle = `body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#222}
code,pre{font-family:ui-monospace,monospace;background:#f4f4f4;border-radius:3px;padding:0 .2rem}
pre{padding:.6rem;white-space:pre-wrap}table{border-collapse:collapse}td,th{padding:.2rem .6rem;text-align:left;border-bottom:1px solid #ddd}`

var problemTemplates = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Code}}: {{.Title}}</title><style>` + problemStyle + `</style></head><body>
<p><a href="/problems">Problems</a> · <a href="/docs">API reference</a></p>
<h1><code>{{.Code}}</code>: {{.Title}}</h1>
<p>HTTP status <strong>{{.Status}}</strong>{{if eq .Code "unknown-variant"}} (404 when the path names the variant){{end}}. Answered as <code>application/problem+json</code> with <code>"type": "/problems/{{.Code}}"</code> and <code>"code": "{{.Code}}"</code>.</p>
<h2>What it means</h2><p>{{.Meaning}}</p>
<h2>What to do</h2><p>{{.Fix}}</p>
{{if .Example}}<h2>Example</h2><pre>{{.Example}}</pre>{{end}}
<p>Every problem also has <code>title</code>, <code>status</code>, <code>detail</code> (what exactly was wrong), <code>instance</code> (the path), and where they apply <code>field</code> (the request field at fault, as a path), <code>offset</code> (the byte in that field's text) and <code>reason</code>.</p>
</body></html>
{{define "index"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Adjudicator problems</title><style>` + problemStyle + `</style></head><body>
<p><a href="/docs">API reference</a></p>
<h1>Problems</h1>
<p>Every error of the API is an RFC 9457 <code>application/problem+json</code> document. Its <code>code</code> is one of these, stable across versions; its <code>type</code> is the URI of the page that explains it.</p>
<table><tr><th>code</th><th>status</th><th>title</th></tr>
{{range .}}<tr><td><a href="/problems/{{.Code}}"><code>{{.Code}}</code></a></td><td>{{.Status}}</td><td>{{.Title}}</td></tr>
{{end}}</table></body></html>{{end}}`))

// problemPages renders every page once: they depend only on the build.
var problemPages, problemIndex, problemCSP = func() (map[string][]byte, []byte, string) {
	pages := map[string][]byte{}
	var all []problemPageData
	for _, code := range problemCodes() {
		k := problemKinds[code]
		d := problemPageData{Code: code, Title: k.title, Status: k.status, problemHelp: problemHelps[code]}
		var buf bytes.Buffer
		if err := problemTemplates.Execute(&buf, d); err != nil {
			panic(err) // the templates and their data are fixed: a test renders them
		}
		pages[code] = buf.Bytes()
		all = append(all, d)
	}
	var buf bytes.Buffer
	if err := problemTemplates.ExecuteTemplate(&buf, "index", all); err != nil {
		panic(err)
	}
	sum := sha256.Sum256([]byte(problemStyle))
	csp := "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; base-uri 'none'; form-action 'none'"
	return pages, buf.Bytes(), csp
}()

func (s *Server) problemIndexPage(c echo.Context) error {
	c.Response().Header().Set("Content-Security-Policy", problemCSP)
	return c.HTMLBlob(http.StatusOK, problemIndex)
}

func (s *Server) problemPage(c echo.Context) error {
	page, ok := problemPages[c.Param("code")]
	if !ok {
		return problem(codeNotFound, "code", "no problem has the code %q (GET /problems lists them)", c.Param("code"))
	}
	c.Response().Header().Set("Content-Security-Policy", problemCSP)
	return c.HTMLBlob(http.StatusOK, page)
}
