package compare

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/extproc"
	"github.com/polytile/polytile/internal/solverpath"
	"github.com/polytile/polytile/model"
)

// DefaultDLXCount is the regular expression that reads the number of
// solutions from the output (stdout and stderr) of an external DLX solver:
// Knuth's dlx1, dlx2 and dlx3 end with "Altogether 9356 solutions, ...".
// The first submatch is the count of all solutions.
var DefaultDLXCount = regexp.MustCompile(`Altogether (\d+) solutions?`)

// dlxNodes reads the node count of Knuth's dlx programs ("..., 12345 nodes").
var dlxNodes = regexp.MustCompile(`(\d+) nodes`)

// dlxSolver runs an external exact-cover solver on the DLX export.
type dlxSolver struct {
	command []string
	count   *regexp.Regexp
}

// DLXSolver returns a backend that runs an external exact-cover solver on
// the DLX export of a puzzle (export.WriteDLX) and reads the number of all
// solutions from its output with count (DefaultDLXCount when nil; the first
// submatch is the number). command is the program and its arguments,
// separated by spaces, e.g. "/opt/knuth/dlx1 m1"; the matrix goes to the
// program's standard input, or, when an argument is "{}", that argument is
// replaced by the path of the file. The program runs in a temporary
// directory, so a relative path is resolved against the caller's
// directory here: the program when it names a path (has a '/'), and an
// argument that names an existing file or directory. count is matched
// line by line (the first line that matches gives the count), so a
// pattern cannot reach across lines.
func DLXSolver(command string, count *regexp.Regexp) (Backend, error) {
	f := strings.Fields(command)
	if len(f) == 0 {
		return nil, fmt.Errorf("empty DLX solver command")
	}
	for n, a := range f {
		if a == "{}" || filepath.IsAbs(a) || strings.HasPrefix(a, "-") {
			continue
		}
		if _, err := os.Stat(a); (n == 0 && strings.Contains(a, "/")) || (n > 0 && err == nil) {
			abs, err := filepath.Abs(a)
			if err != nil {
				return nil, fmt.Errorf("DLX solver %q: %s is relative and the current directory is unknown (the solver runs in a temporary directory): %w", command, a, err)
			}
			f[n] = abs
		}
	}
	if count == nil {
		count = DefaultDLXCount
	}
	if count.NumSubexp() < 1 {
		return nil, fmt.Errorf("the solution-count pattern %q has no (group) for the number", count)
	}
	return &dlxSolver{command: f, count: count}, nil
}

func (b *dlxSolver) Name() string         { return strings.Join(b.command, " ") }
func (b *dlxSolver) Native() bool         { return false }
func (b *dlxSolver) Supports(k Kind) bool { return k == Count }

func (b *dlxSolver) Describe() string {
	return fmt.Sprintf("external DLX solver on the DLX export; count read with /%s/", b.count)
}

func (b *dlxSolver) Run(ctx context.Context, t Task) (*Outcome, error) {
	bin, err := solverpath.Find(b.command[0])
	if err != nil {
		return &Outcome{Status: Skipped, Reason: b.command[0] + " not found"}, nil
	}
	dir, done, err := atomicfile.MkdirTemp("polytile-dlx-") // removed on a hard exit too
	if err != nil {
		return nil, err
	}
	defer done()
	file := filepath.Join(dir, "puzzle.dlx")
	write := func(w io.Writer) error {
		c, err := model.NewCoverContext(ctx, t.Puzzle)
		if err != nil {
			return err
		}
		return export.WriteDLX(w, c)
	}
	if t.Puzzle.Symmetric != nil { // the orbit problem (export.WriteSymmetricDLX)
		sc, err := model.NewSymmetricCover(t.Puzzle)
		if err != nil {
			return nil, err
		}
		write = func(w io.Writer) error { return export.WriteSymmetricDLX(w, sc) }
	}
	if err := writeFile(ctx, file, write); err != nil {
		if ctx.Err() != nil {
			return &Outcome{Status: Timeout}, nil
		}
		return nil, err
	}
	args := append([]string(nil), b.command[1:]...)
	stdin := true
	for n, a := range args {
		if a == "{}" {
			args[n], stdin = file, false
		}
	}
	cmd := extproc.Command(ctx, bin, args...)
	cmd.Dir = dir
	var out extproc.Output // bounded: a solver that prints without end cannot fill memory
	cmd.Stdout, cmd.Stderr = &out, &out
	if stdin {
		in, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		defer in.Close()
		cmd.Stdin = in
	}
	// extproc kills the solver's whole process group at the deadline and
	// when it exits, and does not wait for pipes held open by survivors.
	start := time.Now()
	runErr := extproc.Run(cmd)
	o := &Outcome{Status: OK, Seconds: time.Since(start).Seconds()}
	if ctx.Err() != nil {
		o.Status = Timeout
		return o, nil
	}
	if runErr != nil {
		return nil, fmt.Errorf("%s: %w: %s%s", b.command[0], runErr, tail(out.Bytes()), out.Note())
	}
	var m [][]byte
	for _, line := range bytes.Split(out.Bytes(), []byte("\n")) {
		if m = b.count.FindSubmatch(line); m != nil {
			break
		}
	}
	if m == nil {
		return nil, fmt.Errorf("%s: no solution count matching /%s/ in its output: %s%s", b.command[0], b.count, tail(out.Bytes()), out.Note())
	}
	n, err := strconv.ParseInt(string(m[1]), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("%s: solution count %q: %w", b.command[0], m[1], err)
	}
	o.Solutions, o.Complete = ptr(n), true
	if m := dlxNodes.FindSubmatch(out.Bytes()); m != nil {
		o.Work, _ = strconv.ParseInt(string(m[1]), 10, 64)
		o.WorkUnit = "nodes"
	}
	return o, nil
}
