package handlers

import "testing"

// TestProblemHelps: every problem code has its explanation, and every
// explanation is of a code the service answers.
func TestProblemHelps(t *testing.T) {
	for code := range problemKinds {
		h, ok := problemHelps[code]
		if !ok || h.Meaning == "" || h.Fix == "" {
			t.Errorf("problem %s has no page text in problemHelps", code)
		}
		if _, ok := problemPages[code]; !ok {
			t.Errorf("problem %s has no page", code)
		}
	}
	for code := range problemHelps {
		if _, ok := problemKinds[code]; !ok {
			t.Errorf("problemHelps explains %s, which is no problem code", code)
		}
	}
}
