package compare

import "testing"

// TestVolumeOptionAsFlag: a native backend's vol=N means what solve's
// --volume=N means: -1 once, 0 off, N re-applied while more than N pieces
// remain. vol=0 used to mean once, the opposite of --volume=0.
func TestVolumeOptionAsFlag(t *testing.T) {
	for _, c := range []struct {
		opt  string
		want int
	}{{"vol", -1}, {"volume", -1}, {"vol=-1", -1}, {"vol=0", 0}, {"vol=5", 5}} {
		cfg, err := NativeConfig("fila", []string{c.opt})
		if err != nil || cfg.Volume != c.want {
			t.Errorf("%s: Volume %d, %v; want %d", c.opt, cfg.Volume, err, c.want)
		}
	}
	if _, err := NativeConfig("fila", []string{"vol=-2"}); err == nil {
		t.Error("vol=-2 accepted")
	}
}
