package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeRefusesOverflow: a shard result whose counts would wrap the
// total around (solutions or nodes of 2^63-1 beside other shards), or
// whose numbers are out of range (negative or huge seconds, a count above
// 2^63-1), is refused with exit 2 naming the file and the field, in text
// and --json. merge added the counts unchecked: solutions
// -9223372036854769377, exit 0; -1e308 seconds were taken.
func TestMergeRefusesOverflow(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 3)
	r0 := filepath.Join(dir, "shard-0.json")
	orig, _ := os.ReadFile(r0)
	for _, c := range []struct {
		field string
		value any
		want  string
	}{
		{"solutions", json.Number(maxInt64), `"solutions"`},
		{"nodes", json.Number(maxInt64), `"nodes"`},
		{"solutions", json.Number("9223372036854775808"), "solutions"},
		{"seconds", json.Number("-1e308"), "seconds = -1e+308 is outside 0..1e+09"},
		{"seconds", json.Number("1e300"), "seconds"},
		{"nodes", json.Number("-1"), "nodes = -1"},
		{"owned", json.Number("0"), "owned = 0"},
	} {
		os.WriteFile(r0, orig, 0o644)
		editJSON(t, r0, func(m map[string]any) {
			sh := m["shard"].(map[string]any)
			sh[c.field] = c.value
			if c.field == "solutions" {
				sh["unique"] = json.Number("0")
			}
		})
		for _, args := range [][]string{{"merge", dir}, {"merge", "--json", dir}} {
			code, out, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "shard-0.json") || strings.Contains(out, "-92") {
				t.Errorf("%v with %s = %v: exit %d, stdout %q, stderr %q", args, c.field, c.value, code, out, errs)
			}
		}
	}
}
