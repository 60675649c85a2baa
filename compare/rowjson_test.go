package compare

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPartialCountRowJSON: a row of a count that did not complete is
// written with "unique_so_far" and "lower_bound": true, no "unique" (it
// was "unique": M beside "complete": false, read as the count); a
// complete row keeps "unique" and its other fields.
func TestPartialCountRowJSON(t *testing.T) {
	all, uniq := int64(2600000), int64(0)
	for _, c := range []struct {
		complete bool
		want     []string
		not      string
	}{
		{false, []string{`"unique_so_far":0`, `"lower_bound":true`, `"backend":"fila"`, `"solutions":2600000`}, `"unique":`},
		{true, []string{`"unique":0`, `"backend":"fila"`, `"complete":true`}, `lower_bound`},
	} {
		r := &Row{Backend: "fila", Outcome: Outcome{Status: OK, Solutions: &all, Unique: &uniq, Complete: c.complete}, Mark: "ref"}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("complete=%v: %s lacks %s", c.complete, b, w)
			}
		}
		if strings.Contains(string(b), c.not) {
			t.Errorf("complete=%v: %s has %s", c.complete, b, c.not)
		}
	}
}
