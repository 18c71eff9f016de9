package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// FuzzBulkDecode: for every line that passes the checks of a bulk line
// (the JSON grammar, the schema), the request built from its document
// (adjudicateFromDoc) is the one the strict decoder reads, or the builder
// declines and the decoder reads it.
func FuzzBulkDecode(f *testing.F) {
	for _, seed := range []string{
		`{"variant":"chess","moves":["e4","e5"]}`,
		`{"variant":"chess","moves":[]}`,
		`{"variant":"shako","fen":"c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1","moves":["e3e5"],"claim":{"type":"draw","by":"white"}}`,
		`{"pgn":"1. e4 e5 *","pgnOut":true}`,
		`{"variant":"chess","moves":["e4"],"pgnOut":false,"claim":{"by":"black","type":"resign"}}`,
		`{"Variant":"chess","moves":["e4"]}`,
		`{"variant":"chess","MOVES":["e4"]}`,
		`{"variant":"chess","moves":["e4"],"claim":{"type":"flag","by":"white","Type":"abort"}}`,
		`{"variant":"chess","fen":null,"moves":["e4"]}`,
		`{"variant":"chess","moves":null}`,
		`{"variant":"chess","moves":["e4"],"claim":null}`,
		`{"definition":{"id":"x","files":8,"ranks":8},"moves":[]}`,
		`{"\u0076ariant":"chess","moves":["e\u0034"]}`,
		`{"variant":"chess","moves":["e4"],"extra":1}`,
		// Moves as one string (lichess's NDJSON), a claim without by.
		`{"variant":"chess","moves":"e4 e5 Nf3"}`,
		`{"variant":"chess","moves":""}`,
		`{"variant":"chess","moves":" e4\tc5 exd6 e.p. ","claim":{"type":"draw"}}`,
	} {
		f.Add([]byte(seed))
	}
	s, err := New(DefaultConfig(), zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if scanJSON(context.Background(), line) != nil {
			return
		}
		var doc any
		if json.Unmarshal(line, &doc) != nil || s.spec.bulkSchema.VisitJSON(doc) != nil {
			return
		}
		got, ok := adjudicateFromDoc(doc)
		if !ok {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		var want adjudicateRequest
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("%s: built %+v; the decoder refuses it: %v", line, got, err)
		}
		if !reflect.DeepEqual(*got, want) {
			t.Fatalf("%s: built %+v; the decoder reads %+v", line, *got, want)
		}
	})
}
