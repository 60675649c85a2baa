package progress_test

import (
	"fmt"
	"os"
	"time"

	"github.com/polytile/polytile/internal/progress"
)

// A status line on stderr draws only on a terminal; under `go test` stderr
// is not one, so nothing is printed here.
func ExampleNew() {
	line := progress.New(os.Stderr, false)
	line.Update(fmt.Sprintf("nodes %s (%s/s)", progress.Count(1_234_567), progress.Rate(2_000_000, time.Second)))
	line.Done()
	fmt.Println(progress.Count(1_234_567), progress.Rate(2_000_000, time.Second))
	// Output: 1235k 2000k
}
