package export

import (
	"errors"
	"strings"
	"testing"
)

// TestFormats: the seven export formats are known in any case, the
// program formats are the five that write a binary program (the DLX
// matrix and CNF are not), and every format represents both modes.
func TestFormats(t *testing.T) {
	program := map[string]bool{"lp": true, "mps": true, "fixed-mps": true, "opb": true, "pyomo": true, "dlx": false, "cnf": false}
	for f, isProgram := range program {
		for _, spelt := range []string{f, strings.ToUpper(f)} {
			if !IsFormat(spelt) {
				t.Errorf("IsFormat(%q) = false", spelt)
			}
			if IsProgramFormat(spelt) != isProgram {
				t.Errorf("IsProgramFormat(%q) = %t, want %t", spelt, !isProgram, isProgram)
			}
		}
		for _, mode := range []string{"exact", "max-coverage"} {
			if err := CheckMode(f, mode); err != nil {
				t.Errorf("CheckMode(%s, %s): %v", f, mode, err)
			}
		}
	}
	for _, f := range []string{"", "xml", "lp ", "gms"} {
		if IsFormat(f) || IsProgramFormat(f) {
			t.Errorf("%q is taken for an export format", f)
		}
		if err := CheckMode(f, "exact"); err != nil {
			t.Errorf("CheckMode of the unknown format %q: %v", f, err)
		}
	}
}

// TestCheckModeError: a mode no format represents is a *ModeError naming
// the format and the mode.
func TestCheckModeError(t *testing.T) {
	err := CheckMode("LP", "partial")
	var me *ModeError
	if !errors.As(err, &me) || me.Format != "LP" || me.Mode != "partial" {
		t.Fatalf("CheckMode(LP, partial) = %v, want a *ModeError", err)
	}
	if want := "--format LP cannot represent --mode partial; use lp, mps, fixed-mps, opb or pyomo"; err.Error() != want {
		t.Errorf("%q, want %q", err, want)
	}
}
