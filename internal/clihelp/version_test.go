package clihelp

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersion: the module version or the override, the revision cut to
// 12 digits with +dirty, the time, and the Go version; no revision, no
// parentheses; no build information, "(unknown)".
func TestVersion(t *testing.T) {
	bi := func(v string, kv ...string) *debug.BuildInfo {
		b := &debug.BuildInfo{Main: debug.Module{Version: v}}
		for i := 0; i+1 < len(kv); i += 2 {
			b.Settings = append(b.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return b
	}
	for _, c := range []struct {
		override string
		bi       *debug.BuildInfo
		want     string
	}{
		{"", nil, "p (unknown), go1.x"},
		{"", bi("(devel)"), "p (devel), go1.x"},
		{"v1.2.0", bi("(devel)"), "p v1.2.0, go1.x"},
		{"", bi("v0.3.0", "vcs.revision", "0123456789abcdef", "vcs.time", "2026-01-02T03:04:05Z"), "p v0.3.0 (0123456789ab, 2026-01-02T03:04:05Z), go1.x"},
		{"", bi("(devel)", "vcs.revision", "abc", "vcs.modified", "true"), "p (devel) (abc+dirty), go1.x"},
		{"", bi("(devel)", "vcs.revision", "abc", "vcs.modified", "false"), "p (devel) (abc), go1.x"},
	} {
		if got := version("p", c.override, c.bi, "go1.x"); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	if got := Version("polytile", ""); !strings.HasPrefix(got, "polytile ") || !strings.Contains(got, ", go") {
		t.Errorf("Version of this build: %q", got)
	}
}

// The version line of this build: the module version, the revision and
// time go build recorded (none under go test), and the Go version.
func ExampleVersion() {
	v := Version("polytile", "v1.0.0")
	fmt.Println(strings.HasPrefix(v, "polytile v1.0.0"), strings.HasSuffix(v, ", "+runtime.Version()))
	// Output: true true
}
