//go:build cgo && !nohighs

package highs

/*
#cgo pkg-config: highs
#cgo LDFLAGS: -Wl,--as-needed -ldl
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <pthread.h>
#include "highs_shim.h"

// Defined in Go (callback.go, //export polytileHighsCallback).
extern void polytileHighsCallback(int, char*, HighsCallbackDataOut*, HighsCallbackDataIn*, void*);

// polytile_set_callback installs the Go trampoline; handle is a
// runtime/cgo.Handle, which is an integer and not a Go pointer.
static HighsInt polytile_set_callback(void* h, uintptr_t handle) {
	return pt_Highs_setCallback(h, (HighsCCallbackType)polytileHighsCallback, (void*)handle);
}

// polytile_thread_id identifies the calling OS thread.
static uint64_t polytile_thread_id(void) {
	return (uint64_t)(uintptr_t)pthread_self();
}
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/cgo"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/polytile/polytile/internal/atomicfile"
)

// HiGHS status codes (kHighsStatus*) and other constants of the C API.
const (
	statusError      = -1
	matrixRowwise    = 2 // kHighsMatrixFormatRowwise
	objSenseMinimize = 1
	objSenseMaximize = -1
	varContinuous    = 0
	varInteger       = 1
	varImplicitInt   = 4
	solutionFeasible = 2 // kHighsSolutionStatusFeasible
	maxNameLen       = 512
)

// libNames are the names load tries, in order: the development name
// that `make deps` and most packages install, then the usual soname.
var libNames = []string{"libhighs.so", "libhighs.so.1"}

// loaded is the outcome of the first load.
var loaded = sync.OnceValue(func() error { return loadFrom(libNames) })

// load opens the HiGHS library on first use (highs_shim.h): every entry
// point calls it before any HiGHS function. Its error wraps
// ErrUnavailable, so that callers treat a missing library as a build
// without HiGHS, and says why dlopen failed.
func load() error { return loaded() }

// loadFrom tries the names in order and keeps the first that loads.
func loadFrom(names []string) error {
	var why []string
	for _, name := range names {
		cname := C.CString(name)
		rc := C.pt_highs_load(cname)
		C.free(unsafe.Pointer(cname))
		if rc == 0 {
			return nil
		}
		why = append(why, C.GoString(C.pt_highs_error()))
	}
	return &loadError{why: strings.Join(why, "; ")}
}

// loadError is a HiGHS library that could not be loaded at run time; it
// is ErrUnavailable for errors.Is.
type loadError struct{ why string }

// reason is the error in a few words.
func (e *loadError) reason() string {
	return "the HiGHS library could not be loaded (" + e.why + ")"
}

func (e *loadError) Error() string {
	return "highs: " + e.reason() + "; this build looks for it " +
		"where `make deps` put it when polytile was built, then on LD_LIBRARY_PATH and the system's " +
		"library path: run `make deps` and rebuild, or put the directory holding libhighs.so on LD_LIBRARY_PATH " +
		"(the native solvers do not need it)"
}

func (e *loadError) Is(target error) bool { return target == ErrUnavailable }

// UnavailableReason says in a few words why HiGHS cannot be used ("" when
// it can): here, why its library could not be loaded.
func UnavailableReason() string {
	var le *loadError
	if errors.As(load(), &le) {
		return le.reason()
	}
	return ""
}

// Version returns the version of the HiGHS library, e.g. "1.15.1", or ""
// when it cannot be loaded.
func Version() string {
	if load() != nil {
		return ""
	}
	return strings.TrimPrefix(C.GoString(C.pt_Highs_version()), "v")
}

// instance owns one Highs object; call destroy when done.
type instance struct{ p unsafe.Pointer }

// newInstance creates a Highs object with all output switched off.
func newInstance() (*instance, error) {
	if err := load(); err != nil {
		return nil, err
	}
	p := C.pt_Highs_create()
	if p == nil {
		return nil, errors.New("highs: Highs_create returned NULL")
	}
	in := &instance{p: p}
	if err := in.setBool("output_flag", false); err != nil {
		in.destroy()
		return nil, err
	}
	return in, nil
}

func (in *instance) destroy() {
	if in.p != nil {
		C.pt_Highs_destroy(in.p)
		in.p = nil
	}
}

// check turns a HiGHS status into an error; warnings are not errors.
func check(call string, st C.HighsInt) error {
	if int(st) == statusError {
		return &Error{Call: call, Status: int(st)}
	}
	return nil
}

func (in *instance) setBool(name string, v bool) error {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	b := C.HighsInt(0)
	if v {
		b = 1
	}
	return check(fmt.Sprintf("Highs_setBoolOptionValue(%s=%v)", name, v), C.pt_Highs_setBoolOptionValue(in.p, cs, b))
}

func (in *instance) setInt(name string, v int) error {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return check(fmt.Sprintf("Highs_setIntOptionValue(%s=%d)", name, v), C.pt_Highs_setIntOptionValue(in.p, cs, C.HighsInt(v)))
}

func (in *instance) setDouble(name string, v float64) error {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return check(fmt.Sprintf("Highs_setDoubleOptionValue(%s=%g)", name, v), C.pt_Highs_setDoubleOptionValue(in.p, cs, C.double(v)))
}

func (in *instance) setString(name, v string) error {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	cv := C.CString(v)
	defer C.free(unsafe.Pointer(cv))
	return check(fmt.Sprintf("Highs_setStringOptionValue(%s=%s)", name, v), C.pt_Highs_setStringOptionValue(in.p, cs, cv))
}

// CheckExtra checks options for Options.Extra on a scratch HiGHS instance,
// without solving anything: an unknown option or a bad value is an *Error
// with HiGHS's message, as Solve would return it.
func CheckExtra(extra []Option) error {
	if len(extra) == 0 {
		return nil
	}
	for _, o := range extra {
		if why := ReservedOption(o.Name); why != "" {
			return fmt.Errorf("highs: option %q: %s", o.Name, why)
		}
	}
	state := &solveState{}
	handle := cgo.NewHandle(state)
	defer handle.Delete()
	in, err := newInstance()
	if err != nil {
		return err
	}
	defer in.destroy()
	if err := check("Highs_setCallback", C.polytile_set_callback(in.p, C.uintptr_t(handle))); err != nil {
		return err
	}
	if err := check("Highs_startCallback(logging)", C.pt_Highs_startCallback(in.p, C.HighsInt(cbLogging))); err != nil {
		return err
	}
	return in.setExtra(extra, state, false)
}

// unknownString reports whether HiGHS knows name as an option of string
// type that is not in knownStrings (a name HiGHS does not know is left to
// Highs_setStringOptionValue, which refuses it with HiGHS's own words).
func (in *instance) unknownString(name string) bool {
	cn := C.CString(name)
	defer C.free(unsafe.Pointer(cn))
	var typ C.HighsInt
	st := C.pt_Highs_getOptionType(in.p, cn, &typ)
	return int(st) != statusError && int(typ) == optionTypeString && !knownString(name)
}

// UnknownStringOption reports whether the HiGHS library knows name as an
// option of string type that polytile does not pass on (see knownStrings):
// compare's highs-cli backend refuses it. False when the library cannot
// be loaded (the option then goes to highs-cli under FileOption's rule).
func UnknownStringOption(name string) bool {
	in, err := newInstance()
	if err != nil {
		return false
	}
	defer in.destroy()
	return in.unknownString(name)
}

// optionType is HiGHS's type of option name, -1 when HiGHS does not know
// it.
func (in *instance) optionType(name string) int {
	cn := C.CString(name)
	defer C.free(unsafe.Pointer(cn))
	var typ C.HighsInt
	if st := C.pt_Highs_getOptionType(in.p, cn, &typ); int(st) == statusError {
		return -1
	}
	return int(typ)
}

// CheckOptionValue checks the value of a numeric HiGHS option by
// polytile's rule for every number typed (numberWhy), where HiGHS's own
// reading would take it: an integer too large for HiGHS (which wraps it
// silently: mip_max_nodes=4294967297 set 1), or a value HiGHS reads but
// polytile does not (+5, 0x1p-2, nan). A value HiGHS refuses is left to
// HiGHS's own words, and so is the range of the option. nil when the
// library cannot be loaded.
func CheckOptionValue(o Option) error {
	in, err := newInstance()
	if err != nil {
		return nil
	}
	defer in.destroy()
	if err := in.checkOverflow(o); err != nil {
		return err
	}
	cn, cv := C.CString(o.Name), C.CString(o.Value)
	st := C.pt_Highs_setStringOptionValue(in.p, cn, cv)
	C.free(unsafe.Pointer(cn))
	C.free(unsafe.Pointer(cv))
	if int(st) == statusError {
		return nil // refused: the highs binary says why, in its words
	}
	return in.checkValue(o)
}

// checkOverflow refuses an integer option's value that is an integer in
// form but out of HighsInt's range, before HiGHS reads it (wrapped).
func (in *instance) checkOverflow(o Option) error {
	typ := in.optionType(o.Name)
	if typ != optionTypeInt || !intForm.MatchString(o.Value) {
		return nil
	}
	return in.checkValue(o)
}

// intForm is an integer as typed: HiGHS's reading and limits.ParseInt
// agree on its syntax, and differ only on its range.
var intForm = regexp.MustCompile(`^-?[0-9]+$`)

// checkValue refuses a numeric option's value that polytile's rule for
// numbers refuses (numberWhy).
func (in *instance) checkValue(o Option) error {
	if why := numberWhy(o.Value, in.optionType(o.Name), int(C.sizeof_HighsInt)*8); why != "" {
		return fmt.Errorf("highs: option %q: value %q: %s", o.Name, o.Value, why)
	}
	return nil
}

// optionTypes names HiGHS's option types (kHighsOptionType*).
var optionTypes = [...]string{"bool (true or false)", "integer", "number", "string"}

// setExtra sets the options of Options.Extra by name.
// HiGHS's log is switched on (to the callback only) meanwhile, so that a
// refusal comes back with HiGHS's own words; logOn says whether it stays
// on afterwards.
func (in *instance) setExtra(extra []Option, s *solveState, logOn bool) error {
	if len(extra) == 0 {
		return nil
	}
	if err := in.setBool("log_to_console", false); err != nil {
		return err
	}
	if err := in.setBool("output_flag", true); err != nil {
		return err
	}
	for _, o := range extra {
		if in.unknownString(o.Name) {
			return fmt.Errorf("highs: option %q: %s", o.Name, unknownStringWhy())
		}
		if err := in.checkOverflow(o); err != nil {
			return err
		}
		cn, cv := C.CString(o.Name), C.CString(o.Value)
		s.capture(true)
		// Highs_setStringOptionValue parses the text for the option's type
		// (Highs_setOptionValue does the same but is deprecated).
		st := C.pt_Highs_setStringOptionValue(in.p, cn, cv)
		var typ C.HighsInt
		typeSt := C.pt_Highs_getOptionType(in.p, cn, &typ)
		msgs := s.capture(false)
		C.free(unsafe.Pointer(cn))
		C.free(unsafe.Pointer(cv))
		if int(st) != statusError {
			// HiGHS read it; polytile's rule for numbers may not (+5).
			if err := in.checkValue(o); err != nil {
				return err
			}
			continue
		}
		var why []string
		for _, m := range msgs {
			if rest, ok := strings.CutPrefix(m, "ERROR:"); ok && !slices.Contains(why, strings.TrimSpace(rest)) {
				why = append(why, strings.TrimSpace(rest))
			}
		}
		if len(why) == 0 && int(typeSt) != statusError && int(typ) >= 0 && int(typ) < len(optionTypes) {
			// HiGHS refuses a value it cannot parse without a word.
			why = append(why, fmt.Sprintf("value %q is not a valid %s for option %q", o.Value, optionTypes[typ], o.Name))
		}
		return &Error{Call: fmt.Sprintf("Highs_setStringOptionValue(%s=%s)", o.Name, o.Value), Status: int(st), Message: strings.Join(why, "; ")}
	}
	return in.setBool("output_flag", logOn)
}

func (in *instance) intInfo(name string) (int, error) {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	var v C.HighsInt
	err := check("Highs_getIntInfoValue("+name+")", C.pt_Highs_getIntInfoValue(in.p, cs, &v))
	return int(v), err
}

func (in *instance) int64Info(name string) (int64, error) {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	var v C.int64_t
	err := check("Highs_getInt64InfoValue("+name+")", C.pt_Highs_getInt64InfoValue(in.p, cs, &v))
	return int64(v), err
}

func (in *instance) doubleInfo(name string) (float64, error) {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	var v C.double
	err := check("Highs_getDoubleInfoValue("+name+")", C.pt_Highs_getDoubleInfoValue(in.p, cs, &v))
	return float64(v), err
}

// Pointers into Go slices for C. The slices hold no Go pointers and HiGHS
// copies what it reads before the call returns, so this is allowed by the
// cgo pointer rules. Empty slices become NULL.
func dptr(s []float64) *C.double {
	if len(s) == 0 {
		return nil
	}
	return (*C.double)(unsafe.Pointer(&s[0]))
}

func iptr(s []C.HighsInt) *C.HighsInt {
	if len(s) == 0 {
		return nil
	}
	return &s[0]
}

func filled(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// pass hands m (already validated) to HiGHS, with its names.
func (in *instance) pass(m *Model) error {
	cols, rows, nnz := m.NumCols(), m.NumRows(), m.NumNonzeros()
	lower, upper := m.ColLower, m.ColUpper
	if lower == nil {
		lower = make([]float64, cols)
	}
	if upper == nil {
		upper = filled(cols, math.Inf(1))
	}
	var start []C.HighsInt
	if rows > 0 {
		start = make([]C.HighsInt, rows+1)
		for i := range start {
			start[i] = C.HighsInt(m.RowStart[i])
		}
	}
	index := make([]C.HighsInt, nnz)
	for k, j := range m.Index {
		index[k] = C.HighsInt(j)
	}
	sense := C.HighsInt(objSenseMinimize)
	if m.Maximize {
		sense = objSenseMaximize
	}
	var st C.HighsInt
	call := "Highs_passLp"
	if m.IsMIP() {
		call = "Highs_passMip"
		integrality := make([]C.HighsInt, cols)
		for j, b := range m.Integer {
			if b {
				integrality[j] = varInteger
			}
		}
		st = C.pt_Highs_passMip(in.p, C.HighsInt(cols), C.HighsInt(rows), C.HighsInt(nnz),
			matrixRowwise, sense, C.double(m.Offset),
			dptr(m.ColCost), dptr(lower), dptr(upper), dptr(m.RowLower), dptr(m.RowUpper),
			iptr(start), iptr(index), dptr(m.Value), iptr(integrality))
	} else {
		st = C.pt_Highs_passLp(in.p, C.HighsInt(cols), C.HighsInt(rows), C.HighsInt(nnz),
			matrixRowwise, sense, C.double(m.Offset),
			dptr(m.ColCost), dptr(lower), dptr(upper), dptr(m.RowLower), dptr(m.RowUpper),
			iptr(start), iptr(index), dptr(m.Value))
	}
	runtime.KeepAlive(m)
	if err := check(fmt.Sprintf("%s(%d cols, %d rows, %d nonzeros)", call, cols, rows, nnz), st); err != nil {
		return err
	}
	for j, name := range m.ColNames {
		cs := C.CString(name)
		st := C.pt_Highs_passColName(in.p, C.HighsInt(j), cs)
		C.free(unsafe.Pointer(cs))
		if err := check(fmt.Sprintf("Highs_passColName(%d, %q)", j, name), st); err != nil {
			return err
		}
	}
	for i, name := range m.RowNames {
		cs := C.CString(name)
		st := C.pt_Highs_passRowName(in.p, C.HighsInt(i), cs)
		C.free(unsafe.Pointer(cs))
		if err := check(fmt.Sprintf("Highs_passRowName(%d, %q)", i, name), st); err != nil {
			return err
		}
	}
	return nil
}

// HiGHS's "global scheduler" (its thread pool) is really per OS thread:
// the first Highs_run on a thread creates a pool sized by that run's
// `threads` option, later runs on the same thread must ask for the same size
// or fail, and Highs_resetGlobalScheduler only drops the calling thread's
// pool. Solve therefore locks its goroutine to the OS thread, remembers the
// pool size of every thread it has run on, and resets a thread's pool when a
// different size is wanted. The `threads` option is always set explicitly,
// so the record is exact. (A pthread id reused by a new thread only costs a
// needless reset or a pool of the recorded size.)
var (
	poolMu   sync.Mutex
	poolSize = map[uint64]int{} // pthread id -> pool size of that thread
)

// threadPool prepares the calling (locked) OS thread for a run asking for
// want threads (0 = keep the thread's pool, or HiGHS's default size) and
// returns the value to set as option `threads`.
func threadPool(want int) int {
	tid := uint64(C.polytile_thread_id())
	poolMu.Lock()
	defer poolMu.Unlock()
	have := poolSize[tid]
	switch {
	case want == 0 && have != 0:
		return have
	case want == 0:
		want = max(1, (runtime.NumCPU()+1)/2) // HiGHS's own default
	case have != 0 && have != want:
		C.pt_Highs_resetGlobalScheduler(1)
	}
	poolSize[tid] = want
	return want
}

// Solve solves m with HiGHS.
//
// Cancelling ctx interrupts HiGHS through its interrupt callbacks, which
// HiGHS polls between branch-and-bound nodes and simplex / IPM iterations
// (measured: tens to a few hundred milliseconds on an idle machine; a long
// heuristic can delay it). Solve then returns the best solution found so far
// with Status StatusInterrupted and a nil error. A time limit
// likewise returns StatusTimeLimit and the incumbent, if any. Infeasible or
// unbounded models are reported in Result.Status, not as errors.
//
// Errors are invalid models or options, and HiGHS calls that return
// kHighsStatusError (an *Error naming the call). If Highs_run itself fails,
// the Result built from whatever HiGHS reports is returned with the error.
//
// Solve is safe for concurrent use; each call has its own HiGHS instance.
// A panic in a callback stops the solve and is re-raised by Solve.
func Solve(ctx context.Context, m *Model, opt Options) (*Result, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	cols := m.NumCols()
	if err := checkOptions(&opt, cols); err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return noSolution(m, StatusInterrupted), nil
	}

	// Pin the goroutine to its OS thread for the run; see threadPool.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	threads := threadPool(opt.Threads)

	state := &solveState{
		cols:       cols,
		log:        opt.Log,
		onImprove:  opt.OnImprove,
		onProgress: opt.OnProgress,
		interval:   opt.ProgressInterval,
	}
	if state.interval <= 0 {
		state.interval = DefaultProgressInterval
	}
	handle := cgo.NewHandle(state)
	defer handle.Delete() // after destroy (deferred calls run last-in first-out)

	in, err := newInstance()
	if err != nil {
		return nil, err
	}
	defer in.destroy()

	if err := in.pass(m); err != nil {
		return nil, err
	}

	// Callbacks.
	var kinds []int
	if opt.Log != nil || len(opt.Extra) > 0 {
		kinds = append(kinds, cbLogging)
	}
	if ctx.Done() != nil {
		kinds = append(kinds, cbSimplexInterrupt, cbIpmInterrupt, cbMipInterrupt)
	} else if opt.OnProgress != nil {
		kinds = append(kinds, cbMipInterrupt)
	}
	if opt.OnImprove != nil {
		kinds = append(kinds, cbMipImprovingSolution)
	}
	if len(kinds) > 0 {
		if err := check("Highs_setCallback", C.polytile_set_callback(in.p, C.uintptr_t(handle))); err != nil {
			return nil, err
		}
		for _, k := range kinds {
			if err := check(fmt.Sprintf("Highs_startCallback(%d)", k), C.pt_Highs_startCallback(in.p, C.HighsInt(k))); err != nil {
				return nil, err
			}
		}
	}
	// Options. output_flag is already false; with a Log it becomes true but
	// only the logging callback sees the output (log_to_console false).
	if opt.Log != nil {
		if err := in.setBool("log_to_console", false); err != nil {
			return nil, err
		}
		if err := in.setBool("output_flag", true); err != nil {
			return nil, err
		}
	}
	// HiGHS counts its time_limit from its own start: hand it what is left
	// of ctx's deadline too (the interrupt callback also stops it, but
	// only where HiGHS polls it; presolve does not).
	limit := opt.TimeLimit
	if d, ok := ctx.Deadline(); ok {
		left := time.Until(d)
		if left <= 0 {
			return noSolution(m, StatusInterrupted), nil
		}
		if limit <= 0 || left < limit {
			limit = left
		}
	}
	if limit > 0 {
		if err := in.setDouble("time_limit", limit.Seconds()); err != nil {
			return nil, err
		}
	}
	if opt.MIPRelGap >= 0 {
		if err := in.setDouble("mip_rel_gap", opt.MIPRelGap); err != nil {
			return nil, err
		}
	}
	if err := in.setInt("threads", threads); err != nil {
		return nil, err
	}
	if err := in.setInt("random_seed", opt.Seed); err != nil {
		return nil, err
	}
	if opt.Presolve != "" {
		if err := in.setString("presolve", opt.Presolve); err != nil {
			return nil, err
		}
	}
	if err := in.setExtra(opt.Extra, state, opt.Log != nil); err != nil {
		return nil, err
	}
	if opt.Start != nil {
		st := C.pt_Highs_setSolution(in.p, dptr(opt.Start), nil, nil, nil)
		runtime.KeepAlive(opt.Start)
		if err := check("Highs_setSolution(Start)", st); err != nil {
			return nil, err
		}
	}

	stop := context.AfterFunc(ctx, func() { state.interrupt.Store(true) })

	runStatus := C.pt_Highs_run(in.p)

	stop()
	state.flushLog()
	state.rethrow()

	res, infoErr := in.result(m)
	if int(runStatus) == statusError {
		return res, &Error{Call: "Highs_run", Status: int(runStatus), Message: state.lastErrorLine()}
	}
	if infoErr != nil {
		return nil, infoErr
	}
	return res, nil
}

// noSolution is the Result of a solve that found nothing.
func noSolution(m *Model, st ModelStatus) *Result {
	r := &Result{Status: st, Objective: math.Inf(1), DualBound: math.Inf(-1), Gap: math.Inf(1)}
	if m.Maximize {
		r.Objective, r.DualBound = math.Inf(-1), math.Inf(1)
	}
	return r
}

// result reads status, objective, bound and solution after Highs_run.
func (in *instance) result(m *Model) (*Result, error) {
	res := noSolution(m, ModelStatus(C.pt_Highs_getModelStatus(in.p)))
	res.Seconds = float64(C.pt_Highs_getRunTime(in.p))
	pss, err := in.intInfo("primal_solution_status")
	if err != nil {
		return res, err
	}
	res.HasSolution = pss == solutionFeasible
	if res.HasSolution {
		res.Objective = float64(C.pt_Highs_getObjectiveValue(in.p))
		res.X = make([]float64, m.NumCols())
		st := C.pt_Highs_getSolution(in.p, dptr(res.X), nil, nil, nil)
		if err := check("Highs_getSolution", st); err != nil {
			return res, err
		}
	}
	if m.IsMIP() {
		if res.DualBound, err = in.doubleInfo("mip_dual_bound"); err != nil {
			return res, err
		}
		if res.Nodes, err = in.int64Info("mip_node_count"); err != nil {
			return res, err
		}
		if res.HasSolution {
			if res.Gap, err = in.doubleInfo("mip_gap"); err != nil {
				return res, err
			}
		}
	} else if res.Status == StatusOptimal {
		res.DualBound, res.Gap = res.Objective, 0
	}
	return res, nil
}

// ReadModel reads an LP or MPS file (any format HiGHS reads, chosen by the
// file name's extension) with Highs_readModel and returns it as a Model,
// with column and row names. Quadratic objectives and semi-continuous
// variables are not supported.
func ReadModel(path string) (*Model, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("highs: read model: %w", err)
	}
	in, err := newInstance()
	if err != nil {
		return nil, err
	}
	defer in.destroy()
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	if err := check(fmt.Sprintf("Highs_readModel(%q)", path), C.pt_Highs_readModel(in.p, cpath)); err != nil {
		return nil, err
	}
	if C.pt_Highs_getHessianNumNz(in.p) > 0 {
		return nil, fmt.Errorf("highs: read model %s: quadratic objectives are not supported", path)
	}
	cols := int(C.pt_Highs_getNumCol(in.p))
	rows := int(C.pt_Highs_getNumRow(in.p))
	nnz := int(C.pt_Highs_getNumNz(in.p))

	// HiGHS fills arrays of the sizes above; one spare element keeps every
	// pointer non-NULL and leaves room for a closing start entry.
	cost := make([]float64, cols+1)
	lower := make([]float64, cols+1)
	upper := make([]float64, cols+1)
	rlower := make([]float64, rows+1)
	rupper := make([]float64, rows+1)
	start := make([]C.HighsInt, max(rows, cols)+1)
	index := make([]C.HighsInt, nnz+1)
	value := make([]float64, nnz+1)
	integrality := make([]C.HighsInt, cols+1)
	var nc, nr, nz, sense C.HighsInt
	var offset C.double
	st := C.pt_Highs_getLp(in.p, matrixRowwise, &nc, &nr, &nz, &sense, &offset,
		dptr(cost), dptr(lower), dptr(upper), dptr(rlower), dptr(rupper),
		iptr(start), iptr(index), dptr(value), iptr(integrality))
	if err := check("Highs_getLp", st); err != nil {
		return nil, err
	}
	if int(nc) != cols || int(nr) != rows || int(nz) != nnz {
		return nil, fmt.Errorf("highs: Highs_getLp returned %d x %d with %d nonzeros, expected %d x %d with %d", nr, nc, nz, rows, cols, nnz)
	}
	m := &Model{
		Maximize: int(sense) == objSenseMaximize,
		Offset:   float64(offset),
		ColCost:  cost[:cols:cols],
		ColLower: lower[:cols:cols],
		ColUpper: upper[:cols:cols],
		RowLower: rlower[:rows:rows],
		RowUpper: rupper[:rows:rows],
		Index:    make([]int, nnz),
		Value:    value[:nnz:nnz],
	}
	if rows > 0 {
		m.RowStart = make([]int, rows+1)
		for i := 0; i < rows; i++ {
			m.RowStart[i] = int(start[i])
		}
		m.RowStart[rows] = nnz
	}
	for k := range m.Index {
		m.Index[k] = int(index[k])
	}
	for j := 0; j < cols; j++ {
		switch integrality[j] {
		case varContinuous:
		case varInteger, varImplicitInt:
			if m.Integer == nil {
				m.Integer = make([]bool, cols)
			}
			m.Integer[j] = true
		default:
			return nil, fmt.Errorf("highs: read model %s: column %d has unsupported variable type %d (semi-continuous / semi-integer)", path, j, integrality[j])
		}
	}
	buf := (*C.char)(C.malloc(maxNameLen + 1))
	defer C.free(unsafe.Pointer(buf))
	m.ColNames = readNames(cols, func(j int) C.HighsInt { return C.pt_Highs_getColName(in.p, C.HighsInt(j), buf) }, buf)
	m.RowNames = readNames(rows, func(i int) C.HighsInt { return C.pt_Highs_getRowName(in.p, C.HighsInt(i), buf) }, buf)
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("highs: read model %s: %w", path, err)
	}
	return m, nil
}

// readNames fetches n names through get (which writes into buf); nil if the
// model has none.
func readNames(n int, get func(int) C.HighsInt, buf *C.char) []string {
	if n == 0 {
		return nil
	}
	names := make([]string, n)
	for i := range names {
		*buf = 0
		if int(get(i)) == statusError {
			return nil
		}
		names[i] = C.GoString(buf)
	}
	return names
}

// WriteModel writes m to path with Highs_writeModel. The format follows the
// extension: ".lp" for CPLEX LP, ".mps" for free MPS (HiGHS's writer); other
// extensions are a HiGHS error. Names are taken from m.ColNames and
// m.RowNames; HiGHS makes up names where there are none. HiGHS's LP writer
// splits a ranged row (finite, different lower and upper bounds) into two
// rows, NAMElo and NAMEup; MPS keeps it as one row with a RANGES entry.
//
// HiGHS writes a private temporary file, which is then copied to path as
// package atomicfile writes outputs: a regular file is replaced only once
// the whole model is there, a character device or FIFO is written
// directly, a directory is refused, and on any error path is left as it
// was.
func WriteModel(m *Model, path string) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if path == "" {
		return errors.New("highs: write model: empty path")
	}
	if err := load(); err != nil {
		return err // before anything is created
	}
	if err := atomicfile.Check(path); err != nil {
		return fmt.Errorf("highs: write model: %w", err)
	}
	// The temporary file keeps the extension, which chooses the format.
	dir, done, err := atomicfile.MkdirTemp("polytile-model-") // removed on a hard exit too
	if err != nil {
		return fmt.Errorf("highs: write model: %w", err)
	}
	defer done()
	tmp := filepath.Join(dir, "model"+filepath.Ext(path))
	// HiGHS 1.15 crashes (NULL FILE*) when it cannot open the file, so make
	// sure it can before handing it the path.
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("highs: write model: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("highs: write model: %w", err)
	}
	in, err := newInstance()
	if err != nil {
		return err
	}
	defer in.destroy()
	if err := in.pass(m); err != nil {
		return err
	}
	ctmp := C.CString(tmp)
	defer C.free(unsafe.Pointer(ctmp))
	if err := check(fmt.Sprintf("Highs_writeModel(%q)", path), C.pt_Highs_writeModel(in.p, ctmp)); err != nil {
		return err // e.g. an extension HiGHS does not know
	}
	data, err := os.ReadFile(tmp)
	if err != nil {
		return fmt.Errorf("highs: write model: %w", err)
	}
	out, err := atomicfile.Create(path, nil)
	if err != nil {
		return fmt.Errorf("highs: write model: %w", err)
	}
	defer out.Abort()
	if _, err := out.Write(data); err != nil {
		return fmt.Errorf("highs: write model: %w", err)
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("highs: write model: %w", err)
	}
	return nil
}

// flushCStdio flushes C's stdio buffers (tests use it to catch anything
// HiGHS might print to stdout).
func flushCStdio() { C.fflush(nil) }
