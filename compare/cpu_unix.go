//go:build unix

package compare

import "syscall"

// processCPU is the CPU time of the process so far (user and system), 0
// where unknown: on a loaded machine it measures a one-thread count's
// work better than wall time (the garbage collector's is included).
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
