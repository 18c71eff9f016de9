package client

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The defaults of RetryDoer and of New's options.
const (
	// DefaultMaxAttempts is the most attempts of one request, the first
	// included.
	DefaultMaxAttempts = 3
	// DefaultMaxRetryWait is the longest Retry-After that is waited for.
	DefaultMaxRetryWait = 10 * time.Second
	// defaultRetryAfter is the wait when a 429 or 503 answer has no
	// Retry-After header, or one that does not parse.
	defaultRetryAfter = time.Second
)

// RetryDoer is an HttpRequestDoer that repeats a request the answer of which
// is 429 Too Many Requests (the service's `overloaded`) or 503 Service
// Unavailable (its `timeout`), after waiting the seconds (or until the date)
// that the answer's Retry-After header gives, one second when it gives none.
// Nothing else is repeated: no other status, and no transport error, since a
// request that failed on the way may have been carried out.
//
// A request is repeated only when its body can be sent again (it has none,
// or its GetBody is set, as http.NewRequest does for the bodies the generated
// client builds), only while the wait is at most MaxWait, and only when the
// request's context would not expire during the wait; otherwise the 429 or
// 503 answer is returned as it is, at once. A context that ends during a
// wait ends it, and Do returns the context's error.
//
// Service uses a RetryDoer. With the generated clients, pass one as their
// HTTP client:
//
//	c, err := client.NewClientWithResponses(server,
//		client.WithHTTPClient(&client.RetryDoer{Doer: http.DefaultClient}))
type RetryDoer struct {
	// Doer sends each attempt; nil means http.DefaultClient.
	Doer HttpRequestDoer
	// MaxAttempts is the most attempts of one request, the first included:
	// 1 never repeats one. 0 means DefaultMaxAttempts.
	MaxAttempts int
	// MaxWait is the longest Retry-After waited for; an answer that asks for
	// a longer wait is returned without repeating the request. 0 means
	// DefaultMaxRetryWait.
	MaxWait time.Duration

	// sleep waits d or until ctx ends, and returns ctx's error in that
	// case; nil means a timer. The tests replace it.
	sleep func(ctx context.Context, d time.Duration) error
}

// Do sends req, and sends it again as the type's documentation says.
func (d *RetryDoer) Do(req *http.Request) (*http.Response, error) {
	doer := d.Doer
	if doer == nil {
		doer = http.DefaultClient
	}
	attempts := d.MaxAttempts
	if attempts <= 0 {
		attempts = DefaultMaxAttempts
	}
	maxWait := d.MaxWait
	if maxWait <= 0 {
		maxWait = DefaultMaxRetryWait
	}
	sleep := d.sleep
	if sleep == nil {
		sleep = sleepContext
	}
	replayable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
	for attempt := 1; ; attempt++ {
		resp, err := doer.Do(req)
		if err != nil || attempt >= attempts || !replayable ||
			(resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable) {
			return resp, err
		}
		wait := retryAfter(resp.Header.Get("Retry-After"), time.Now())
		if wait > maxWait {
			return resp, nil
		}
		ctx := req.Context()
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) <= wait {
			return resp, nil
		}
		next, err := rewind(req)
		if err != nil {
			return resp, nil
		}
		// Read a little of the body so the connection can be reused.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		_ = resp.Body.Close()
		if err := sleep(ctx, wait); err != nil {
			return nil, fmt.Errorf("adjudicator: waiting %s to repeat %s %s: %w", wait, req.Method, req.URL.Redacted(), err)
		}
		req = next
	}
}

// rewind returns a copy of req with a fresh body, to send it again.
func rewind(req *http.Request) (*http.Request, error) {
	next := req.Clone(req.Context())
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		next.Body = body
	}
	return next, nil
}

// retryAfter is the wait that a Retry-After header value asks for at now:
// delay-seconds or an HTTP-date (RFC 9110, section 10.2.3), no wait for a
// date past, defaultRetryAfter for an empty or malformed value.
func retryAfter(value string, now time.Time) time.Duration {
	value = strings.TrimSpace(value)
	if value == "" {
		return defaultRetryAfter
	}
	if secs, err := strconv.ParseUint(value, 10, 32); err == nil {
		return time.Duration(secs) * time.Second
	}
	if at, err := http.ParseTime(value); err == nil {
		if wait := at.Sub(now); wait > 0 {
			return wait
		}
		return 0
	}
	return defaultRetryAfter
}

// sleepContext waits d, or until ctx ends and then returns ctx's error.
func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
