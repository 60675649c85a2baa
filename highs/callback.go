//go:build cgo && !nohighs

package highs

// This file holds the exported Go trampoline that HiGHS calls back. Its
// preamble is copied into two C files by cgo, so it may only contain
// declarations: it includes the callback structs, never highs_c_api.h
// (which defines constants).

/*
#include <stdint.h>
#include "lp_data/HighsCallbackStruct.h"
*/
import "C"

import (
	"fmt"
	"runtime/cgo"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// HiGHS callback types (kHighsCallback*).
const (
	cbLogging              = 0
	cbSimplexInterrupt     = 1
	cbIpmInterrupt         = 2
	cbMipImprovingSolution = 4
	cbMipLogging           = 5
	cbMipInterrupt         = 6
)

// solveState is what a running solve shares with the callback trampoline,
// through a runtime/cgo.Handle passed as HiGHS's user callback data.
type solveState struct {
	interrupt atomic.Bool // set when ctx is done (or a callback panicked)
	cols      int

	log        func(string)
	onImprove  func(Progress)
	onProgress func(Progress)
	interval   time.Duration

	userMu sync.Mutex // serializes calls of the user's functions

	mu           sync.Mutex // guards the fields below; HiGHS may call from several threads
	partial      strings.Builder
	lastProgress time.Time
	lastError    string   // last "ERROR:" log line
	capturing    bool     // log text goes to captured, not to log
	captured     []string // HiGHS's messages while capturing
	panicked     any
}

//export polytileHighsCallback
func polytileHighsCallback(kind C.int, msg *C.char, out *C.HighsCallbackDataOut, in *C.HighsCallbackDataIn, user unsafe.Pointer) {
	s, ok := cgo.Handle(uintptr(user)).Value().(*solveState)
	if !ok {
		return
	}
	if s.interrupt.Load() {
		if in != nil {
			in.user_interrupt = 1
		}
		return
	}
	defer func() {
		// A panic must not unwind through HiGHS's C++ frames: keep it, stop
		// the solve, and let Solve re-panic on the Go side.
		if r := recover(); r != nil {
			s.mu.Lock()
			if s.panicked == nil {
				s.panicked = r
			}
			s.mu.Unlock()
			s.interrupt.Store(true)
			if in != nil {
				in.user_interrupt = 1
			}
		}
	}()
	s.userMu.Lock()
	defer s.userMu.Unlock()
	switch int(kind) {
	case cbLogging:
		if msg == nil {
			break
		}
		text := C.GoString(msg)
		s.mu.Lock()
		capturing := s.capturing
		if capturing {
			s.captured = append(s.captured, strings.TrimSpace(text))
		}
		s.mu.Unlock()
		if s.log != nil && !capturing {
			s.logText(text)
		}
	case cbMipImprovingSolution:
		if s.onImprove != nil && out != nil {
			p := progressOf(out)
			if out.mip_solution != nil {
				n := int(out.mip_solution_size)
				if n <= 0 || n > s.cols {
					n = s.cols
				}
				p.X = make([]float64, n)
				copy(p.X, unsafe.Slice((*float64)(unsafe.Pointer(out.mip_solution)), n))
			}
			p.Objective = float64(out.objective_function_value)
			s.onImprove(p)
		}
	case cbMipInterrupt, cbMipLogging:
		if s.onProgress != nil && out != nil {
			now := time.Now()
			s.mu.Lock()
			due := now.Sub(s.lastProgress) >= s.interval
			if due {
				s.lastProgress = now
			}
			s.mu.Unlock()
			if due {
				s.onProgress(progressOf(out))
			}
		}
	}
}

// progressOf reads the MIP fields of a callback's output data.
func progressOf(out *C.HighsCallbackDataOut) Progress {
	return Progress{
		Objective: float64(out.mip_primal_bound),
		DualBound: float64(out.mip_dual_bound),
		Gap:       float64(out.mip_gap),
		Nodes:     int64(out.mip_node_count),
		Elapsed:   time.Duration(float64(out.running_time) * float64(time.Second)),
	}
}

// logText splits HiGHS's log text into lines for s.log; a trailing partial
// line is kept until its newline arrives (or flushLog).
func (s *solveState) logText(text string) {
	s.mu.Lock()
	s.partial.WriteString(text)
	buf := s.partial.String()
	var lines []string
	for {
		i := strings.IndexByte(buf, '\n')
		if i < 0 {
			break
		}
		line := strings.TrimRight(buf[:i], "\r")
		if rest, ok := strings.CutPrefix(line, "ERROR:"); ok {
			s.lastError = strings.TrimSpace(rest)
		}
		lines = append(lines, line)
		buf = buf[i+1:]
	}
	s.partial.Reset()
	s.partial.WriteString(buf)
	s.mu.Unlock()
	for _, l := range lines {
		s.log(l)
	}
}

// flushLog hands a trailing partial log line, if any, to s.log.
func (s *solveState) flushLog() {
	if s.log == nil {
		return
	}
	s.mu.Lock()
	rest := strings.TrimRight(s.partial.String(), "\r")
	s.partial.Reset()
	s.mu.Unlock()
	if rest != "" {
		s.log(rest)
	}
}

// lastErrorLine returns the last ERROR line HiGHS logged, if any.
func (s *solveState) lastErrorLine() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastError
}

// rethrow re-panics on the Go side with a panic caught in a callback.
func (s *solveState) rethrow() {
	s.mu.Lock()
	p := s.panicked
	s.mu.Unlock()
	if p != nil {
		panic(fmt.Sprintf("highs: panic in a solve callback: %v", p))
	}
}

// capture starts (on) or stops collecting HiGHS's log messages instead of
// passing them to the Log function, and returns what was collected.
func (s *solveState) capture(on bool) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.captured
	s.capturing, s.captured = on, nil
	return out
}
