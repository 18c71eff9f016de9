package rules

import "slices"

// FlagSquares returns the squares that win for colour c when its flag piece
// stands on one, or enough of them do (RulesDef.Flag: King of the Hill's
// hill, Racing Kings' eighth rank; with FlagDef.Count, that many at once),
// whatever the flag piece, "*" included, in the definition's order, or nil
// in a variant without a flag. The slice is a copy: the caller may keep or
// change it.
func (v *Variant) FlagSquares(c Color) []Square {
	if v.flag == nil || c != White && c != Black {
		return nil
	}
	return slices.Clone(v.flag.squares[c])
}
