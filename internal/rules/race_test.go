//go:build race

package rules

// raceEnabled is true when the tests run under the race detector.
const raceEnabled = true
