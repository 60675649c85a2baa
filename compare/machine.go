package compare

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/polytile/polytile/highs"
)

// Machine describes where a comparison or benchmark ran.
type Machine struct {
	CPU   string `json:"cpu"`
	Cores int    `json:"cores"`
	OS    string `json:"os"`
	Go    string `json:"go"`
	HiGHS string `json:"highs,omitempty"`
	Date  string `json:"date"`
}

// ThisMachine describes the running machine: the CPU model from
// /proc/cpuinfo (GOARCH elsewhere), the number of logical CPUs, the Go and
// HiGHS versions and today's date.
func ThisMachine() *Machine {
	return &Machine{
		CPU: cpuModel(), Cores: runtime.NumCPU(), OS: runtime.GOOS + "/" + runtime.GOARCH,
		Go: runtime.Version(), HiGHS: highs.Version(), Date: time.Now().Format("2006-01-02"),
	}
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// String is the machine on one line.
func (m *Machine) String() string {
	s := fmt.Sprintf("machine: %s, %d logical CPUs, %s, %s", m.CPU, m.Cores, m.OS, m.Go)
	if m.HiGHS != "" {
		s += ", HiGHS " + m.HiGHS
	}
	return s + ", " + m.Date
}

// Markdown is the machine as a Markdown list.
func (m *Machine) Markdown() string {
	h := m.HiGHS
	if h == "" {
		h = "not available: " + highs.UnavailableReason()
	}
	return fmt.Sprintf("Machine: %s, %d logical CPUs, %s; %s; HiGHS %s; run on %s.\n", m.CPU, m.Cores, m.OS, m.Go, h, m.Date)
}
