package puzzle

import (
	"strings"
	"testing"
)

// TestBurrToolsStrictAttributes: numeric attributes are decimal digits
// only, a value of 2^63 or more names the limit (it said "want a whole
// number >= 0"), and an attribute given twice is refused; each with
// file:line:col. " 2" and "+2" used to be read as 2, a repeated
// attribute as its first value.
func TestBurrToolsStrictAttributes(t *testing.T) {
	shapes := `<shapes><voxel x="2" y="2" z="1" type="0">####</voxel><voxel x="2" y="1" z="1" type="0">##</voxel></shapes>`
	problem := `<problems><problem><shapes><shape id="1" count="2"/></shapes><result id="0"/></problem></problems></puzzle>`
	ok := burrHead + shapes + problem
	if _, err := Parse("a.xmpuzzle", []byte(ok), ""); err != nil {
		t.Fatalf("the base case: %v", err)
	}
	for _, c := range []struct{ name, doc, want string }{
		{"space", strings.Replace(ok, `count="2"`, `count=" 2"`, 1), `<shape> attribute count=" 2": want a whole number >= 0 (decimal digits only)`},
		{"plus", strings.Replace(ok, `count="2"`, `count="+2"`, 1), `count="+2": want a whole number >= 0`},
		{"empty", strings.Replace(ok, `count="2"`, `count=""`, 1), `attribute count is empty`},
		{"count 2^63", strings.Replace(ok, `count="2"`, `count="9223372036854775808"`, 1), `count="9223372036854775808": more than 1048576, the limit`},
		{"id 2^64", strings.Replace(ok, `<result id="0"/>`, `<result id="18446744073709551616"/>`, 1), `<result> attribute id="18446744073709551616": more than 4096, the limit`},
		{"max 2^63", strings.Replace(ok, `count="2"`, `min="1" max="9223372036854775808"`, 1), `max="9223372036854775808": more than 1048576, the limit`},
		{"x 2^63", strings.Replace(ok, `x="2"`, `x="9223372036854775807"`, 1), `x="9223372036854775807": more than 1048576, the limit`},
		{"maxHoles", strings.Replace(ok, "<problem>", `<problem maxHoles="+0">`, 1), `maxHoles="+0": want a whole number >= 0`},
		{"duplicate count", strings.Replace(ok, `count="2"`, `count="2" count="1"`, 1), `a.xmpuzzle:1:`},
		{"duplicate count message", strings.Replace(ok, `count="2"`, `count="2" count="1"`, 1), `<shape> has the attribute "count" twice`},
		{"duplicate x", strings.Replace(ok, `x="2"`, `x="2" x="2"`, 1), `<voxel> has the attribute "x" twice`},
	} {
		_, err := Parse("a.xmpuzzle", []byte(c.doc), "")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "a.xmpuzzle:1:") {
			t.Errorf("%s: error %v, want a.xmpuzzle:1:COL: ... %q", c.name, err, c.want)
		}
	}
}
