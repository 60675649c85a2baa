package main

import (
	"strings"
	"testing"
)

// TestExportHelpDLXDialect: the help's format list said "dlx  Knuth's
// exact-cover format (dlx1): ... (m|name for m copies)", but the default
// dialect is dlx3 (m|name is its syntax; dlx1 writes name.1 ... name.m).
func TestExportHelpDLXDialect(t *testing.T) {
	_, out, _ := run(t, "", "export", "--help")
	i := strings.Index(out, "  dlx ")
	if i < 0 {
		t.Fatalf("no dlx line in the help: %s", out)
	}
	entry := out[i : i+strings.Index(out[i:], "  pyomo")]
	if strings.Contains(entry, "(dlx1)") || !strings.Contains(entry, "dlx3 by default") || !strings.Contains(entry, "name.1") {
		t.Errorf("dlx entry of the help: %q", entry)
	}
}
