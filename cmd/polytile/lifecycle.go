package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/clihelp"
	"github.com/polytile/polytile/internal/commitpoint"
	"github.com/polytile/polytile/internal/errmsg"
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
	// commitMu orders the commit of complete outputs (commitComplete)
	// against a signal: the outputs are in place before it (lateSignal:
	// the exit is the command's, commitExit after a hard exit) or
	// removed after it (exit 130 / 143).
	commitMu   commitpoint.Point
	lateSignal atomic.Bool
	commitExit atomic.Int32
	raise      func(os.Signal) // delivers a signal as the system does (tests)
	// ctx is done after SIGINT or SIGTERM: the context of every phase
	// that no --time-limit bounds.
	ctx      context.Context
	observer commitObserver // watches commitComplete, when not nil
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

// usageErr marks bad input or usage (exit 2). A cancellation among args
// stays in the chain (errmsg.Errorf): exitCode prints nothing after a
// signal.
func usageErr(format string, args ...any) error {
	return &exitError{code: exitUsage, err: errmsg.Errorf(format, args...)}
}

// noSolution is returned once a result that means "no" is out (exit 1).
var noSolution = &exitError{code: exitNoSolution}

// Main runs the CLI with the given arguments and streams and returns the
// process exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runMain(args, stdin, stdout, stderr, nil)
}

// stopGrace is how long the process may take to stop after a signal
// before the watchdog ends it: a solver library may not poll its context
// (HiGHS's presolve).
const stopGrace = time.Second

// runMain is Main with a hard exit (os.Exit; nil in tests): after a
// signal, a second signal or stopGrace without the command returning ends
// the process at once with the signal's exit code.
func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer, hardExit func(int)) int {
	return runMainWith(args, stdin, stdout, stderr, runOptions{hardExit: hardExit})
}

// runOptions are what the process (or a test) gives runMainWith besides
// the arguments and streams.
type runOptions struct {
	hardExit func(int)      // os.Exit; nil: no hard exit
	observer commitObserver // watches every commit point, when not nil
}

// runMainWith is runMain with its options.
func runMainWith(args []string, stdin io.Reader, stdout, stderr io.Writer, opts runOptions) int {
	hardExit := opts.hardExit
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, observer: opts.observer}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a.ctx = ctx
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer func() {
		if hardExit != nil {
			// The exit is decided and the outputs are in place: a signal
			// from here to os.Exit must not kill the process.
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
		// Never between a commit's check of ctx and its renames, unless
		// the commit hangs (lockCommit gives up).
		hung := a.lockCommit(sigs, grace, hardExit != nil)
		if hung == "" && a.commitMu.Committed() {
			a.lateSignal.Store(true)
		}
		sig := syscall.SIGINT
		if s == syscall.SIGTERM {
			sig, code = syscall.SIGTERM, exitTerminated
		}
		a.signal.Store(int32(sig))
		cancel()
		if hung == "" {
			a.commitMu.Unlock()
		}
		if hardExit == nil {
			return
		}
		// The hard exit removes the temporary files first (os.Exit runs
		// no deferred Abort); after a late signal it is the command's.
		stop := func(why string) {
			note, exit := "", code
			if a.lateSignal.Load() { // commitExit is stored before the commit
				note, exit = " (the output files were complete and in place before the first signal)", int(a.commitExit.Load())
			}
			fmt.Fprintf(a.stderr, "polytile: %s: stopped at once%s\n", why, note)
			atomicfile.RemoveTemps()
			hardExit(exit)
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
	helpOut := &clihelp.ErrWriter{W: stdout}
	root.SetOut(helpOut)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	var ac *cliflag.ArgCountError
	if errors.As(err, &ac) && cmd != nil {
		if hint := cliflag.ExplainArgCount(cmd, args, ac); hint != nil {
			err = hint
		}
	}
	err = unknownCommandErr(root, err)
	close(finished)
	return a.helpWriteFailed(a.exitCode(err), helpOut)
}

// stillRunning is the watchdog's reason for a hard exit: the write that
// nobody reads when it can tell, else a call that cannot be interrupted.
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

// lockCommit locks a.commitMu for the signal handler and returns "";
// with hard exits it gives up at a second signal or when grace fires and
// returns the reason of the hard exit that follows.
func (a *app) lockCommit(sigs <-chan os.Signal, grace <-chan time.Time, hard bool) string {
	if !hard {
		a.commitMu.Lock()
		return ""
	}
	switch a.commitMu.LockUntil(sigs, grace) {
	case commitpoint.Signaled:
		return "second signal while the outputs were being renamed into place"
	case commitpoint.TimedOut:
		return stillRunning() + " (the outputs were being renamed into place)"
	}
	return ""
}

func (a *app) exitCode(err error) int {
	sig := syscall.Signal(a.signal.Load())
	if a.lateSignal.Load() && !errors.Is(err, context.Canceled) {
		sig = 0 // the signal came after the commit and stopped nothing
	}
	if sig != 0 { // SIGINT or SIGTERM
		if err != nil && !errors.Is(err, context.Canceled) {
			a.printErr(err)
		}
		if sig == syscall.SIGTERM {
			return exitTerminated
		}
		return exitInterrupted
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
	a.printErr(err) // cobra's errors and input problems: usage
	return exitUsage
}

// printErr prints an error with the characters a terminal would
// interpret escaped: messages quote file names and input.
func (a *app) printErr(err error) {
	if ee, ok := err.(*exitError); ok && ee.err == nil {
		return // an exit code alone: its message is already out
	}
	fmt.Fprintln(a.stderr, "polytile: "+puzzle.SafeText(errmsg.ClipQuoted(strings.TrimPrefix(errmsg.PlainPath(err.Error()), "polytile: "))))
}

// commitObserver watches commitComplete (tests deliver a signal there):
// atCommit runs with stage "before" once the outputs are flushed, before
// the check of the context, and "after" once they are in place.
type commitObserver interface {
	atCommit(a *app, stage string)
}

// commitComplete renames a command's complete outputs into place
// together, unless a signal came first (ctx done: none is renamed). The
// check of ctx and the renames happen under a.commitMu, which the signal
// handler takes too; the files are flushed before, outside the lock, so
// that a signal never waits for a sync.
func (a *app) commitComplete(ctx context.Context, files ...*atomicfile.File) error {
	for _, f := range files {
		if err := f.Flush(); err != nil {
			return err
		}
	}
	if a.observer != nil {
		a.observer.atCommit(a, "before")
	}
	err := a.commitMu.Commit(ctx, files...)
	if err == nil && a.observer != nil {
		a.observer.atCommit(a, "after")
	}
	return err
}

// writeComplete writes path (or stdout for "-") with fn and commits it
// through commitComplete.
func (a *app) writeComplete(ctx context.Context, path string, fn func(w io.Writer) error) error {
	return atomicfile.WriteCommit(ctx, path, a.stdout, fn, func(f *atomicfile.File) error { return a.commitComplete(ctx, f) })
}

// unknownCommandErr rewrites cobra's "unknown command" error on one line
// (clihelp.UnknownCommand); any other error is returned as it is.
func unknownCommandErr(root *cobra.Command, err error) error {
	if msg, ok := clihelp.UnknownCommand(root, err); ok {
		return usageErr("%s", msg)
	}
	return err
}

// openOutputErr is the error of an output that could not be opened: the
// --time-limit ending while a FIFO waits for its reader is exit 1 (a
// search cut short), anything else exit 2 (a signal keeps its own).
func openOutputErr(ctx context.Context, flag string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &exitError{code: exitNoSolution, err: fmt.Errorf("%s: time limit reached (--time-limit counts from the start of the command): %w", flag, err)}
	}
	return usageErr("%s: %v", flag, err)
}
