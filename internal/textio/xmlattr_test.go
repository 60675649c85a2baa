package textio

import (
	"encoding/xml"
	"testing"
)

func TestDuplicateAttr(t *testing.T) {
	at := func(names ...string) xml.StartElement {
		var el xml.StartElement
		for _, n := range names {
			el.Attr = append(el.Attr, xml.Attr{Name: xml.Name{Local: n}, Value: "1"})
		}
		return el
	}
	if name, dup := DuplicateAttr(at("x", "y", "x")); !dup || name != "x" {
		t.Errorf("x, y, x: %q %v", name, dup)
	}
	if _, dup := DuplicateAttr(at("x", "y", "z")); dup {
		t.Error("x, y, z: a duplicate")
	}
	if _, dup := DuplicateAttr(at()); dup {
		t.Error("no attribute: a duplicate")
	}
}
