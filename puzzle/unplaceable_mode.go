package puzzle

// UnplaceableFor is what loading a puzzle for a search of this mode does
// with a piece that fits nowhere: a maximum-coverage search leaves it out
// (it covers nothing), an exact one refuses it unless its supply is
// unlimited (an exact tiling need not use it).
func UnplaceableFor(maxCoverage bool) Unplaceable {
	if maxCoverage {
		return DropAll
	}
	return DropUnlimited
}
