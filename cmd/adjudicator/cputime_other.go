//go:build !unix

package main

import "time"

// cpuTime reports that this platform's CPU time is not read.
func cpuTime() (time.Duration, bool) { return 0, false }
