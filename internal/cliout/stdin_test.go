package cliout

import (
	"fmt"
	"slices"
	"testing"
)

// TestStdinOnce: one "-" passes, two are refused naming both inputs.
func TestStdinOnce(t *testing.T) {
	what := []string{"the puzzle", "the solution", "--names"}
	if err := StdinOnce(what, "-", "s.sol", ""); err != nil {
		t.Errorf("one stdin: %v", err)
	}
	err := StdinOnce(what, "-", "s.sol", "-")
	if err == nil || err.Error() != "the puzzle and --names read - (stdin), which can be read only once: give all but one of them as files" {
		t.Errorf("two stdins: %v", err)
	}
	if got := Given("a", "", "-", ""); !slices.Equal(got, []string{"a", "-"}) {
		t.Errorf("Given = %q", got)
	}
}

func ExampleStdinOnce() {
	fmt.Println(StdinOnce([]string{"the puzzle", "the solution"}, "-", "-"))
	// Output: the puzzle and the solution read - (stdin), which can be read only once: give all but one of them as files
}
