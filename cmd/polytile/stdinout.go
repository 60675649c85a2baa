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

// checkStdout refuses (exit 2) a standard output redirected to one of the
// inputs, before anything is written: `export q.yaml --format lp >> q.yaml`
// would append the program to the puzzle it reads, as cat refuses "input
// file is output file". Only a regular file is compared (by device and
// inode, through links); a terminal, pipe, /dev/null or another file is
// written as always. The input "-" is compared by the file standard input
// reads. Empty inputs are skipped.
func (a *app) checkStdout(inputs ...string) error {
	so, ok := a.stdout.(*os.File)
	if !ok {
		return nil
	}
	out, err := so.Stat()
	if err != nil || !out.Mode().IsRegular() {
		return nil
	}
	for _, in := range inputs {
		var st fs.FileInfo
		switch in {
		case "":
			continue
		case "-":
			si, ok := a.stdin.(*os.File)
			if !ok {
				continue
			}
			st, err = si.Stat()
			if err == nil && os.SameFile(st, out) {
				return usageErr("standard output is the file standard input (-) reads: the output would be written into the input; redirect it to another file")
			}
			continue
		}
		if st, err = os.Stat(in); err == nil && os.SameFile(st, out) {
			return usageErr("standard output is the input %s: the output would be written into that input; redirect it to another file", in)
		}
	}
	return nil
}
