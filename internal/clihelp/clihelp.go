// Package clihelp renders a cobra command's help: the description
// reflowed to a width, the usage line, the examples (long command lines
// broken with the shell's line continuation), the subcommands, and the
// flags in titled groups, each description wrapped under its own start;
// and the version line of a build (Version).
package clihelp

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// ErrWriter passes writes to W and keeps the first error in Err: cobra
// writes help and usage text to its output and drops write errors, and a
// help that could not be written (`--help > /dev/full`) must not end in
// success.
type ErrWriter struct {
	W   io.Writer
	Err error
}

// Write writes p to W, keeping the first error.
func (r *ErrWriter) Write(p []byte) (int, error) {
	n, err := r.W.Write(p)
	if err != nil && r.Err == nil {
		r.Err = err
	}
	return n, err
}

// Command is "help [command]" for root, in place of cobra's (which
// prints "Unknown help topic" and the usage and succeeds): a known topic
// prints that command's --help text; an unknown one is the error
// unknown returns for its message, which names the near command names.
func Command(root *cobra.Command, long string, unknown func(msg string) error) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  long,
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := root.Find(args)
			if err == nil && cmd != nil && len(rest) == 0 {
				cmd.InitDefaultHelpFlag()    // as cobra's help command, so
				cmd.InitDefaultVersionFlag() // that the text is --help's
				return cmd.Help()
			}
			msg := fmt.Sprintf("unknown help topic %q", strings.Join(args, " "))
			if (cmd == nil || cmd == root) && len(args) > 0 {
				if s := root.SuggestionsFor(args[0]); len(s) > 0 {
					msg += "; did you mean " + strings.Join(s, " or ") + "?"
				}
			}
			return unknown(msg)
		},
	}
}

// DefaultWidth is the width of the help when its output is not a
// terminal; MinWidth and MaxWidth bound a terminal's.
const (
	DefaultWidth = 80
	MinWidth     = 40
	MaxWidth     = 160
)

// Groups says how a command tree's help lists its flags: Titles heads
// each group (the first is the common flags, headed "Flags:" when a
// command has no other group), and ByCommand lists, per command (by its
// path below the root, "" for the root), the flag names of each group in
// the order the help shows them. A flag of a command missing from its
// list is shown last among the common ones.
type Groups struct {
	Titles    []string
	ByCommand map[string][][]string
}

// Width is the width the help is wrapped to on w: the terminal's width,
// within [MinWidth, MaxWidth], or DefaultWidth.
func Width(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return DefaultWidth
	}
	cols, _, err := term.GetSize(int(f.Fd()))
	if err != nil || cols <= 0 {
		return DefaultWidth
	}
	return min(max(cols, MinWidth), MaxWidth)
}

// Write writes c's help to w, its flags grouped by g, every line at most
// width columns (but for an example or a word longer than the width).
func Write(w io.Writer, c *cobra.Command, width int, g Groups) error {
	var b strings.Builder
	text := c.Long
	if text == "" {
		text = c.Short
	}
	if text != "" {
		b.WriteString(Reflow(strings.TrimRight(text, " \n"), width))
		b.WriteString("\n\n")
	}
	b.WriteString("Usage:\n")
	if c.Runnable() {
		b.WriteString(wrapLine("  "+c.UseLine(), width, 4) + "\n")
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("  " + c.CommandPath() + " [command]\n")
	}
	if c.HasExample() {
		b.WriteString("\nExamples:\n")
		for _, line := range strings.Split(strings.TrimRight(c.Example, " \n"), "\n") {
			b.WriteString(wrapExample(line, width) + "\n")
		}
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\nAvailable Commands:\n")
		pad := 0
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() || sub.Name() == "help" {
				pad = max(pad, len(sub.Name()))
			}
		}
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() || sub.Name() == "help" {
				b.WriteString(wrapLine(fmt.Sprintf("  %-*s  %s", pad, sub.Name(), sub.Short), width, pad+4) + "\n")
			}
		}
	}
	for _, fg := range groupFlags(c, g) {
		b.WriteString("\n" + fg.title + "\n" + flagUsages(fg.flags, width))
	}
	if c.HasAvailableInheritedFlags() {
		b.WriteString("\nGlobal flags:\n" + flagUsages(c.InheritedFlags(), width))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString(wrapLine(fmt.Sprintf("\nUse \"%s [command] --help\" for more information about a command.", c.CommandPath()), width, 0) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// flagGroup is one group of a command's flags, as its help lists them.
type flagGroup struct {
	title string
	flags *pflag.FlagSet
}

// groupFlags sorts c's own flags into the groups of g, in its order;
// empty groups are left out.
func groupFlags(c *cobra.Command, g Groups) []flagGroup {
	path := strings.TrimPrefix(strings.TrimPrefix(c.CommandPath(), c.Root().Name()), " ")
	table := g.ByCommand[path]
	sets := make([]*pflag.FlagSet, max(len(g.Titles), 1))
	for i := range sets {
		sets[i] = pflag.NewFlagSet(path, pflag.ContinueOnError)
		sets[i].SortFlags = false
	}
	local := c.LocalFlags()
	placed := map[string]bool{}
	for i, names := range table {
		if i >= len(sets) {
			break
		}
		for _, n := range names {
			if f := local.Lookup(n); f != nil && !f.Hidden && !placed[n] {
				sets[i].AddFlag(f)
				placed[n] = true
			}
		}
	}
	local.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden && !placed[f.Name] {
			sets[0].AddFlag(f)
		}
	})
	var groups []flagGroup
	for i, s := range sets {
		if s.HasFlags() {
			groups = append(groups, flagGroup{title: title(g.Titles, i), flags: s})
		}
	}
	if len(groups) == 1 && groups[0].title == title(g.Titles, 0) {
		groups[0].title = "Flags:"
	}
	return groups
}

// title is the heading of group i ("Flags:" when titles has none).
func title(titles []string, i int) string {
	if i < len(titles) {
		return titles[i]
	}
	return "Flags:"
}

// flagUsages is pflag's flag list of fs, each description (its lines
// joined) wrapped to width under its own start, a range or default note
// kept whole.
func flagUsages(fs *pflag.FlagSet, width int) string {
	var b strings.Builder
	var entry string
	flush := func() {
		if entry != "" {
			b.WriteString(wrapFlagLine(entry, width) + "\n")
		}
		entry = ""
	}
	for _, line := range strings.Split(strings.TrimRight(fs.FlagUsagesWrapped(0), " \n"), "\n") {
		t := strings.TrimLeft(line, " ")
		if lead := len(line) - len(t); lead <= 6 && strings.HasPrefix(t, "-") {
			flush()
			entry = strings.TrimRight(line, " ")
			continue
		}
		if t != "" { // a line of a description written on several
			entry += " " + strings.TrimRight(t, " ")
		}
	}
	flush()
	return b.String()
}

// wrapFlagLine wraps one flag of pflag's list: the description starts
// after the flag's name and type and the spaces that align it, and its
// continuation lines start there too (or 12 columns in when that leaves
// fewer than 30 for the text).
func wrapFlagLine(line string, width int) string {
	if utf8.RuneCountInString(line) <= width {
		return line
	}
	col := flagTextColumn(line)
	if col == 0 {
		return wrapLine(line, width, 8)
	}
	if width-col < 30 {
		head, text := strings.TrimRight(line[:col], " "), line[col:]
		return head + "\n" + wrapLine(strings.Repeat(" ", 12)+text, width, 12)
	}
	return wrapLine(line, width, col)
}

// flagTextColumn is where the description of a line of pflag's list
// starts: after the first run of at least two spaces that follows the
// flag's name (0 when there is none, as on a continuation line).
func flagTextColumn(line string) int {
	trimmed := strings.TrimLeft(line, " ")
	lead := len(line) - len(trimmed)
	if lead == 0 || !strings.HasPrefix(trimmed, "-") {
		return 0
	}
	i := strings.Index(trimmed, "  ")
	if i < 0 {
		return 0
	}
	j := i
	for j < len(trimmed) && trimmed[j] == ' ' {
		j++
	}
	return lead + j
}

// Reflow wraps a command's description to width: a paragraph of prose
// (lines that start with a letter or a sign, not a space) is filled
// again, and one of more than longParagraph lines is cut into paragraphs
// at the ends of its sentences; an indented line (a list, a table) keeps
// its place, and when it is too long its continuation lines start under
// its text.
func Reflow(text string, width int) string {
	var out []string
	var prose []string
	flush := func() {
		if len(prose) == 0 {
			return
		}
		out = append(out, fillParagraph(strings.Join(prose, " "), width)...)
		prose = prose[:0]
	}
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.TrimSpace(line) == "":
			flush()
			out = append(out, "")
		case line[0] == ' ' || line[0] == '\t':
			flush()
			out = append(out, wrapLine(line, width, listTextColumn(line)))
		default:
			prose = append(prose, strings.TrimSpace(line))
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// longParagraph is the most lines a paragraph of a description keeps
// before Reflow cuts it at its sentences.
const longParagraph = 10

// fillParagraph fills a paragraph of prose to width; a paragraph of more
// than longParagraph lines becomes several, each of whole sentences and
// of at least four lines but for the last.
func fillParagraph(text string, width int) []string {
	lines := strings.Split(wrapLine(text, width, 0), "\n")
	if len(lines) <= longParagraph {
		return lines
	}
	var out []string
	var cur string
	for _, s := range sentences(text) {
		if cur == "" {
			cur = s
		} else {
			cur += " " + s
		}
		if len(cur) >= 4*width {
			if len(out) > 0 {
				out = append(out, "")
			}
			out = append(out, strings.Split(wrapLine(cur, width, 0), "\n")...)
			cur = ""
		}
	}
	if cur != "" {
		if len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, strings.Split(wrapLine(cur, width, 0), "\n")...)
	}
	return out
}

// sentences cuts text after each ". " that ends a sentence: outside
// parentheses and quotes, followed by a capital letter.
func sentences(text string) []string {
	var out []string
	depth, quoted, start := 0, false, 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(':
			depth++
		case ')':
			depth = max(depth-1, 0)
		case '"':
			quoted = !quoted
		case '.':
			if depth == 0 && !quoted && i+2 < len(text) && text[i+1] == ' ' {
				r, _ := utf8.DecodeRuneInString(text[i+2:])
				if unicode.IsUpper(r) {
					out = append(out, text[start:i+1])
					start = i + 2
				}
			}
		}
	}
	return append(out, text[start:])
}

// listTextColumn is where the text of an indented line of a description
// starts ("  lp         CPLEX LP: ..."): after its first run of two or more
// spaces past the indentation, else after a first word that ends in ':'
// ("  max-coverage: native ..."), else two columns past the indentation.
func listTextColumn(line string) int {
	trimmed := strings.TrimLeft(line, " \t")
	lead := len(line) - len(trimmed)
	if i := strings.Index(trimmed, "  "); i > 0 {
		j := i
		for j < len(trimmed) && trimmed[j] == ' ' {
			j++
		}
		if j < len(trimmed) {
			return lead + j
		}
	}
	if i := strings.Index(trimmed, ": "); i > 0 && !strings.Contains(trimmed[:i], " ") {
		return lead + i + 2
	}
	return lead + 2
}

// wrapLine breaks line at spaces so that each piece fits width columns;
// the pieces after the first are indented by indent spaces. The leading
// spaces of line are kept. A note in parentheses that starts "(default"
// or is a range "(A to B)" is not broken; a word longer than the room
// stays whole on its own line.
func wrapLine(line string, width, indent int) string {
	if utf8.RuneCountInString(line) <= width {
		return line
	}
	if indent >= width-10 {
		indent = 4
	}
	trimmed := strings.TrimLeft(line, " ")
	lead := line[:len(line)-len(trimmed)]
	words := glueNotes(strings.Split(trimmed, " "))
	var out []string
	cur, curLen := lead, utf8.RuneCountInString(lead)
	started := false
	pad := strings.Repeat(" ", indent)
	for _, w := range words {
		if w == "" {
			// Runs of spaces inside the line (aligned columns) are kept.
			if started {
				cur += " "
				curLen++
			}
			continue
		}
		wl := utf8.RuneCountInString(w)
		if started && curLen+1+wl > width {
			out = append(out, strings.TrimRight(cur, " "))
			cur, curLen = pad+w, indent+wl
			continue
		}
		if started {
			cur += " "
			curLen++
		}
		cur += w
		curLen += wl
		started = true
	}
	out = append(out, strings.TrimRight(cur, " "))
	return strings.Join(out, "\n")
}

// glueNotes joins the words of a "(default ...)" note or a "(A to B)"
// range into one, so that wrapLine keeps each on one line.
func glueNotes(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "(default" || (strings.HasPrefix(w, "(") && i+2 < len(words) && words[i+1] == "to" && strings.HasSuffix(words[i+2], ")")) {
			j := i
			for j < len(words)-1 && !strings.Contains(words[j], ")") {
				j++
			}
			out = append(out, strings.Join(words[i:j+1], " "))
			i = j
			continue
		}
		out = append(out, w)
	}
	return out
}

// wrapExample breaks a command line of an example that is wider than
// width before one of its options, with the shell's line continuation
// (" \\"), so that it still runs when pasted; the continuation lines are
// indented four columns more than the line. A line with no place to break
// (outside quotes, before a word starting with '-') stays as it is.
func wrapExample(line string, width int) string {
	var out []string
	pad := strings.Repeat(" ", len(line)-len(strings.TrimLeft(line, " "))+4)
	for utf8.RuneCountInString(line) > width {
		cut, quote := -1, byte(0)
		for i := 1; i < len(line)-1 && i+2 <= width; i++ {
			switch {
			case quote != 0:
				if line[i] == quote {
					quote = 0
				}
			case line[i] == '"' || line[i] == '\'':
				quote = line[i]
			case line[i] == ' ' && line[i+1] == '-' && strings.TrimSpace(line[:i]) != "":
				cut = i
			}
		}
		if cut < 0 || strings.TrimSpace(line[cut:]) == "" {
			break
		}
		out = append(out, line[:cut]+" \\")
		line = pad + strings.TrimLeft(line[cut:], " ")
	}
	return strings.Join(append(out, line), "\n")
}

// UnknownCommand rewrites cobra's "unknown command" error on one line,
// with the near names of root's commands as "; did you mean X?" and a
// pointer to --help: cobra puts its suggestions on lines of their own,
// which a printer that escapes control characters would mangle. ok is
// false for any other error.
func UnknownCommand(root *cobra.Command, err error) (msg string, ok bool) {
	if err == nil {
		return "", false
	}
	var typed, path string
	if n, _ := fmt.Sscanf(err.Error(), "unknown command %q for %q", &typed, &path); n != 2 {
		return "", false
	}
	msg = fmt.Sprintf("unknown command %q for %q", typed, path)
	// SuggestionsFor finds the near names even with DisableSuggestions,
	// which only silences cobra's own message.
	if s := root.SuggestionsFor(typed); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return fmt.Sprintf("%s (see %s --help)", msg, path), true
}
