package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestVersion: polytile --version and polytile version print the version.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		code, out, errs := run(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "polytile ") || !strings.Contains(out, "go1.") {
			t.Errorf("polytile %s: exit %d, stdout %q, stderr %q", args[0], code, out, errs)
		}
	}
}

// TestGoModDirectDependencies: modules the code imports are not marked
// "// indirect" in go.mod (go mod tidy keeps it so).
func TestGoModDirectDependencies(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range []string{"github.com/spf13/cobra", "github.com/spf13/pflag", "gopkg.in/yaml.v3", "github.com/olekukonko/tablewriter", "golang.org/x/image"} {
		m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(mod) + ` v\S+(.*)$`).FindStringSubmatch(string(data))
		if m == nil {
			t.Errorf("go.mod does not require %s", mod)
		} else if strings.Contains(m[1], "indirect") {
			t.Errorf("go.mod marks the direct dependency %s as indirect", mod)
		}
	}
}
