package shard

import (
	"slices"
	"strings"
	"testing"
)

// TestValidRerunGrammar: a rerun template is printed only as the polytile
// solve command of the result (its file, configuration and shard count),
// rebuilt in solve's order; every other array is refused with a reason.
// Merge printed whatever array a file held.
func TestValidRerunGrammar(t *testing.T) {
	base := res(0, 4, 8, 1, true)
	base.File = "p.yaml"
	cfg := base.Config.Flags()
	cmd := func(words ...string) []string {
		return append([]string{"polytile", "solve"}, words...)
	}
	withCfg := func(pre []string, post ...string) []string {
		return append(append(slices.Clone(pre), cfg...), post...)
	}
	good := withCfg(cmd("p.yaml", "--count"), "--shard", "{}/4", "--json", "-o", "out/s-{}.json", "--checkpoint", "out/s-{}.ckpt")
	for _, c := range []struct {
		name string
		t    []string
		want string
	}{
		{"rm", []string{"rm", "-rf", "/tmp/x/IMPORTANT", "--shard", "{}/4"}, "not a polytile solve"},
		{"sh", []string{"sh", "-c", "polytile solve p.yaml"}, "not a polytile solve"},
		{"another subcommand", []string{"polytile", "merge", "/"}, "not a polytile solve"},
		{"a path to polytile", append([]string{"/tmp/evil/polytile"}, good[1:]...), "not a polytile solve"},
		{"another file", withCfg(cmd("q.yaml", "--count"), "--shard", "{}/4"), "not the result's file"},
		{"another configuration", cmd("p.yaml", "--count", "--backend", "dlx", "--shard", "{}/4"), "configuration"},
		{"another shard count", withCfg(cmd("p.yaml", "--count"), "--shard", "{}/5"), "--shard"},
		{"a fixed shard", withCfg(cmd("p.yaml", "--count"), "--shard", "1/4"), "--shard"},
		{"an unknown flag", withCfg(cmd("p.yaml", "--count"), "--shard", "{}/4", "--render", "x"), "not a flag"},
		{"a shell word", withCfg(cmd("p.yaml", "--count"), "--shard", "{}/4", ";", "rm", "-rf", "/"), "not a flag"},
		{"no --count", withCfg(cmd("p.yaml"), "--shard", "{}/4"), "no --count"},
		{"no --shard", withCfg(cmd("p.yaml", "--count")), "no --shard"},
		{"no configuration", cmd("p.yaml", "--count", "--shard", "{}/4"), "no --backend"},
		{"-o twice", withCfg(cmd("p.yaml", "--count"), "--shard", "{}/4", "-o", "a", "--output", "b"), "twice"},
		{"a control character", withCfg(cmd("p.yaml", "--count"), "--shard", "{}/4", "-o", "a\x1b]0;x\a.json"), "control"},
		{"an empty path", withCfg(cmd("p.yaml", "--count"), "--shard", "{}/4", "--checkpoint", ""), "empty"},
		{"a flag with no value", withCfg(cmd("p.yaml", "--count"), "--shard", "{}/4", "-o"), "no value"},
		{"too short", []string{"polytile", "solve"}, "not a polytile solve"},
	} {
		r := *base
		r.Rerun = c.t
		if got, err := ValidRerun(&r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q, %v; want an error with %q", c.name, got, err, c.want)
		}
	}
	// {} in the puzzle's name would become the index.
	r := *base
	r.File = "p{}.yaml"
	r.Rerun = withCfg(cmd("p{}.yaml", "--count"), "--shard", "{}/4")
	if _, err := ValidRerun(&r); err == nil {
		t.Errorf("a puzzle named with {}: accepted")
	}
	// Valid: any order, rebuilt in solve's; a leading dash gets ./.
	r = *base
	r.File = "-p.yaml"
	r.Rerun = withCfg(cmd("-p.yaml", "--checkpoint", "c-{}", "--json", "--shard", "{}/4", "--unique"), "-o", "-o{}", "--count")
	got, err := ValidRerun(&r)
	want := withCfg(cmd("./-p.yaml", "--count", "--unique"), "--shard", "{}/4", "--json", "-o", "-o{}", "--checkpoint", "c-{}")
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("shuffled: %q, %v\nwant %q", got, err, want)
	}
}
