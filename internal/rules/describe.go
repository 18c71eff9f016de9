package rules

import "context"

// DescribeContext is Describe under a deadline: it polls ctx before each
// move and stops with the context's error once ctx is done. Describing a
// move that gives check generates the legal moves after it (for the mate
// flag), so a list of thousands of checking moves is thousands of
// generations: the work between two polls is one of them.
func (p *Position) DescribeContext(ctx context.Context, legal []Move) ([]MoveDetail, error) {
	return p.describeMoves(ctx, legal, legal)
}
