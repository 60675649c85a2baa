//go:build !unix

package compare

// processCPU is 0 where the process's CPU time is not read: the
// frontier suite then shows wall times only.
func processCPU() float64 { return 0 }
