package compare

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Factory makes a backend from the options of a spec (the part after the
// first ':', split at commas; nil when there is none). spec is the whole
// spec, to be returned by Backend.Name.
type Factory func(spec string, options []string) (Backend, error)

// Registry maps backend names to factories. The zero value is empty; use
// NewRegistry for the built-in backends.
type Registry struct {
	entries map[string]entry
}

type entry struct {
	make Factory
	help string
}

// NewRegistry returns a registry with the built-in backends: dlx, fila,
// native, highs, highs-cli, cbc and glpsol.
func NewRegistry() *Registry {
	r := &Registry{}
	r.Register("dlx", "Knuth's dancing links (options: heuristic, vol[=N], r=PIECE, j=N)", nativeFactory("dlx"))
	r.Register("fila", "Fixed Image List Algorithm (options: heuristic or schedule, nof, at=N, vol[=N], r=PIECE, j=N)", nativeFactory("fila"))
	r.Register("native", "polytile solve's default configuration (native.DefaultConfig, redundancy auto); for max-coverage the native maximum-coverage search with its defaults", nativeFactory("native"))
	r.Register("frontier", "frontier (transfer-matrix) recurrence: counts and max-coverage without enumeration (options: j=N, mem=MIB)", frontierFactory)
	r.Register("highs", "in-process HiGHS: count by no-good-cut enumeration; max-coverage (options: seed, packing, strengthen; gap=G, threads=N and any HiGHS option KEY=VALUE, checked by HiGHS)", highsFactory)
	for _, s := range externalSolvers {
		s := s
		r.Register(s.name, s.help, func(spec string, opts []string) (Backend, error) { return newExternal(s, spec, opts) })
	}
	return r
}

// Register adds (or replaces) a backend name.
func (r *Registry) Register(name, help string, f Factory) {
	if r.entries == nil {
		r.entries = map[string]entry{}
	}
	r.entries[name] = entry{make: f, help: help}
}

// Names returns the registered names, sorted.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.entries))
	for n := range r.entries {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Help returns one line per registered backend: its name and what it runs.
func (r *Registry) Help() string {
	var b strings.Builder
	for _, n := range r.Names() {
		fmt.Fprintf(&b, "  %-10s %s\n", n, r.entries[n].help)
	}
	return b.String()
}

// Parse makes a backend from a spec NAME[:OPTION[,OPTION...]].
func (r *Registry) Parse(spec string) (Backend, error) {
	spec = strings.TrimSpace(spec)
	name, rest, hasOpts := strings.Cut(spec, ":")
	e, ok := r.entries[name]
	if !ok {
		return nil, fmt.Errorf("unknown backend %q in %q (known: %s)", name, spec, strings.Join(r.Names(), ", "))
	}
	var opts []string
	if hasOpts {
		for _, o := range strings.Split(rest, ",") {
			if o = strings.TrimSpace(o); o == "" {
				return nil, fmt.Errorf("backend %q: empty option", spec)
			}
			opts = append(opts, o)
		}
	}
	if err := checkOnce(opts); err != nil {
		return nil, fmt.Errorf("backend %q: %w", spec, err)
	}
	b, err := e.make(spec, opts)
	if err != nil {
		return nil, fmt.Errorf("backend %q: %w", spec, err)
	}
	return b, nil
}

// ParseList makes backends from a list of specs separated by spaces, ';' or
// ','. After a comma, an item that does not start with a registered name
// continues the options of the spec before it: "dlx,fila:f,nof,highs" is
// dlx, fila:f,nof and highs. The aliases "count" and "max-coverage" expand
// to the default lists of DefaultSpecs.
func (r *Registry) ParseList(list string) ([]Backend, error) {
	specs, err := r.SplitList(list)
	if err != nil {
		return nil, err
	}
	var out []Backend
	for _, s := range specs {
		b, err := r.Parse(s)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// commaSpaces is a comma with the white space around it.
var commaSpaces = regexp.MustCompile(`[ \t\n]*,[ \t\n]*`)

// SplitList splits a list of specs as ParseList does, expanding aliases.
func (r *Registry) SplitList(list string) ([]string, error) {
	var specs []string
	// Spaces around a comma do not end a group: "fila:f, nof" is one spec.
	list = commaSpaces.ReplaceAllString(list, ",")
	for _, group := range strings.FieldsFunc(list, func(c rune) bool { return c == ';' || c == ' ' || c == '\t' || c == '\n' }) {
		first := true // the group's first item names a backend: only a comma continues options
		for _, item := range strings.Split(group, ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			name, _, _ := strings.Cut(item, ":")
			_, known := r.entries[name]
			starts := first
			first = false
			switch {
			case name == "count" || name == "max-coverage":
				k := Count
				if name == "max-coverage" {
					k = MaxCoverage
				}
				specs = append(specs, DefaultSpecs(k)...)
			case known || starts || len(specs) == 0:
				specs = append(specs, item)
			default:
				specs[len(specs)-1] += "," + item
			}
		}
	}
	if len(specs) == 0 {
		return nil, fmt.Errorf("empty backend list")
	}
	return specs, nil
}

// DefaultSpecs returns the backends compared by default for a kind of task
// (and by the aliases "count" and "max-coverage", which run them without
// DefaultBackends's bounds): the ones that answer
// the README's examples in seconds. For Count, polytile solve's default
// configuration (which counts a puzzle with a symmetric key by DLX on its
// orbit problem, where FILA's rows are skipped), FILA with NOF and the E
// heuristic, and a schedule of E and F; for MaxCoverage, the native search and in-process HiGHS in both
// formulations with and without the area row (bounded in
// DefaultBackends). OnRequestSpecs lists the backends left out.
func DefaultSpecs(k Kind) []string {
	if k == MaxCoverage {
		return []string{"native", "highs:seed", "highs:seed,strengthen", "highs:packing", "highs:packing,strengthen"}
	}
	return []string{"native", "fila:e,nof", "fila:e=11:f=3,nof"}
}

// OnRequestSpecs returns the backends that DefaultSpecs leaves out for a
// kind of task. For Count: FILA with the F heuristic (the search of
// "native" without its volume filter) and without NOF (the same search
// as with it, visiting the same nodes), the hybrid (2.5 times native's
// time on the 8x8 square with pentominoes), and those that may take up to the time limit
// (a minute by default) on a puzzle that FILA counts in a second: DLX,
// HiGHS enumerating with no-good cuts, and the external MIP solvers
// checking feasibility. For MaxCoverage, the external MIP solvers on the
// LP export. A table run with the default list names them
// (Table.LeftOut).
func OnRequestSpecs(k Kind) []string {
	if k == MaxCoverage {
		return []string{"highs-cli", "cbc", "glpsol"}
	}
	return []string{"fila:f", "fila:f,nof", "fila:e", "fila:f,nof,at=10", "dlx", "highs", "highs-cli", "cbc", "glpsol"}
}

// DefaultBackends returns the backends of DefaultSpecs for both kinds of
// task, for Options.PerKind. Its in-process HiGHS rows of MaxCoverage run
// on puzzles of at most QuickMaxImages placements, for at most
// QuickTimeLimit (a skipped or stopped row says so, and that
// --backends NAME runs it in full).
func (r *Registry) DefaultBackends() (map[Kind][]Backend, error) {
	out := map[Kind][]Backend{}
	for _, k := range []Kind{Count, MaxCoverage} {
		for _, s := range DefaultSpecs(k) {
			b, err := r.Parse(s)
			if err != nil {
				return nil, err
			}
			if name, _, _ := strings.Cut(s, ":"); k == MaxCoverage && name == "highs" {
				b = quick{Backend: b, maxImages: QuickMaxImages, limit: QuickTimeLimit}
			}
			out[k] = append(out[k], b)
		}
	}
	return out, nil
}

// leftOut returns the backends of OnRequestSpecs(k) that a table without
// them would have run, when the table ran every backend of DefaultSpecs(k)
// (nil otherwise: a list of the user's own leaves nothing out).
func leftOut(k Kind, rows []*Row) []string {
	ran := map[string]bool{}
	for _, r := range rows {
		ran[r.Backend] = true
	}
	for _, s := range DefaultSpecs(k) {
		if !ran[s] {
			return nil
		}
	}
	var out []string
	for _, s := range OnRequestSpecs(k) {
		if !ran[s] {
			out = append(out, s)
		}
	}
	return out
}

// optionKind names what a backend option sets: its key (the text before
// '='), with the keys that set the same thing under one name.
func optionKind(o string) string {
	key, _, _ := strings.Cut(o, "=")
	switch key {
	case "vol", "volume":
		return "the volume filter (vol, vol=N)"
	case "f", "e", "s", "radial":
		return "heuristic"
	case "seed", "packing":
		return "the formulation (seed or packing)"
	case "strengthen", "strong":
		return "strengthen"
	}
	return "option " + key
}

// checkOnce refuses a backend option given twice, or two options that set
// the same thing (fila:j=2,j=3): which one wins would be a guess.
func checkOnce(opts []string) error {
	seen := map[string]string{}
	for _, o := range opts {
		kind := optionKind(o)
		prev, ok := seen[kind]
		switch {
		case ok && kind == "heuristic":
			return fmt.Errorf("two heuristics (%s and %s): write one schedule such as e=11:f=3", prev, o)
		case ok:
			return fmt.Errorf("%s given twice (%s and %s): give it once", kind, prev, o)
		}
		seen[kind] = o
	}
	return nil
}
