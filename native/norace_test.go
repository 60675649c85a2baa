//go:build !race

package native

// raceEnabled trims the slowest tests under the race detector.
const raceEnabled = false
