package rules

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestDescribeIntoReuses: details written into the storage of an earlier
// position's details, from positions with captures, checks and mates and
// a variant of more than 256 moves, equal Describe's, none of the earlier
// position's captures or flags left behind.
func TestDescribeIntoReuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	var dst []MoveDetail
	for _, id := range []string{"chess", "grand", "bigorra", "terachess2"} {
		v := MustBuiltin(id)
		p := v.Start()
		for ply := 0; ply < 80; ply++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			got, err := p.DescribeInto(context.Background(), dst, legal)
			if err != nil {
				t.Fatal(err)
			}
			if want := p.Describe(legal); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: DescribeInto over earlier details differs from Describe", p.FEN())
			}
			dst = got
			p.make(legal[rng.IntN(len(legal))])
		}
	}
}
