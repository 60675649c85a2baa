//go:build unix

package frontier

import "syscall"

// cpuSeconds is the CPU time of the process so far (user and system): on
// a loaded machine it measures one thread's work better than wall time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
