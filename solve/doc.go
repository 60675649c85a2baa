// Package solve answers one tiling question about a puzzle (find a
// tiling, list the first N, count them all, or cover as many cells as
// possible) with the backend that fits it, and reports the answer as an
// Outcome whose text and JSON are polytile solve's (docs/formats.md).
//
// The backends are the native searches (FILA and DLX, package native),
// the transfer-matrix counter (package frontier) and HiGHS on the binary
// program (packages model and highs). A count whose backend the user did
// not choose goes to the frontier when frontier.Choose says it wins, and
// falls back to FILA when the frontier finds the puzzle out of reach; the
// Outcome's Config says which ran and why.
//
// Run takes a Request of pure settings plus the caller's hooks: a progress
// line, a solution stream, and a Native implementation through which a
// caller resolves the native configuration and hooks shards and
// checkpoints into it. Errors are typed: a *UsageError is the request's
// fault (a setting that does not apply, a puzzle the backend refuses), a
// *StoppedError a stop (time limit or signal) that came while a solver
// verified its best tiling; both unwrap to the backend's own error.
// Every backend stops within a second of its context's end.
//
// CheckBackend, CheckFrontier, NativeConfig, CheckMaxCoverage and CheckPin
// are the rules about which settings apply, run before a search (and
// before an answer the reading of the puzzle gave): a refusal is a
// *SettingError (ErrNotApplicable), a *BackendError (ErrBackend) or
// native's own typed error.
package solve
