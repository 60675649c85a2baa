package regfile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/polytile/polytile/internal/regfile"
)

// ExampleReadAll reads a small regular file and refuses a directory (a
// FIFO or device the same way, without waiting on it).
func ExampleReadAll() {
	dir, _ := os.MkdirTemp("", "regfile")
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "count.key")
	os.WriteFile(p, []byte("shards 4\n"), 0o644)
	data, err := regfile.ReadAll(p, 1<<10)
	fmt.Printf("%q %v\n", data, err)
	_, err = regfile.ReadAll(dir, 1<<10)
	fmt.Println(err)
	// Output:
	// "shards 4\n" <nil>
	// not a regular file
}
