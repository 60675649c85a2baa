package textio

import "encoding/xml"

// DuplicateAttr reports an attribute that the element el has twice, by
// name: encoding/xml keeps both, and a reader taking the first would
// silently drop the second. The XML readers (BurrTools puzzles, CPLEX
// solutions) refuse such an element.
func DuplicateAttr(el xml.StartElement) (string, bool) {
	seen := make(map[xml.Name]bool, len(el.Attr))
	for _, a := range el.Attr {
		if seen[a.Name] {
			return a.Name.Local, true
		}
		seen[a.Name] = true
	}
	return "", false
}
