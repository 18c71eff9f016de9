package rules

import "math/bits"

// Zobrist keys: fixed pseudo-random numbers from a constant seed, so that a
// position's hash is the same in every process and every replica. They are
// computed once and never written again.
var (
	zobristPieces [256 * NumSquares]uint64
	zobristFiles  [2][MaxFiles]uint64
	zobristJump   [2]uint64
	zobristEP     [NumSquares]uint64
	zobristSide   uint64
	zobristLeft   [9]uint64                    // moves left in a quick-form turn
	zobristCopy   [2][MaxPieceTypes + 1]uint64 // the type a colour's Fools copy (imitate.go)
	zobristEffect [NumSquares]uint64           // the square of a Fool with a one-turn effect
	zobristChecks [2][MaxCheckLimit + 1]uint64 // the checks a colour has given; none is 0 (checks.go)
)

func init() {
	state := uint64(0x5eed_ad1a_d1ca_7025)
	next := func() uint64 { // splitmix64
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range zobristPieces {
		zobristPieces[i] = next()
	}
	for c := range zobristFiles {
		for f := range zobristFiles[c] {
			zobristFiles[c][f] = next()
		}
		zobristJump[c] = next()
	}
	for i := range zobristEP {
		zobristEP[i] = next()
	}
	zobristSide = next()
	for i := range zobristLeft {
		zobristLeft[i] = next()
	}
	for c := range zobristCopy {
		for t := range zobristCopy[c] {
			zobristCopy[c][t] = next()
		}
	}
	for i := range zobristEffect {
		zobristEffect[i] = next()
	}
	for c := range zobristChecks {
		for n := 1; n < len(zobristChecks[c]); n++ {
			zobristChecks[c][n] = next()
		}
	}
}

func zobristPiece(pc Piece, s Square) uint64 { return zobristPieces[int(pc)*NumSquares+int(s)] }

func zobristCastle(c Color, files uint16) uint64 {
	var h uint64
	for ; files != 0; files &= files - 1 {
		h ^= zobristFiles[c][bits.TrailingZeros16(files)]
	}
	return h
}
