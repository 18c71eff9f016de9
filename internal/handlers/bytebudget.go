package handlers

import (
	"context"
	"sync"
)

// byteBudget bounds the bytes a bulk stream holds: lines read ahead take
// room and wait for it; answers are counted without waiting (a worker
// must never wait for room that only the answer it holds can free).
type byteBudget struct {
	mu    sync.Mutex
	used  int
	limit int
	freed chan struct{} // closed, and replaced, when room is given back
}

func newByteBudget(limit int) *byteBudget {
	return &byteBudget{limit: limit, freed: make(chan struct{})}
}

// take counts n bytes, waiting until they fit or ctx ends; a single item
// larger than the whole budget is let in when nothing else is held.
func (b *byteBudget) take(ctx context.Context, n int) error {
	for {
		b.mu.Lock()
		if b.used == 0 || b.used+n <= b.limit {
			b.used += n
			b.mu.Unlock()
			return nil
		}
		freed := b.freed
		b.mu.Unlock()
		select {
		case <-freed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// force counts n bytes at once.
func (b *byteBudget) force(n int) {
	b.mu.Lock()
	b.used += n
	b.mu.Unlock()
}

// give gives n bytes back and wakes the waiting reader.
func (b *byteBudget) give(n int) {
	if n == 0 {
		return
	}
	b.mu.Lock()
	b.used -= n
	close(b.freed)
	b.freed = make(chan struct{})
	b.mu.Unlock()
}

// held returns the bytes counted now.
func (b *byteBudget) held() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}
