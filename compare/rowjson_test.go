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

// TestTimeoutBenchRowJSON: a bench case stopped by its time limit is
// written with "unique_so_far" and "lower_bound": true (it was "unique":
// M beside "status": "timeout"); a finished one keeps "unique".
func TestTimeoutBenchRowJSON(t *testing.T) {
	for _, c := range []struct {
		status    Status
		want, not string
	}{
		{Timeout, `"unique_so_far":7`, `"unique":`},
		{OK, `"unique":7`, `unique_so_far`},
	} {
		b, err := json.Marshal(&BenchRow{BenchCase: BenchCase{Expected: 9}, Status: c.status, Unique: 7, All: 28})
		if err != nil {
			t.Fatal(err)
		}
		if s := string(b); !strings.Contains(s, c.want) || strings.Contains(s, c.not) || !strings.Contains(s, `"expected_unique":9`) ||
			c.status == Timeout != strings.Contains(s, `"lower_bound":true`) {
			t.Errorf("%s: %s", c.status, s)
		}
	}
}
