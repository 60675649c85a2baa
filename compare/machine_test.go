package compare

import (
	"strings"
	"testing"
)

// TestMachineCPUCount: the plain-text footer (String: table, CSV) and the
// Markdown one name the CPU count the same way, "N logical CPUs"
// (issue 34 item 9: one said "2 cores", the other "2 logical CPUs").
func TestMachineCPUCount(t *testing.T) {
	m := Machine{CPU: "Test CPU", Cores: 2, OS: "linux/amd64", Go: "go1.26", HiGHS: "1.15.1", Date: "2026-12-07"}
	for name, s := range map[string]string{"String": m.String(), "Markdown": m.Markdown()} {
		if !strings.Contains(s, "2 logical CPUs") || strings.Contains(s, "cores") {
			t.Errorf("%s: %q; want the count as \"2 logical CPUs\"", name, s)
		}
	}
}
