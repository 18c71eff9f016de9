package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/labstack/echo/v4"
)

// baselineBody is the baseline's fixed answer.
var baselineBody = []byte(`{"status":"ok"}`)

// newBaseline is the bare echo v4 server of -serve-baseline: no
// middleware, one handler for every path and method, answering the fixed
// small JSON body. It does not read the request body (net/http discards
// it before reusing the connection).
func newBaseline() *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	h := func(c echo.Context) error { return c.JSONBlob(http.StatusOK, baselineBody) }
	e.Any("/", h)
	e.Any("/*", h)
	return e
}

// serveBaseline serves the baseline on a loopback address until SIGINT or
// SIGTERM, with the same http.Server timeouts as the service.
func serveBaseline(addr string, stderr io.Writer) error {
	if err := checkListenAddr(addr); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: newBaseline(), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 40 * time.Second, IdleTimeout: 2 * time.Minute}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	fmt.Fprintf(stderr, "{\"msg\":\"listening\",\"addr\":%q}\n", ln.Addr().String())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return err
	}
	fmt.Fprintln(stderr, `{"msg":"stopped"}`)
	return nil
}
