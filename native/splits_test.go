package native

import "testing"

// TestConfigSplits: a serial search of the whole tree does not split;
// workers, a shard, or any hook that follows the split makes it.
func TestConfigSplits(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  Config
		want bool
	}{
		{"serial", Config{Workers: 1}, false},
		{"zero", Config{}, false},
		{"one shard", Config{Shard: Shard{Index: 0, Count: 1}}, false},
		{"workers", Config{Workers: 2}, true},
		{"shard", Config{Shard: Shard{Index: 1, Count: 3}}, true},
		{"OnSplit", Config{OnSplit: func(Split) error { return nil }}, true},
		{"Skip", Config{Skip: func(int64) bool { return false }}, true},
		{"OnSubproblem", Config{OnSubproblem: func(Subproblem) {}}, true},
	} {
		if got := c.cfg.Splits(); got != c.want {
			t.Errorf("%s: Splits() = %v, want %v", c.name, got, c.want)
		}
	}
}
