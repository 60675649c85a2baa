package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/puzzle"
)

// Exit codes of the CLI contract.
const (
	exitOK          = 0
	exitNoSolution  = 1
	exitUsage       = 2
	exitInterrupted = 130 // 128 + SIGINT
	exitTerminated  = 143 // 128 + SIGTERM
)

// app carries the streams and global flags of one invocation, so that tests
// can run the CLI in-process.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	quiet, verbose bool
	signal         atomic.Int32 // the signal that stopped us, if any
	// commitMu orders the commit point of a command whose outputs are
	// complete or nothing (commitComplete: export, render, check's
	// picture, solve's result of a search that ran to its end) against a
	// signal: the outputs are renamed into place before it (committed;
	// the signal is then late, lateSignal, and the exit is the command's)
	// or the signal comes first and they are removed (exit 130 / 143).
	commitMu   sync.Mutex
	committed  bool // under commitMu
	lateSignal atomic.Bool
	// commitExit is the exit of a command whose outputs are committed
	// when nothing after the commit fails (check: its verdict): a hard
	// exit after a late signal (a second one, or the watchdog) exits
	// with it, not with the signal's, as the outputs are in place.
	commitExit atomic.Int32
	// raise delivers a signal as the operating system does (tests).
	raise func(os.Signal)
	// ctx is done after SIGINT or SIGTERM: the context of every phase that
	// no --time-limit bounds (see loadPuzzle).
	ctx context.Context
}

// exitError carries an exit code; a nil err means "nothing more to print".
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErr marks bad input or usage (exit 2). An argument that is an
// error ended by a signal (context.Canceled) stays in the chain whatever
// the verb (%v): exitCode then prints nothing after the signal, as for
// every command ("reading sol.fifo: context canceled" was printed).
func usageErr(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	for _, arg := range args {
		if e, ok := arg.(error); ok && errors.Is(e, context.Canceled) && !errors.Is(err, context.Canceled) {
			err = &canceledErr{msg: err.Error(), cause: e}
			break
		}
	}
	return &exitError{code: exitUsage, err: err}
}

// canceledErr is a message that keeps the cancellation it tells of.
type canceledErr struct {
	msg   string
	cause error
}

func (e *canceledErr) Error() string { return e.msg }
func (e *canceledErr) Unwrap() error { return e.cause }

// noSolution is returned after a result was printed that means "no" (exit 1).
var noSolution = &exitError{code: exitNoSolution}

// Main runs the CLI with the given arguments and streams and returns the
// process exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runMain(args, stdin, stdout, stderr, nil)
}

// stopGrace is how long the process may take to stop after a signal
// before the watchdog ends it: every phase polls its context well within
// a second, but a solver library may not (HiGHS's presolve runs for
// seconds without calling back).
const stopGrace = time.Second

// runMain is Main with a hard exit (os.Exit in the real process, nil in
// tests): after a signal, a second signal or stopGrace without the
// command returning ends the process at once with the signal's exit code.
// Outputs stay whole: -o files appear only when complete (internal/atomicfile).
func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer, hardExit func(int)) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a.ctx = ctx
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer func() {
		if hardExit != nil {
			// The exit is decided and the outputs are in place: a signal
			// between here and os.Exit is late, and its default action
			// would end the process as killed by it (a shell's 130 with
			// a complete -o result in place, 1 run in 100 of two SIGINTs
			// near the end of a short count).
			signal.Ignore(os.Interrupt, syscall.SIGTERM)
		}
		signal.Stop(sigs)
	}()
	a.raise = func(s os.Signal) { sigs <- s }
	finished := make(chan struct{})
	go func() {
		code := exitInterrupted
		var s os.Signal
		select {
		case s = <-sigs:
		case <-ctx.Done():
			return
		}
		grace := time.After(stopGrace)
		// Not between a commit's check of ctx and its renames; but a
		// commit held up there (a rename or sync on a file system that
		// hangs) holds up neither the watchdog nor a second signal.
		hung := a.lockCommit(sigs, grace, hardExit != nil)
		if hung == "" && a.committed {
			a.lateSignal.Store(true)
		}
		if s == syscall.SIGTERM {
			a.signal.Store(int32(syscall.SIGTERM))
			code = exitTerminated
		} else {
			a.signal.Store(int32(syscall.SIGINT))
		}
		cancel()
		if hung == "" {
			a.commitMu.Unlock()
		}
		if hardExit == nil {
			return
		}
		// One way out for both hard paths: the temporaries of the outputs
		// being written go first (os.Exit runs no deferred Abort).
		// A signal that came after the command's outputs were committed
		// (lateSignal) replaced nothing: the exit is the command's.
		stop := func(why string) {
			if a.lateSignal.Load() {
				fmt.Fprintf(a.stderr, "polytile: %s: stopped at once (the output files were complete and in place before the first signal)\n", why)
				atomicfile.RemoveTemps()
				hardExit(int(a.commitExit.Load()))
				return
			}
			fmt.Fprintf(a.stderr, "polytile: %s: stopped at once\n", why)
			atomicfile.RemoveTemps()
			hardExit(code)
		}
		if hung != "" {
			stop(hung)
			return
		}
		select {
		case <-finished:
		case <-sigs:
			stop("second signal")
		case <-grace:
			stop(stillRunning())
		}
	}()
	root := a.rootCmd()
	setOnceFlags(root)
	root.SetArgs(args)
	root.SetIn(stdin)
	helpOut := &recordingWriter{w: stdout}
	root.SetOut(helpOut)
	root.SetErr(stderr)
	err := unknownCommandErr(root, root.ExecuteContext(ctx))
	close(finished)
	return a.helpWriteFailed(a.exitCode(err), helpOut)
}

// stillRunning is the watchdog's reason for a hard exit: what held the
// process up when it can tell (a write to an output written in place,
// which nobody reads), else a call that cannot be interrupted.
func stillRunning() string {
	switch w := atomicfile.InPlaceWrite(); w {
	case "":
		return fmt.Sprintf("still running %v after the signal (in a call that cannot be interrupted: a solver such as HiGHS's presolve, or a write to a pipe or FIFO that is not being read), without a summary", stopGrace)
	case "-":
		return fmt.Sprintf("still running %v after the signal (writing to standard output, which is not being read)", stopGrace)
	default:
		return fmt.Sprintf("still running %v after the signal (writing %s, which is not being read)", stopGrace, puzzle.SafeText(w))
	}
}

// lockCommit locks a.commitMu for the signal handler and returns "".
// Without hard exits (hard false: Main in tests) it waits as long as it
// takes; with them it gives up at a second signal on sigs or when grace
// fires, and returns the reason of the hard exit that follows.
func (a *app) lockCommit(sigs <-chan os.Signal, grace <-chan time.Time, hard bool) string {
	if !hard {
		a.commitMu.Lock()
		return ""
	}
	if a.commitMu.TryLock() {
		return ""
	}
	tick := time.NewTicker(time.Millisecond) // sync.Mutex has no Lock with a deadline
	defer tick.Stop()
	for {
		select {
		case <-sigs:
			return "second signal while the outputs were being renamed into place"
		case <-grace:
			return stillRunning() + " (the outputs were being renamed into place)"
		case <-tick.C:
			if a.commitMu.TryLock() {
				return ""
			}
		}
	}
}

func (a *app) exitCode(err error) int {
	sig := syscall.Signal(a.signal.Load())
	if a.lateSignal.Load() && !errors.Is(err, context.Canceled) {
		// The signal came after the command's outputs were in place
		// (commitComplete) and stopped nothing: the exit is the
		// command's, as without it.
		sig = 0
	}
	switch sig {
	case syscall.SIGINT:
		if err != nil && !errors.Is(err, context.Canceled) {
			a.printErr(err)
		}
		return exitInterrupted
	case syscall.SIGTERM:
		if err != nil && !errors.Is(err, context.Canceled) {
			a.printErr(err)
		}
		return exitTerminated
	}
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			a.printErr(ee.err)
		}
		return ee.code
	}
	a.printErr(err)
	// Errors cobra raises for flags and arguments are usage errors, and so
	// are problems with the input; everything reaching here is one of them.
	return exitUsage
}

// printErr prints an error, with any character that a terminal would
// interpret (escapes, bidirectional overrides) escaped: messages quote
// file names and input.
func (a *app) printErr(err error) {
	if ee, ok := err.(*exitError); ok && ee.err == nil {
		return // an exit code alone: its message was printed (after a signal: "exit 1")
	}
	fmt.Fprintln(a.stderr, "polytile: "+puzzle.SafeText(clipQuoted(strings.TrimPrefix(plainPathError(err.Error()), "polytile: "))))
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "polytile",
		Short: "Polyomino and polycube tiling puzzles: exact cover, MIP, DLX and FILA",
		Long: `polytile reads a tiling puzzle (a YAML file, Knuth's box-and-pieces spec, or
a BurrTools .xmpuzzle file) and turns it into every form you need:

  info      the puzzle's cells, pieces, images (the ok / cover sets), bounds
  render    a picture of the board and pieces (ascii, ansi, svg, png)
  solve     count or find tilings with the native DLX / FILA solvers, or
            solve the binary program in-process with HiGHS; --max-coverage
            finds the best near-miss of an infeasible puzzle
  export    write the program as LP / MPS for any MIP solver, the exact-cover
            matrix for Knuth's dlx3 (or dlx1), CNF / OPB for SAT and
            pseudo-Boolean solvers, or a runnable Pyomo script
  check     read an external solver's solution file back, verify and draw it
  compare   run several backends on the same puzzles and check they agree
  bench     the benchmark suite of the FILA article on this machine
  merge     add up the results of a count split into shards (solve --shard)

PUZZLE is a file path or - for stdin. Exit codes: 0 success, 1 no solution
(or a disagreement in compare, or a count cut short by --time-limit), 2 bad
input or usage, 130/143 interrupted.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Example: `  polytile info examples/pentomino-10x6.yaml
  polytile solve examples/pentomino-10x6.yaml --count --unique
  polytile solve examples/tetris-7x7.yaml --max-coverage --render ansi
  polytile export examples/tetris-7x7.yaml --format lp --mode max-coverage -o t.lp`,
	}
	root.PersistentFlags().BoolVarP(&a.quiet, "quiet", "q", false, "no progress line")
	root.PersistentFlags().BoolVarP(&a.verbose, "verbose", "v", false, "show solver logs (HiGHS output) on stderr")
	// One check of every command's flags after parsing (applies.go).
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error { return checkFlagsApply(cmd) }
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErr("%v (see %s --help)", err, c.CommandPath())
	})
	root.CompletionOptions.DisableDefaultCmd = true
	// Suggestions for an unknown command are added on one line by
	// unknownCommandErr (clierrors.go), not by cobra.
	root.DisableSuggestions = true
	root.SuggestionsMinimumDistance = 2
	root.SetHelpCommand(helpCmd(root))
	root.Version = versionString()
	root.SetVersionTemplate("{{.Version}}\n")
	for _, add := range []func() *cobra.Command{a.infoCmd, a.renderCmd, a.solveCmd, a.exportCmd, a.checkCmd, a.compareCmd, a.benchCmd, a.mergeCmd, a.versionCmd} {
		root.AddCommand(add())
	}
	return root
}

// loadPuzzle reads PUZZLE (a path or "-"), with an optional forced format;
// it stops after a signal (see loadPuzzleContext).
func (a *app) loadPuzzle(path, format string, u puzzle.Unplaceable) (*puzzle.Puzzle, error) {
	return a.loadPuzzleContext(a.ctx, path, format, u)
}

// unplaceableFor is what loading does with a piece that fits nowhere in a
// command of this mode: leave it out of a maximum-coverage run (it covers
// nothing), refuse it in an exact one unless its supply is unlimited.
func unplaceableFor(maxCoverage bool) puzzle.Unplaceable {
	if maxCoverage {
		return puzzle.DropAll
	}
	return puzzle.DropUnlimited
}

// addFromFlag adds the --from flag every command that reads a puzzle has.
// Its value is checked when the flag is parsed: a bad one is the flag's
// fault, not the puzzle file's (it was reported as "FILE: unknown puzzle
// format").
func addFromFlag(fs *pflag.FlagSet, from *string) {
	fs.Var(&fromValue{p: from}, "from", "input format: "+puzzle.FormatList()+" for problem N (default: by file extension: .knuth, .xmpuzzle, else yaml)")
}

// fromValue is the --from flag: a format puzzle.CheckFormat takes.
type fromValue struct{ p *string }

func (v *fromValue) Set(s string) error {
	if err := puzzle.CheckFormat(s); err != nil {
		return err
	}
	*v.p = s
	return nil
}
func (v *fromValue) String() string { return *v.p }
func (v *fromValue) Type() string   { return "string" }
