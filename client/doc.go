// Package client is the Go client of the Adjudicator service.
//
// Most of it, client.gen.go, is generated from the service's contract,
// api/openapi.yaml, by oapi-codegen with its types and client generators: one
// Go type per schema (LegalMovesResult, Status, MoveInfo, Problem, ...), a
// low-level Client whose methods return the *http.Response of each operation,
// and ClientWithResponses, whose methods decode it into an <Op>Response
// wrapper. Nothing in that file is edited by hand; after a change of the
// contract, run
//
//	go generate ./client/
//
// from the module root and check the result in. A test fails while the
// checked-in file differs from what the contract generates.
//
// The hand-written part is small:
//
//   - Service (made by New) has one method per operation of the API that
//     returns the decoded answer of a success, or an error: a *Problem, the
//     service's RFC 9457 problem document with its stable Code, for every
//     error the service reports, and a *StatusError for any other answer
//     that is not a success (a proxy's 502, say).
//   - Service.AdjudicateBulk sends many games in one request (NDJSON or a
//     PGN file, POST /v1/games/adjudicate/bulk) and returns BulkAnswers,
//     which reads the answer's lines, one BulkAnswer a game, as the
//     service writes them.
//   - RetryDoer repeats a request that was answered 429 (overloaded) or 503
//     (timeout) after the Retry-After the answer gives, a few times at most.
//     Service uses it; it works with the generated clients too, through
//     their WithHTTPClient option.
//
// The contract gives each operation's success one media type, so the
// generators need no option: oapi-codegen's output compiles as it is (it
// is this package), and so do the TypeScript types of openapi-typescript
// used through openapi-fetch's createClient<paths>(), which
// typescript_test.go compiles in strict mode with testdata/typescript/usage.ts
// (README.md, "Calling it from TypeScript").
//
// The rules engine itself is not part of this module's public API: a Go
// program uses it through the service.
package client

//go:generate go tool oapi-codegen -config oapi-codegen.yaml ../api/openapi.yaml
