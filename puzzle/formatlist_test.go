package puzzle

import (
	"strings"
	"testing"
)

// TestFormatListIsAccepted: the formats users are shown (FormatList, in
// --from's help and in the unknown-format error) are exactly those
// CheckFormat accepts, among every name a user might try; "yml" was
// accepted but shown nowhere.
func TestFormatListIsAccepted(t *testing.T) {
	list := FormatList()
	shown := map[string]bool{}
	for _, part := range strings.Split(strings.ReplaceAll(list, " or ", ", "), ", ") {
		shown[strings.Replace(part, ":N", ":1", 1)] = true
	}
	for _, name := range []string{
		"yaml", "yml", "knuth", "burrtools", "burrtools:1", "json", "xml",
		"xmpuzzle", "text", "txt", "dlx", "knuth-spec", "burr", "bt",
	} {
		for _, spelled := range []string{name, strings.ToUpper(name)} {
			accepted := CheckFormat(spelled) == nil
			if accepted != shown[name] {
				t.Errorf("--from %s: accepted %v, shown in %q %v", spelled, accepted, list, shown[name])
			}
		}
	}
	for name := range shown {
		if CheckFormat(name) != nil {
			t.Errorf("%s is shown in %q but refused", name, list)
		}
	}
	err := CheckFormat("json")
	if err == nil || !strings.Contains(err.Error(), "(want "+list+")") {
		t.Errorf("unknown format error %v does not show the list %q", err, list)
	}
}
