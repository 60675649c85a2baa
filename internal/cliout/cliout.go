// Package cliout holds the checks a command runs on the files it will
// write before it does any work: an output may not be one of its inputs
// (through links, standard input included), two outputs may not name one
// file, each output must be writable, and standard output may not be
// redirected to an input; and the format flag of an output agrees with
// its file name's extension.
//
// The errors are plain messages that name the flags; the caller decides
// their exit code.
package cliout

import (
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/polytile/polytile/internal/atomicfile"
)

// Output is one file a command will write: the flag that names it and the
// path ("-" for stdout, "" for none).
type Output struct{ Flag, Path string }

// Check refuses an output that is one of the inputs (the input would be
// overwritten), two flags naming the same file, and an output that cannot
// be written (missing or unwritable directory, a directory, block device
// or socket). Files are compared with atomicfile.SameFile: through
// symbolic and hard links; the input "-" by the device and inode of the
// process's standard input (StdinIs).
func Check(inputs []string, outs ...Output) error {
	for n, o := range outs {
		if o.Path == "" || o.Path == "-" {
			continue
		}
		for _, in := range inputs {
			if in == "-" && StdinIs(o.Path) {
				return fmt.Errorf("%s %s is the file standard input (-) reads: writing it would overwrite the input; choose another file", o.Flag, o.Path)
			}
			if atomicfile.SameFile(in, o.Path) {
				return fmt.Errorf("%s %s is the input %s: writing it would overwrite that input; choose another file", o.Flag, o.Path, in)
			}
		}
		for _, p := range outs[:n] {
			if p.Path != "" && p.Path != "-" && atomicfile.SameFile(p.Path, o.Path) {
				return fmt.Errorf("%s and %s name the same file %s: one would overwrite the other", p.Flag, o.Flag, o.Path)
			}
		}
		if err := atomicfile.Check(o.Path); err != nil {
			return fmt.Errorf("%s: %v", o.Flag, err)
		}
	}
	return nil
}

// SameAsStdout reports whether path names the file stdout writes to
// (-o /dev/stdout, or the file stdout is redirected to).
func SameAsStdout(path string, stdout io.Writer) bool {
	f, ok := stdout.(*os.File)
	if !ok || path == "-" {
		return false
	}
	a, err1 := f.Stat()
	b, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// StdinIs reports whether path names the file the process's standard
// input reads (the input "-"), compared by device and inode (fstat of
// stdin, stat of path through its symbolic links): `export - -o p.yaml <
// p.yaml` would replace the puzzle being read. A character device (a
// terminal, /dev/null) is never taken for an output's file: reading and
// writing it loses nothing.
func StdinIs(path string) bool {
	in, err := os.Stdin.Stat()
	if err != nil || in.Mode()&fs.ModeCharDevice != 0 {
		return false
	}
	out, err := os.Stat(path)
	return err == nil && os.SameFile(in, out)
}

// CheckStdout refuses a standard output redirected to one of the inputs,
// before anything is written: `export q.yaml --format lp >> q.yaml` would
// append the program to the puzzle it reads, as cat refuses "input file
// is output file". Only a regular file is compared (by device and inode,
// through links); a terminal, pipe, /dev/null or another file passes. The
// input "-" is compared with the file stdin reads. Empty inputs are
// skipped.
func CheckStdout(stdin io.Reader, stdout io.Writer, inputs ...string) error {
	so, ok := stdout.(*os.File)
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
			si, ok := stdin.(*os.File)
			if !ok {
				continue
			}
			st, err = si.Stat()
			if err == nil && os.SameFile(st, out) {
				return fmt.Errorf("standard output is the file standard input (-) reads: the output would be written into the input; redirect it to another file")
			}
			continue
		}
		if st, err = os.Stat(in); err == nil && os.SameFile(st, out) {
			return fmt.Errorf("standard output is the input %s: the output would be written into that input; redirect it to another file", in)
		}
	}
	return nil
}
