package rules

import "context"

// DescribeContext is Describe under a deadline: it polls ctx before every
// 16th move and stops with the context's error once ctx is done.
// Describing a move that gives check generates the legal moves after it
// (for the mate flag), so a list of thousands of checking moves is
// thousands of generations: the work between two polls is 16 of them.
func (p *Position) DescribeContext(ctx context.Context, legal []Move) ([]MoveDetail, error) {
	return p.describeMoves(ctx, nil, legal, legal)
}

// DescribeInto is DescribeContext writing the details into dst's storage
// (dst's length does not matter), so that a caller can reuse it from one
// position to the next; it returns the details, which alias dst when it
// had the room.
func (p *Position) DescribeInto(ctx context.Context, dst []MoveDetail, legal []Move) ([]MoveDetail, error) {
	return p.describeMoves(ctx, dst, legal, legal)
}
