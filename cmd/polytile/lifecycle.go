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
	// commitMu is the commit point of a command whose outputs are
	// complete or nothing (commitComplete: export, render, check's
	// picture, solve's result of a search that ran to its end), ordered
	// against a signal: the outputs are in place before it (the signal is
	// then late, lateSignal, and the exit is the command's) or the signal
	// comes first and they are removed (exit 130 / 143).
	commitMu   commitpoint.Point
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
	// observer, when not nil, watches the commit point (commitComplete).
	observer commitObserver
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
// every command (no "reading sol.fifo: context canceled" line).
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

// noSolution is returned once a result that means "no" is out (exit 1).
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
	return runMainWith(args, stdin, stdout, stderr, runOptions{hardExit: hardExit})
}

// runOptions are what the process (or a test) gives runMainWith besides
// the arguments and streams.
type runOptions struct {
	// hardExit ends the process (os.Exit; nil in tests: no hard exit).
	hardExit func(int)
	// observer, when not nil, watches every commit point.
	observer commitObserver
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
		if hung == "" && a.commitMu.Committed() {
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
	helpOut := &clihelp.ErrWriter{W: stdout}
	root.SetOut(helpOut)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	var ac *argCountError
	if errors.As(err, &ac) && cmd != nil {
		if hint := spaceValueHint(cmd, args, ac); hint != nil {
			err = hint
		}
	}
	err = unknownCommandErr(root, err)
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
		return // an exit code alone: its message is already out (no "exit 1" line after a signal)
	}
	fmt.Fprintln(a.stderr, "polytile: "+puzzle.SafeText(clipQuoted(strings.TrimPrefix(errmsg.PlainPath(err.Error()), "polytile: "))))
}

// commitObserver watches the commit point of commitComplete; runMain
// takes one through runOptions (tests deliver a signal there).
type commitObserver interface {
	// atCommit runs with stage "before" once the outputs are written and
	// flushed, before the check of the context, and with "after" once
	// they are renamed into place.
	atCommit(a *app, stage string)
}

// commitComplete renames a command's complete outputs into place
// together: the commit point of a command whose outputs are complete or
// nothing (an export with its companions, a picture). Unless a signal
// came first (ctx done): then none is renamed, every temporary file is
// removed and the signal gives the exit. The check of ctx and the
// renames happen under a.commitMu, which the signal handler takes too,
// so a signal is either before the check (nothing left, exit 130 / 143)
// or after the renames (the files in place and the command's own exit,
// 0). The files are flushed to disk first, outside the lock, so that a
// signal is never held up by a sync of a large file.
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

// writeComplete writes path (or stdout for "-") with fn, as
// atomicfile.Write does, and commits it through commitComplete: the file
// is in place with the command's exit, or absent after a signal.
func (a *app) writeComplete(ctx context.Context, path string, fn func(w io.Writer) error) error {
	return atomicfile.WriteCommit(ctx, path, a.stdout, fn, func(f *atomicfile.File) error { return a.commitComplete(ctx, f) })
}

// unknownCommandErr rewrites cobra's "unknown command" error on one line.
// Cobra appends its suggestions as "\n\nDid you mean this?\n\t<name>\n",
// and printErr escapes every control character of a message (file names in
// messages come from the user), which would print the suggestion as a run
// of \u000a escapes. The root command has DisableSuggestions set, and this adds the
// suggestions back in a form that needs no newline or tab. Any other error is
// returned as it is.
func unknownCommandErr(root *cobra.Command, err error) error {
	if err == nil {
		return nil
	}
	var typed, path string
	if n, _ := fmt.Sscanf(err.Error(), "unknown command %q for %q", &typed, &path); n != 2 {
		return err
	}
	msg := fmt.Sprintf("unknown command %q for %q", typed, path)
	// SuggestionsFor honours DisableSuggestions only in cobra's own message,
	// so it still finds the near names here.
	if s := root.SuggestionsFor(typed); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return usageErr("%s (see %s --help)", msg, path)
}

// openOutputErr is the error of an output that could not be opened. Waiting
// for the reader of a FIFO is the only wait in opening one: when the
// command's --time-limit ends there, it is the time limit (exit 1, as for a
// search cut short, docs/reliability.md), not bad usage; a signal keeps its
// own exit code (exitCode reads it), and anything else is exit 2.
func openOutputErr(ctx context.Context, flag string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &exitError{code: exitNoSolution, err: fmt.Errorf("%s: time limit reached (--time-limit counts from the start of the command): %w", flag, err)}
	}
	return usageErr("%s: %v", flag, err)
}

// clipQuoted shortens every long quoted value of msg (errmsg.ClipQuoted).
var clipQuoted = errmsg.ClipQuoted
