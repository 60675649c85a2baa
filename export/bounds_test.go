package export

import (
	"strings"
	"testing"
)

// TestCPLEXNestingBounded: the CPLEX XML reader refuses elements nested
// deeper than MaxXMLDepth with the line, before the decoder's stack grows
// (3,000,000 nested <a> took 568 MB and were then read as a solution with
// no status); CPLEX's own nesting, and 64 levels, still read.
func TestCPLEXNestingBounded(t *testing.T) {
	nest := func(n int) string {
		return `<CPLEXSolution version="1.2">` + "\n" + strings.Repeat("<a>", n-1) + strings.Repeat("</a>", n-1) +
			"\n<variables><variable name=\"x\" index=\"0\" value=\"1\"/></variables></CPLEXSolution>\n"
	}
	if s, err := ReadCPLEXSolution(strings.NewReader(nest(MaxXMLDepth))); err != nil || s.Values["x"] != 1 {
		t.Errorf("%d levels: %v", MaxXMLDepth, err)
	}
	for _, n := range []int{MaxXMLDepth + 1, 200000} {
		_, err := ReadCPLEXSolution(strings.NewReader(nest(n)))
		if err == nil || !strings.Contains(err.Error(), "deeper than 64") || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%d levels: %v, want refused at line 2", n, err)
		}
	}
}

// TestCPLEXVariableOutsideVariables: a <variable> is read only inside
// <variables> (it was read anywhere under the root, such as inside an
// unknown element).
func TestCPLEXVariableOutsideVariables(t *testing.T) {
	in := "<CPLEXSolution>\n<variables>\n<other><variable name=\"x\" value=\"1\"/></other>\n</variables></CPLEXSolution>\n"
	_, err := ReadCPLEXSolution(strings.NewReader(in))
	if err == nil || !strings.Contains(err.Error(), "<variable> inside <other>, not <variables>") || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("got %v", err)
	}
}

// TestCPLEXDuplicateAttribute: a <variable> with value="0" value="1" was
// read as the first value; an attribute given twice is refused.
func TestCPLEXDuplicateAttribute(t *testing.T) {
	in := "<CPLEXSolution>\n<variables>\n<variable name=\"x\" value=\"0\" value=\"1\"/>\n</variables></CPLEXSolution>\n"
	_, err := ReadCPLEXSolution(strings.NewReader(in))
	if err == nil || !strings.Contains(err.Error(), `"value" twice`) || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("got %v", err)
	}
}

// TestLongLineNamesLineAndLimit: a line over MaxLineLength is refused by
// every line reader with its line number and the limit (it was bufio's
// bare "token too long").
func TestLongLineNamesLineAndLimit(t *testing.T) {
	long := "\\ comment\n" + strings.Repeat("x", MaxLineLength+1) + "\n"
	for name, read := range map[string]func(string) error{
		"LPColumnOrder":  func(s string) error { _, err := LPColumnOrder(strings.NewReader(s)); return err },
		"MPSColumnOrder": func(s string) error { _, err := MPSColumnOrder(strings.NewReader(s)); return err },
		"ReadMPSNames":   func(s string) error { _, err := ReadMPSNames(strings.NewReader(s)); return err },
		"highs":          func(s string) error { _, err := ReadSolution(strings.NewReader(s), "highs", nil); return err },
		"cbc": func(s string) error {
			s = "Optimal - objective value 48.00000000\n" + s[strings.IndexByte(s, '\n')+1:]
			_, err := ReadSolution(strings.NewReader(s), "cbc", nil)
			return err
		},
	} {
		err := read(long)
		if err == nil || !strings.Contains(err.Error(), "line 2: longer than 16777216 bytes") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
