package metrics

import (
	"bufio"
	"bytes"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
)

// processCollector is the process's families, with the names, help and
// values of the Prometheus Go client's process collector on Linux, read
// from /proc. A file that cannot be read leaves its families out of the
// scrape (on a system without /proc there are none).
type processCollector struct {
	proc string // "/proc"
}

// NewProcessCollector returns this process's CPU, memory, file
// descriptor, start time and network metrics.
func NewProcessCollector() Collector { return processCollector{proc: "/proc"} }

// userHZ is the unit of /proc/PID/stat's times (USER_HZ, 100 on Linux).
const userHZ = 100

func (processCollector) names() []string {
	return []string{"process_cpu_seconds_total", "process_virtual_memory_bytes", "process_resident_memory_bytes",
		"process_start_time_seconds", "process_open_fds", "process_max_fds", "process_virtual_memory_max_bytes",
		"process_network_receive_bytes_total", "process_network_transmit_bytes_total"}
}

func (c processCollector) collect(s *scrape) {
	gauge := func(name, help string, v float64) { s.add(name, help, "gauge").sample("", formatFloat(v)) }
	counter := func(name, help string, v float64) { s.add(name, help, "counter").sample("", formatFloat(v)) }
	if st, err := c.stat(); err == nil {
		counter("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", float64(st.utime+st.stime)/userHZ)
		gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", float64(st.vsize))
		gauge("process_resident_memory_bytes", "Resident memory size in bytes.", float64(st.rss*uint64(os.Getpagesize())))
		if boot, err := c.bootTime(); err == nil {
			gauge("process_start_time_seconds", "Start time of the process since unix epoch in seconds.", float64(boot)+float64(st.starttime)/userHZ)
		}
	}
	if fds, err := os.ReadDir(c.proc + "/self/fd"); err == nil {
		gauge("process_open_fds", "Number of open file descriptors.", float64(len(fds)))
	}
	if files, space, err := c.limits(); err == nil {
		gauge("process_max_fds", "Maximum number of open file descriptors.", files)
		gauge("process_virtual_memory_max_bytes", "Maximum amount of virtual memory available in bytes.", space)
	}
	if in, out, err := c.octets(); err == nil {
		counter("process_network_receive_bytes_total", "Number of bytes received by the process over the network.", in)
		counter("process_network_transmit_bytes_total", "Number of bytes sent by the process over the network.", out)
	}
}

// procStat is what is read from /proc/self/stat.
type procStat struct {
	utime, stime, starttime, vsize, rss uint64
}

// stat reads /proc/self/stat: after the command's name in parentheses
// (which may hold spaces), field 14 is utime, 15 stime, 22 starttime, 23
// vsize and 24 rss (proc(5), counting from 1).
func (c processCollector) stat() (procStat, error) {
	b, err := os.ReadFile(c.proc + "/self/stat")
	if err != nil {
		return procStat{}, err
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, errors.New("metrics: /proc/self/stat without a command name")
	}
	f := strings.Fields(string(b[i+1:])) // f[0] is field 3
	if len(f) < 22 {
		return procStat{}, errors.New("metrics: /proc/self/stat too short")
	}
	var st procStat
	for _, p := range []struct {
		field int
		to    *uint64
	}{{14, &st.utime}, {15, &st.stime}, {22, &st.starttime}, {23, &st.vsize}, {24, &st.rss}} {
		if *p.to, err = strconv.ParseUint(f[p.field-3], 10, 64); err != nil {
			return procStat{}, err
		}
	}
	return st, nil
}

// bootTime is /proc/stat's btime: the system's boot in seconds since 1970.
func (c processCollector) bootTime() (uint64, error) {
	b, err := os.ReadFile(c.proc + "/stat")
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "btime "); ok {
			return strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		}
	}
	return 0, errors.New("metrics: no btime in /proc/stat")
}

// limits reads the soft limits on open files and address space from
// /proc/self/limits; "unlimited" is 2⁶⁴−1, as the client reads it.
func (c processCollector) limits() (files, space float64, err error) {
	b, err := os.ReadFile(c.proc + "/self/limits")
	if err != nil {
		return 0, 0, err
	}
	found := 0
	for line := range strings.Lines(string(b)) {
		for prefix, to := range map[string]*float64{"Max open files ": &files, "Max address space ": &space} {
			rest, ok := strings.CutPrefix(line, prefix)
			if !ok {
				continue
			}
			f := strings.Fields(rest)
			switch {
			case len(f) == 0:
				return 0, 0, errors.New("metrics: a limit without a value in /proc/self/limits")
			case f[0] == "unlimited":
				*to = math.MaxUint64
			default:
				v, err := strconv.ParseUint(f[0], 10, 64)
				if err != nil {
					return 0, 0, err
				}
				*to = float64(v)
			}
			found++
		}
	}
	if found != 2 {
		return 0, 0, errors.New("metrics: /proc/self/limits lacks open files or address space")
	}
	return files, space, nil
}

// octets reads IpExt's InOctets and OutOctets from /proc/self/net/netstat
// (a line of names, then a line of values); absent ones are 0.
func (c processCollector) octets() (in, out float64, err error) {
	fh, err := os.Open(c.proc + "/self/net/netstat")
	if err != nil {
		return 0, 0, err
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	var header []string
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] != "IpExt:" {
			continue
		}
		if header == nil {
			header = f
			continue
		}
		for i := 1; i < len(f) && i < len(header); i++ {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return 0, 0, err
			}
			switch header[i] {
			case "InOctets":
				in = v
			case "OutOctets":
				out = v
			}
		}
		return in, out, nil
	}
	return 0, 0, errors.Join(errors.New("metrics: no IpExt values in /proc/self/net/netstat"), sc.Err())
}
