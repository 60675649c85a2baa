package main

import (
	"io/fs"
	"os"
)

// stdinIs reports whether path names the file the process's standard input
// reads (the input "-"), compared by device and inode (fstat of stdin,
// stat of path through its symbolic links): `export - -o p.yaml < p.yaml`
// would replace the puzzle being read. A character device (a terminal,
// /dev/null) is never taken for an output's file: reading and writing it
// loses nothing. The CLI's "-" is the process's stdin (Main's stdin is
// os.Stdin in the real process).
func stdinIs(path string) bool {
	in, err := os.Stdin.Stat()
	if err != nil || in.Mode()&fs.ModeCharDevice != 0 {
		return false
	}
	out, err := os.Stat(path)
	return err == nil && os.SameFile(in, out)
}
