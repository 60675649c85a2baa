//go:build !race

package highs

// raceEnabled reports a -race build; RSS measurements mean little there.
const raceEnabled = false
