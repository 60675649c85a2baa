package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/polytile/polytile/shard"
)

// namedKeyDirs lists the directories holding a count.key of the result
// files named among args (not of directories named: merge DIR reads
// those). merge FILES does not read them (naming the files is how a
// count.key merge refuses is set aside), and its account says so rather
// than "no count.key".
func namedKeyDirs(args []string) []string {
	var dirs []string
	for _, a := range args {
		if st, err := os.Stat(a); err != nil || st.IsDir() {
			continue
		}
		d := filepath.Dir(a)
		if _, err := os.Lstat(filepath.Join(d, shard.KeyName)); err == nil && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// keyFlagsText is a count.key's flags as merge shows them: as recorded
// (printf %q's quoting), Go-quoted when they hold what a terminal would
// take for a control, or "none: solve's defaults".
func keyFlagsText(k *shard.Key) string {
	f := strings.TrimSpace(k.FlagsText)
	if f == "" {
		return "none: solve's defaults"
	}
	return shownText(f)
}
