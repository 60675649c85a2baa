package shard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/polytile/polytile/internal/balance"
	"github.com/polytile/polytile/internal/regfile"
	"github.com/polytile/polytile/internal/textio"
)

// MaxFileSize bounds a result or checkpoint file read (a result is a few
// kilobytes; a checkpoint lists at most a few thousand subproblems).
const MaxFileSize = 64 << 20

// Loaded is a shard result read from a file, or the reason it could not
// be read.
type Loaded struct {
	Path   string
	Result *Result // nil when Err is set
	Err    error
}

// ReadFile reads a shard result: a JSON object with a "shard" member (what
// solve --json prints), or JSON lines whose last object has one (--jsonl).
// A file killed while being written (truncated JSON, no summary line) is
// an error, never a result.
//
// A file whose first bytes (after a byte order mark and white space) are
// not '{' is not a result (JSON) and is not read further: a directory of
// large files that are not results (zeros, pictures) is skipped at the
// cost of a few bytes each, not up to MaxFileSize each.
func ReadFile(path string) (*Result, error) {
	f, st, err := regfile.Open(path)
	if err != nil {
		return nil, regularErr(path, err)
	}
	defer f.Close()
	if st.Size() > MaxFileSize {
		// --jsonl streams every solution before its summary line: a
		// shard of a large count writes more than MaxFileSize. Its last
		// line is the result (written after every solution: a file cut
		// short has none).
		r, err := lastLine(f, st.Size())
		if err != nil {
			return nil, fmt.Errorf("%s is larger than %d bytes, and its last line is not a shard result: %w", path, MaxFileSize, err)
		}
		return r, nil
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	head = head[:n]
	if h := bytes.TrimLeft(textio.TrimBOM(head), " \t\r\n"); len(h) > 0 && h[0] != '{' {
		return nil, errors.New(`not a shard result (not JSON: it does not start with "{")`)
	}
	// Read again from the start into one buffer of the file's size
	// (io.ReadAll's growing buffer, then head and the rest joined,
	// peaked at more than twice MaxFileSize).
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	data, err := textio.ReadAtMost(f, st.Size(), MaxFileSize)
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, regularErr(path, regfile.ErrTooLarge)
	}
	return Parse(textio.TrimBOM(data))
}

// maxSummaryLine bounds the last line of a --jsonl result read by
// lastLine (a summary with --stats is a few kilobytes).
const maxSummaryLine = 1 << 20

// lastLine reads the result on the last line of f (size bytes), a JSON
// lines file too large to read whole (see ReadFile).
func lastLine(f *os.File, size int64) (*Result, error) {
	from := max(0, size-maxSummaryLine)
	data, err := io.ReadAll(io.NewSectionReader(f, from, size-from))
	if err != nil {
		return nil, err
	}
	data = bytes.TrimRight(data, " \t\r\n")
	i := bytes.LastIndexByte(data, '\n')
	if i < 0 {
		return nil, fmt.Errorf("no line break in its last %d bytes", maxSummaryLine)
	}
	return Parse(data[i+1:])
}

// regularErr is the error of readRegular for err, from regfile.
func regularErr(path string, err error) error {
	switch {
	case errors.Is(err, regfile.ErrNotRegular):
		return fmt.Errorf("%s is not a regular file", path)
	case errors.Is(err, regfile.ErrTooLarge):
		return fmt.Errorf("%s is larger than %d bytes", path, MaxFileSize)
	}
	return err
}

// readRegular reads a regular file of at most MaxFileSize bytes, never
// waiting on a FIFO or device (one put at the path after a check of it
// included: regfile opens without blocking and checks what it opened).
func readRegular(path string) ([]byte, error) {
	data, err := regfile.ReadAll(path, MaxFileSize)
	if err != nil {
		return nil, regularErr(path, err)
	}
	return textio.TrimBOM(data), nil
}

// Parse reads a shard result from the bytes of a file (see ReadFile, which
// has dropped a byte order mark).
func Parse(data []byte) (*Result, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errors.New("empty file")
	}
	var last []byte
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("not complete JSON (a shard killed while writing?): %v", err)
		}
		last = raw
	}
	var wrap struct {
		Shard *Result `json:"shard"`
	}
	if err := json.Unmarshal(last, &wrap); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && wrap.Shard != nil && wrap.Shard.Format == Format {
			// A shard result with a field of the wrong type or out of
			// the range of its type (a count above 2^63-1).
			return nil, &InvalidError{fmt.Errorf("bad shard result: %s: %v", te.Field, err)}
		}
		return nil, fmt.Errorf("not a shard result: %v", err)
	}
	if wrap.Shard == nil {
		return nil, errors.New(`not a shard result (no "shard" object: was it written by solve --count --shard with --json?)`)
	}
	if err := wrap.Shard.Check(); err != nil {
		if invalid(err) {
			return nil, &InvalidError{fmt.Errorf("bad shard result: %w", err)}
		}
		return nil, fmt.Errorf("bad shard result: %v", err)
	}
	return wrap.Shard, nil
}

// Collect lists the result files named by args: files as given, and in
// a directory every *.json and *.jsonl file that is not hidden (the
// temporary files of a write in progress are).
func Collect(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		ents, err := os.ReadDir(a)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			n := e.Name()
			if strings.HasPrefix(n, ".") || e.IsDir() || !(strings.HasSuffix(n, ".json") || strings.HasSuffix(n, ".jsonl")) {
				continue
			}
			out = append(out, filepath.Join(a, n))
		}
	}
	return out, nil
}

// Conflict is a set of results that must not be added up: different
// puzzles, configurations, shard counts or splits, or one shard twice
// with different counts. Merge returns it as its error.
type Conflict struct {
	What  string
	Files []string
}

func (c *Conflict) Error() string {
	return fmt.Sprintf("refusing to merge: %s: %s", c.What, strings.Join(c.Files, ", "))
}

// Report is the outcome of Merge.
type Report struct {
	Puzzle      string   `json:"puzzle"`
	File        string   `json:"file"`
	Fingerprint string   `json:"fingerprint"`
	Config      Config   `json:"config"`
	Count       int      `json:"count"`
	Split       Split    `json:"split"`
	Versions    []string `json:"polytile_versions"`
	Complete    bool     `json:"complete"` // every shard present and complete
	All         int64    `json:"solutions"`
	Unique      int64    `json:"unique"`
	Nodes       int64    `json:"nodes"`
	Subproblems int64    `json:"subproblems_finished"`
	Resumed     int64    `json:"subproblems_resumed"`
	// Seconds is the sum of the shards' times; Min, Median and Max are
	// per shard, over the complete shards.
	Seconds float64 `json:"seconds"`
	Min     float64 `json:"shard_seconds_min"`
	Median  float64 `json:"shard_seconds_median"`
	Max     float64 `json:"shard_seconds_max"`
	// NodesMin, NodesMedian and NodesMax are the shards' nodes, over the
	// complete shards: their balance in work, the same on every machine
	// and load (shard 0 also holds the split's own levels).
	NodesMin    float64 `json:"shard_nodes_min"`
	NodesMedian float64 `json:"shard_nodes_median"`
	NodesMax    float64 `json:"shard_nodes_max"`
	// Missing lists the shard indices with no result, Incomplete those
	// whose results are all incomplete.
	Missing    []int `json:"missing"`
	Incomplete []int `json:"incomplete"`
	// Duplicates lists files holding a complete shard already seen with
	// equal counts; Superseded the interrupted (incomplete) results not
	// counted because their shard has a complete result, or a partial one
	// with more subproblems finished, each with the reason; Unreadable
	// files that hold no shard result.
	Duplicates []string `json:"duplicates,omitempty"`
	Superseded []string `json:"superseded,omitempty"`
	Unreadable []string `json:"unreadable,omitempty"`
	// Verified says what the results were checked against beyond their
	// agreement with one another (a --puzzle file, a results directory's
	// count.key); Unchecked what could not be, and why.
	Verified  []string `json:"verified,omitempty"`
	Unchecked []string `json:"unchecked,omitempty"`
	// Command is a command line that runs the missing and incomplete
	// shards ("" when none).
	Command string `json:"command,omitempty"`
	// CommandNote names a result whose rerun command is not valid (see
	// ValidRerun) and so not used, and says when there is therefore no
	// Command.
	CommandNote string `json:"command_note,omitempty"`
}

// MarshalJSON writes the report. An incomplete report's counts
// are those of the parts searched (lower bounds of the puzzle's): its
// "unique" is written "unique_so_far", "lower_bound" is true and
// "partial" says so (PartialText), so that a reader of .unique cannot
// take the part for the whole.
func (r *Report) MarshalJSON() ([]byte, error) {
	type plain Report
	if r.Complete {
		return json.Marshal((*plain)(r))
	}
	u := r.Unique
	return json.Marshal(struct {
		*plain
		Unique      *int64 `json:"unique,omitempty"` // hides the total's
		UniqueSoFar *int64 `json:"unique_so_far"`
		LowerBound  bool   `json:"lower_bound"`
		Partial     string `json:"partial"` // as solve's stopped count
	}{(*plain)(r), nil, &u, true, r.PartialText()})
}

// PartialText is the sentence of an incomplete report's figures (merge's
// JSON "partial", as solve's for a stopped count).
func (r *Report) PartialText() string {
	found := fmt.Sprintf("%d solutions", r.All)
	if r.All == 1 {
		found = "1 solution"
	}
	return r.partial(found, fmt.Sprintf("%d missing, %d incomplete", len(r.Missing), len(r.Incomplete)))
}

// PartialRow is PartialText as the value of merge's text "solutions" row:
// the label names the solutions, and the shards missing and incomplete
// are listed below it.
func (r *Report) PartialRow() string { return r.partial(fmt.Sprint(r.All), "see below") }

func (r *Report) partial(found, incomplete string) string {
	return fmt.Sprintf("at least %s found in the parts the shards searched; unique so far %d: "+
		"lower bounds, not the puzzle's counts (incomplete: %s)", found, r.Unique, incomplete)
}

// Merge adds up shard results. It returns a *Conflict when the set mixes
// puzzles, configurations, shard counts or splits, or holds one shard
// twice with different counts; otherwise a Report, complete or listing
// what is missing.
func Merge(files []Loaded) (*Report, error) {
	rep := &Report{}
	var good []Loaded
	var bad []string
	for _, f := range files {
		if invalid(f.Err) {
			bad = append(bad, fmt.Sprintf("%s (%v)", f.Path, f.Err))
			continue
		}
		if f.Err != nil {
			rep.Unreadable = append(rep.Unreadable, fmt.Sprintf("%s: %v", f.Path, f.Err))
			continue
		}
		good = append(good, f)
	}
	if len(bad) > 0 {
		return nil, &Conflict{What: "shard results with fields out of range, that do not fit together or that no longer match their digest", Files: bad}
	}
	if len(good) == 0 {
		// Each file with the reason it was not read (a result cut short,
		// not JSON), as a merge with one result says of the others.
		return nil, &Conflict{What: "no shard result among the files", Files: rep.Unreadable}
	}
	// One puzzle, configuration, shard count and split.
	keys := []struct {
		what string
		key  func(*Result) string
	}{
		{"results of different puzzles (a directory reused after the puzzle was edited, or for another puzzle? each count needs its own)", func(r *Result) string { return r.Fingerprint }},
		{"results of different solver configurations (a directory reused with other solve flags? each count needs its own)", func(r *Result) string { return r.Config.String() }},
		{"results of different shard counts (a directory reused for another N? each count needs its own)", func(r *Result) string { return strconv.Itoa(r.Count) }},
		{"results of different splits (another polytile version?)", func(r *Result) string {
			return fmt.Sprintf("%d/%s", r.Split.Subproblems, r.Split.Hash)
		}},
	}
	for _, k := range keys {
		groups := map[string][]string{}
		var order []string
		for _, f := range good {
			v := k.key(f.Result)
			if _, ok := groups[v]; !ok {
				order = append(order, v)
			}
			groups[v] = append(groups[v], f.Path)
		}
		if len(groups) > 1 {
			var desc []string
			for _, v := range order {
				desc = append(desc, fmt.Sprintf("[%s] %s", shorten(v), strings.Join(groups[v], " ")))
			}
			return nil, &Conflict{What: k.what, Files: desc}
		}
	}
	first := good[0].Result
	rep.Puzzle, rep.File, rep.Fingerprint, rep.Config = first.Puzzle, first.File, first.Fingerprint, first.Config
	rep.Count, rep.Split = first.Count, first.Split
	byIndex := map[int]Loaded{}
	versions := map[string]bool{}
	for _, f := range good {
		r := f.Result
		versions[r.Version] = true
		prev, ok := byIndex[r.Index]
		if !ok {
			byIndex[r.Index] = f
			continue
		}
		p := prev.Result
		switch {
		case p.Complete && r.Complete:
			if p.All != r.All || p.Unique != r.Unique {
				return nil, &Conflict{What: fmt.Sprintf("shard %d twice with different counts (%d/%d and %d/%d)",
					r.Index, p.All, p.Unique, r.All, r.Unique), Files: []string{prev.Path, f.Path}}
			}
			rep.Duplicates = append(rep.Duplicates, f.Path)
		case r.Complete:
			byIndex[r.Index] = f
			rep.Superseded = append(rep.Superseded, superseded(prev, f))
		case p.Complete || p.Finished >= r.Finished:
			rep.Superseded = append(rep.Superseded, superseded(f, prev))
		default:
			byIndex[r.Index] = f
			rep.Superseded = append(rep.Superseded, superseded(prev, f))
		}
	}
	// Every incomplete result of a shard against its complete one, not
	// only the one it is compared with on the way (an incomplete result
	// superseded by a further one before the complete one is read is
	// otherwise never compared with it).
	for _, f := range good {
		if whole := byIndex[f.Result.Index]; !f.Result.Complete && whole.Result.Complete {
			if c := moreThanComplete(f, whole); c != nil {
				return nil, c
			}
		}
	}
	for v := range versions {
		rep.Versions = append(rep.Versions, v)
	}
	slices.Sort(rep.Versions)
	var times, nodes []float64
	var sums countSums
	for i := range first.Count {
		f, ok := byIndex[i]
		switch {
		case !ok:
			rep.Missing = append(rep.Missing, i)
			continue
		case !f.Result.Complete:
			rep.Incomplete = append(rep.Incomplete, i)
		default:
			times = append(times, f.Result.Seconds)
			nodes = append(nodes, float64(f.Result.Nodes))
		}
		r := f.Result
		if err := sums.add(rep, f); err != nil {
			return nil, err
		}
		rep.Seconds += r.Seconds
		rep.Subproblems += r.Finished
		rep.Resumed += r.Resumed
	}
	t, n := balance.Of(times), balance.Of(nodes)
	rep.Min, rep.Median, rep.Max = t.Min, t.Median, t.Max
	rep.NodesMin, rep.NodesMedian, rep.NodesMax = n.Min, n.Median, n.Max
	rep.Complete = len(rep.Missing) == 0 && len(rep.Incomplete) == 0
	if !rep.Complete {
		todo := append(slices.Clone(rep.Missing), rep.Incomplete...)
		slices.Sort(todo)
		tmpl, bad := reruns(good)
		run, held := safeToRerun(tmpl, todo)
		rep.Command = rerunCommand(tmpl, run)
		rep.CommandNote = joinNotes(rerunNote(bad, rep.Command), held)
	}
	return rep, nil
}

// moreThanComplete refuses an incomplete result of a shard (interrupted,
// resumed from a checkpoint or limited) that reports more solutions, or
// more unique ones, than a complete result of the same shard: the
// incomplete one searched part of what the complete one searched, so a
// correct run never does. One of the two files is not this count's (an
// edited file, or one of another count with the same fingerprint and
// split), and which one cannot be told: the set is refused, as two
// complete results with different counts are, rather than one of them
// silently ignored.
func moreThanComplete(part, whole Loaded) *Conflict {
	p, w := part.Result, whole.Result
	if p.All <= w.All && p.Unique <= w.Unique {
		return nil
	}
	return &Conflict{What: fmt.Sprintf("shard %d: an incomplete result reports more solutions (%d, %d unique) than a complete result of the same shard (%d, %d unique), "+
		"which a correct run cannot (it searched part of the same shard): one of the files is not this count's; remove the wrong one, or rerun the shard",
		p.Index, p.All, p.Unique, w.All, w.Unique), Files: []string{part.Path, whole.Path}}
}

// superseded says why the incomplete result lost is not counted: its
// shard has the result kept, complete or further along.
func superseded(lost, kept Loaded) string {
	l, k := lost.Result, kept.Result
	what := "a complete result"
	if !k.Complete {
		what = fmt.Sprintf("a partial result with more subproblems finished (%d of %d)", k.Finished, k.Owned)
	}
	return fmt.Sprintf("%s (shard %d, interrupted after %d of %d subproblems) ignored: %s has %s",
		lost.Path, l.Index, l.Finished, l.Owned, kept.Path, what)
}

func shorten(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// reruns checks the rerun templates of the results in one pass
// (ValidRerun once per result at most): tmpl is the first valid one,
// rebuilt from checked fields (a shard that printed its result on stdout
// gets an -o beside the file merge read), nil when none is; bad is the
// note naming the first result whose recorded template is not valid and
// why, "" when none is.
func reruns(good []Loaded) (tmpl []string, bad string) {
	for _, f := range good {
		if len(f.Result.Rerun) == 0 {
			continue // none recorded: not valid, and nothing to explain
		}
		t, err := ValidRerun(f.Result)
		switch {
		case err == nil && tmpl == nil:
			tmpl = besideRead(withResultFile(t, f.Path, f.Result.Index), f.Path, f.Result.Index)
		case err != nil && bad == "":
			bad = fmt.Sprintf("the rerun command recorded in %s is not printed: %v", f.Path, err)
		}
		if tmpl != nil && bad != "" {
			break
		}
	}
	return tmpl, bad
}

// safeToRerun splits todo into the shards the rerun command may run and
// a note on the others: a shard whose result or checkpoint file (the
// template's -o and --checkpoint with its index) is a symbolic link, or
// is there and is not a regular file. solve -o writes through a link,
// replacing its target (another shard's result, or a file outside the
// directory: shard-3.json -> shard-1.json is read by merge as shard 1,
// and rerunning shard 3 overwrote shard 1's result), and writes a FIFO
// or device in place; with --count-key solve refuses both. The command
// is printed for the others; the note names each file held back and
// says what to do. Without a template every shard is kept.
func safeToRerun(tmpl []string, todo []int) (run []int, note string) {
	if tmpl == nil {
		return todo, ""
	}
	tmpl = RunnableTemplate(tmpl)
	var held []string
	for _, i := range todo {
		why := ""
		for n := 0; n+1 < len(tmpl) && why == ""; n++ {
			switch tmpl[n] {
			case "-o", "--output", "--checkpoint":
				why = notPlainFile(strings.ReplaceAll(tmpl[n+1], "{}", strconv.Itoa(i)))
			}
		}
		if why == "" {
			run = append(run, i)
		} else {
			held = append(held, fmt.Sprintf("shard %d (%s)", i, why))
		}
	}
	if len(held) == 0 {
		return run, ""
	}
	what := "not in the command to run them"
	if len(run) == 0 {
		what = "no command to run them"
	}
	return run, fmt.Sprintf("%s: %s; solve -o would write through a link (replacing its target) or into a FIFO or device: "+
		"remove it (or move it away), then run merge again for the command", what, strings.Join(held, "; "))
}

// notPlainFile says why path is not a file the rerun command may write
// ("FILE is a symbolic link to TARGET", "FILE is a FIFO", ...), "" for a
// regular file or nothing there.
func notPlainFile(path string) string {
	st, err := os.Lstat(path)
	if err != nil {
		return ""
	}
	m := st.Mode()
	switch {
	case m.IsRegular():
		return ""
	case m&fs.ModeSymlink != 0:
		to, _ := os.Readlink(path)
		return fmt.Sprintf("%s is a symbolic link to %s", path, to)
	}
	return fmt.Sprintf("%s is %s, not a regular file", path, regfile.Describe(m))
}

// joinNotes joins the non-empty notes with a blank line.
func joinNotes(notes ...string) string {
	var out []string
	for _, n := range notes {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, "\n")
}

// rerunCommand is a shell loop that runs the given shards with a rerun
// template (see reruns), the index and the output file substituted; ""
// without a template.
func rerunCommand(tmpl []string, todo []int) string {
	if tmpl == nil || len(todo) == 0 {
		return ""
	}
	tmpl = RunnableTemplate(tmpl)
	idx := make([]string, len(todo))
	for n, i := range todo {
		idx[n] = strconv.Itoa(i)
	}
	words := make([]string, len(tmpl))
	for n, w := range tmpl {
		words[n] = shellQuoteTemplate(w)
	}
	return fmt.Sprintf("for i in %s; do %s; done", strings.Join(idx, " "), strings.Join(words, " "))
}

// shellQuoteTemplate quotes a word for the shell, turning {} into $i.
func shellQuoteTemplate(w string) string {
	parts := strings.Split(w, "{}")
	for n, p := range parts {
		parts[n] = shellQuote(p)
	}
	return strings.Join(parts, `"$i"`)
}

func shellQuote(s string) string {
	if s == "" {
		return ""
	}
	safe := true
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./=:,+@%", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withResultFile gives a rerun template that writes its result to stdout
// (the shard ran with --json or --jsonl and no -o; the shell redirected
// its output into the file merge read, path, which the result cannot
// record) a result file: "--json -o NAME", NAME being path with {} for
// the index (and .json for .jsonl, since -o takes a --json summary only
// in a .json file), beside the file merge read. --jsonl, which -o does not
// take, gives way to --json. A template with an -o is returned as it is;
// tmpl is not modified.
func withResultFile(tmpl []string, path string, index int) []string {
	if slices.Contains(tmpl, "-o") { // ValidRerun writes every output flag as -o
		return tmpl
	}
	out := make([]string, 0, len(tmpl)+3)
	for _, w := range tmpl {
		if w != "--json" && w != "--jsonl" {
			out = append(out, w)
		}
	}
	name := IndexTemplate(path, index)
	if strings.HasSuffix(strings.ToLower(name), ".jsonl") {
		name = name[:len(name)-1]
	} else if !strings.HasSuffix(strings.ToLower(name), ".json") {
		name += ".json"
	}
	return append(out, "--json", "-o", name)
}

// besideRead moves the files of a rerun template (-o, and --checkpoint
// when it sat in -o's directory) into the directory of path, the result
// merge read for shard index, unless -o already names that file: results
// copied or moved to another directory (or recorded with a path relative
// to another working directory) got a command that wrote the missing
// shards where the shards first ran, not where merge reads them. A path
// that does not exist (nothing was read from it) leaves tmpl as it is;
// tmpl is not modified.
func besideRead(tmpl []string, path string, index int) []string {
	outAt := -1
	for n := 0; n+1 < len(tmpl); n++ {
		if tmpl[n] == "-o" || tmpl[n] == "--output" {
			outAt = n + 1
		}
	}
	if outAt < 0 {
		return tmpl
	}
	v := tmpl[outAt]
	read, err := os.Stat(path)
	if err != nil {
		return tmpl // nothing to place it beside
	}
	if st, err := os.Stat(strings.ReplaceAll(v, "{}", strconv.Itoa(index))); err == nil && os.SameFile(st, read) {
		return tmpl
	}
	out := slices.Clone(tmpl)
	dir, oldDir := filepath.Dir(path), filepath.Dir(v)
	out[outAt] = filepath.Join(dir, filepath.Base(v))
	for n := 0; n+1 < len(out); n++ {
		if out[n] == "--checkpoint" && filepath.Dir(out[n+1]) == oldDir {
			out[n+1] = filepath.Join(dir, filepath.Base(out[n+1]))
		}
	}
	return out
}

// IndexTemplate replaces the shard index in a file name by {} when it
// appears there once as a number ("out/shard-7.json" -> "out/shard-{}.json");
// otherwise the name is returned as it is (RunnableTemplate then inserts
// the index).
func IndexTemplate(path string, index int) string {
	dir, base := filepath.Split(path)
	num := strconv.Itoa(index)
	hits := 0
	pos := -1
	for i := 0; i+len(num) <= len(base); i++ {
		if base[i:i+len(num)] != num {
			continue
		}
		before := i == 0 || base[i-1] < '0' || base[i-1] > '9'
		after := i+len(num) == len(base) || base[i+len(num)] < '0' || base[i+len(num)] > '9'
		if before && after {
			hits++
			pos = i
		}
	}
	if hits != 1 {
		return path
	}
	return dir + base[:pos] + "{}" + base[pos+len(num):]
}

// RunnableTemplate makes a rerun template safe to run for every index: a
// file it names (-o, --output, --checkpoint) without the {} of the index
// gets one before its extension ("r.json" -> "r-{}.json"), since every
// shard of the loop would otherwise write the same file; and a
// --checkpoint naming the same file as -o gets ".ckpt" appended, since
// solve refuses one file for both. tmpl is not modified.
func RunnableTemplate(tmpl []string) []string {
	out := slices.Clone(tmpl)
	outAt, ckAt := -1, -1
	for n := 0; n+1 < len(out); n++ {
		switch out[n] {
		case "-o", "--output":
			outAt = n + 1
		case "--checkpoint":
			ckAt = n + 1
		default:
			continue
		}
		if out[n+1] != "-" && !strings.Contains(out[n+1], "{}") {
			out[n+1] = withIndex(out[n+1])
		}
		n++
	}
	if outAt >= 0 && ckAt >= 0 && filepath.Clean(out[outAt]) == filepath.Clean(out[ckAt]) {
		out[ckAt] += ".ckpt"
	}
	return out
}

// withIndex inserts "-{}" into a file name before its extension.
func withIndex(path string) string {
	dir, base := filepath.Split(path)
	ext := filepath.Ext(base)
	stem := base[:len(base)-len(ext)]
	if stem == "" || ext == base {
		stem, ext = base, ""
	}
	return dir + stem + "-{}" + ext
}
