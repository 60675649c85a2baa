package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// editJSON rewrites a JSON file: edit changes the decoded object (numbers
// kept as json.Number, so 2^63-1 survives); a shard result or checkpoint
// gets the digest of its new fields.
func editJSON(t *testing.T, path string, edit func(m map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	resealJSON(m) // digest_test.go
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

const maxInt64 = "9223372036854775807"

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

// TestCheckpointRefusesOverflow: a checkpoint whose subproblems' counts add
// up past 2^63-1, read or once the resumed shard adds its new counts, or
// whose seconds are negative, is refused with exit 2 naming the field; the
// resumed shard printed a negative total (done[i].all = 2^63-1).
func TestCheckpointRefusesOverflow(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-12x5.yaml")
	ck := filepath.Join(dir, "s.ckpt")
	if code, _, errs := run(t, "", "solve", p, "--count", "--shard", "1/3", "--checkpoint", ck); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	orig, _ := os.ReadFile(ck)
	for _, c := range []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"two subproblems of 2^63-1", func(m map[string]any) {
			done := m["done"].([]any)
			for _, k := range []int{0, 1} {
				done[k].(map[string]any)["all"] = json.Number(maxInt64)
			}
		}, "field all"},
		{"one subproblem of 2^63-1, more solved now", func(m map[string]any) {
			done := m["done"].([]any)
			d := done[0].(map[string]any)
			d["all"], d["unique"] = json.Number(maxInt64), json.Number("0")
			m["done"] = done[:1]
		}, "solutions add up to more than " + maxInt64},
		{"negative seconds", func(m map[string]any) { m["seconds"] = json.Number("-1e308") }, "seconds = -1e+308"},
		{"nodes above 2^63-1", func(m map[string]any) {
			m["done"].([]any)[0].(map[string]any)["nodes"] = json.Number("9223372036854775808")
		}, "checkpoint"},
	} {
		os.WriteFile(ck, orig, 0o644)
		editJSON(t, ck, c.edit)
		code, out, errs := run(t, "", "solve", p, "--count", "--json", "--shard", "1/3", "--checkpoint", ck)
		if code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "s.ckpt") {
			t.Errorf("%s: exit %d, stdout %.200q, stderr %q", c.name, code, out, errs)
		}
	}
}
