package metrics

import (
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"sync"
	"time"
)

// goCollector is the Go runtime's families, with the names, help and
// values of the Prometheus Go client's default Go collector (v1.25:
// go_gc_duration_seconds, go_goroutines, go_threads, go_info, the
// go_memstats_* family computed from runtime/metrics, and
// go_gc_gogc_percent, go_gc_gomemlimit_bytes,
// go_sched_gomaxprocs_threads), so dashboards built on them keep working.
type goCollector struct {
	mu      sync.Mutex
	samples []rtmetrics.Sample
	index   map[string]int
}

// NewGoCollector returns the Go runtime's metrics.
func NewGoCollector() Collector {
	c := &goCollector{index: map[string]int{}}
	for _, name := range goRuntimeSamples {
		c.index[name] = len(c.samples)
		c.samples = append(c.samples, rtmetrics.Sample{Name: name})
	}
	return c
}

// goRuntimeSamples are the runtime/metrics read at each scrape.
var goRuntimeSamples = []string{
	"/gc/heap/tiny/allocs:objects", "/gc/heap/allocs:objects", "/gc/heap/frees:objects",
	"/gc/heap/allocs:bytes", "/gc/heap/objects:objects", "/gc/heap/goal:bytes",
	"/memory/classes/total:bytes", "/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/released:bytes", "/memory/classes/heap/free:bytes", "/memory/classes/heap/stacks:bytes",
	"/memory/classes/os-stacks:bytes", "/memory/classes/metadata/mspan/inuse:bytes",
	"/memory/classes/metadata/mspan/free:bytes", "/memory/classes/metadata/mcache/inuse:bytes",
	"/memory/classes/metadata/mcache/free:bytes", "/memory/classes/profiling/buckets:bytes",
	"/memory/classes/metadata/other:bytes", "/memory/classes/other:bytes",
	"/gc/gogc:percent", "/gc/gomemlimit:bytes", "/sched/gomaxprocs:threads",
}

// memstat is one go_memstats_* family: its value from the runtime's
// samples (get reads one by name; 0 when this Go lacks it).
type memstat struct {
	name, help, typ string
	value           func(get func(string) uint64) uint64
}

func rm(name string) func(get func(string) uint64) uint64 {
	return func(get func(string) uint64) uint64 { return get(name) }
}

func rmSum(names ...string) func(get func(string) uint64) uint64 {
	return func(get func(string) uint64) uint64 {
		var t uint64
		for _, n := range names {
			t += get(n)
		}
		return t
	}
}

// memstats are the client's go_memstats_* families, each the same sum of
// runtime/metrics its help names.
var memstats = []memstat{
	{"go_memstats_alloc_bytes", "Number of bytes allocated in heap and currently in use. Equals to /memory/classes/heap/objects:bytes.", "gauge", rm("/memory/classes/heap/objects:bytes")},
	{"go_memstats_alloc_bytes_total", "Total number of bytes allocated in heap until now, even if released already. Equals to /gc/heap/allocs:bytes.", "counter", rm("/gc/heap/allocs:bytes")},
	{"go_memstats_buck_hash_sys_bytes", "Number of bytes used by the profiling bucket hash table. Equals to /memory/classes/profiling/buckets:bytes.", "gauge", rm("/memory/classes/profiling/buckets:bytes")},
	{"go_memstats_frees_total", "Total number of heap objects frees. Equals to /gc/heap/frees:objects + /gc/heap/tiny/allocs:objects.", "counter", rmSum("/gc/heap/frees:objects", "/gc/heap/tiny/allocs:objects")},
	{"go_memstats_gc_sys_bytes", "Number of bytes used for garbage collection system metadata. Equals to /memory/classes/metadata/other:bytes.", "gauge", rm("/memory/classes/metadata/other:bytes")},
	{"go_memstats_heap_alloc_bytes", "Number of heap bytes allocated and currently in use, same as go_memstats_alloc_bytes. Equals to /memory/classes/heap/objects:bytes.", "gauge", rm("/memory/classes/heap/objects:bytes")},
	{"go_memstats_heap_idle_bytes", "Number of heap bytes waiting to be used. Equals to /memory/classes/heap/released:bytes + /memory/classes/heap/free:bytes.", "gauge", rmSum("/memory/classes/heap/released:bytes", "/memory/classes/heap/free:bytes")},
	{"go_memstats_heap_inuse_bytes", "Number of heap bytes that are in use. Equals to /memory/classes/heap/objects:bytes + /memory/classes/heap/unused:bytes", "gauge", rmSum("/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes")},
	{"go_memstats_heap_objects", "Number of currently allocated objects. Equals to /gc/heap/objects:objects.", "gauge", rm("/gc/heap/objects:objects")},
	{"go_memstats_heap_released_bytes", "Number of heap bytes released to OS. Equals to /memory/classes/heap/released:bytes.", "gauge", rm("/memory/classes/heap/released:bytes")},
	{"go_memstats_heap_sys_bytes", "Number of heap bytes obtained from system. Equals to /memory/classes/heap/objects:bytes + /memory/classes/heap/unused:bytes + /memory/classes/heap/released:bytes + /memory/classes/heap/free:bytes.", "gauge", rmSum("/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes", "/memory/classes/heap/released:bytes", "/memory/classes/heap/free:bytes")},
	{"go_memstats_mallocs_total", "Total number of heap objects allocated, both live and gc-ed. Semantically a counter version for go_memstats_heap_objects gauge. Equals to /gc/heap/allocs:objects + /gc/heap/tiny/allocs:objects.", "counter", rmSum("/gc/heap/allocs:objects", "/gc/heap/tiny/allocs:objects")},
	{"go_memstats_mcache_inuse_bytes", "Number of bytes in use by mcache structures. Equals to /memory/classes/metadata/mcache/inuse:bytes.", "gauge", rm("/memory/classes/metadata/mcache/inuse:bytes")},
	{"go_memstats_mcache_sys_bytes", "Number of bytes used for mcache structures obtained from system. Equals to /memory/classes/metadata/mcache/inuse:bytes + /memory/classes/metadata/mcache/free:bytes.", "gauge", rmSum("/memory/classes/metadata/mcache/inuse:bytes", "/memory/classes/metadata/mcache/free:bytes")},
	{"go_memstats_mspan_inuse_bytes", "Number of bytes in use by mspan structures. Equals to /memory/classes/metadata/mspan/inuse:bytes.", "gauge", rm("/memory/classes/metadata/mspan/inuse:bytes")},
	{"go_memstats_mspan_sys_bytes", "Number of bytes used for mspan structures obtained from system. Equals to /memory/classes/metadata/mspan/inuse:bytes + /memory/classes/metadata/mspan/free:bytes.", "gauge", rmSum("/memory/classes/metadata/mspan/inuse:bytes", "/memory/classes/metadata/mspan/free:bytes")},
	{"go_memstats_next_gc_bytes", "Number of heap bytes when next garbage collection will take place. Equals to /gc/heap/goal:bytes.", "gauge", rm("/gc/heap/goal:bytes")},
	{"go_memstats_other_sys_bytes", "Number of bytes used for other system allocations. Equals to /memory/classes/other:bytes.", "gauge", rm("/memory/classes/other:bytes")},
	{"go_memstats_stack_inuse_bytes", "Number of bytes obtained from system for stack allocator in non-CGO environments. Equals to /memory/classes/heap/stacks:bytes.", "gauge", rm("/memory/classes/heap/stacks:bytes")},
	{"go_memstats_stack_sys_bytes", "Number of bytes obtained from system for stack allocator. Equals to /memory/classes/heap/stacks:bytes + /memory/classes/os-stacks:bytes.", "gauge", rmSum("/memory/classes/heap/stacks:bytes", "/memory/classes/os-stacks:bytes")},
	{"go_memstats_sys_bytes", "Number of bytes obtained from system. Equals to /memory/classes/total:byte.", "gauge", rm("/memory/classes/total:bytes")},
}

// goGauges are the client's families read straight from one runtime
// metric.
var goGauges = []struct{ name, help, sample string }{
	{"go_gc_gogc_percent", "Heap size target percentage configured by the user, otherwise 100. This value is set by the GOGC environment variable, and the runtime/debug.SetGCPercent function. Sourced from /gc/gogc:percent.", "/gc/gogc:percent"},
	{"go_gc_gomemlimit_bytes", "Go runtime memory limit configured by the user, otherwise math.MaxInt64. This value is set by the GOMEMLIMIT environment variable, and the runtime/debug.SetMemoryLimit function. Sourced from /gc/gomemlimit:bytes.", "/gc/gomemlimit:bytes"},
	{"go_sched_gomaxprocs_threads", "The current runtime.GOMAXPROCS setting, or the number of operating system threads that can execute user-level Go code simultaneously. Sourced from /sched/gomaxprocs:threads.", "/sched/gomaxprocs:threads"},
}

func (c *goCollector) names() []string {
	ns := []string{"go_gc_duration_seconds", "go_goroutines", "go_threads", "go_info", "go_memstats_last_gc_time_seconds"}
	for _, m := range memstats {
		ns = append(ns, m.name)
	}
	for _, g := range goGauges {
		ns = append(ns, g.name)
	}
	return ns
}

func (c *goCollector) collect(s *scrape) {
	s.add("go_goroutines", "Number of goroutines that currently exist.", "gauge").
		sample("", formatFloat(float64(runtime.NumGoroutine())))
	threads, _ := runtime.ThreadCreateProfile(nil)
	s.add("go_threads", "Number of OS threads created.", "gauge").sample("", formatFloat(float64(threads)))

	var gc debug.GCStats
	gc.PauseQuantiles = make([]time.Duration, 5)
	debug.ReadGCStats(&gc)
	f := s.add("go_gc_duration_seconds", "A summary of the wall-time pause (stop-the-world) duration in garbage collection cycles.", "summary")
	for i, q := range []string{"0", "0.25", "0.5", "0.75", "1"} {
		f.sample("", formatFloat(gc.PauseQuantiles[i].Seconds()), "quantile", q)
	}
	f.sample("_sum", formatFloat(gc.PauseTotal.Seconds()))
	f.sample("_count", formatUint(uint64(gc.NumGC)))
	s.add("go_memstats_last_gc_time_seconds", "Number of seconds since 1970 of last garbage collection.", "gauge").
		sample("", formatFloat(float64(gc.LastGC.UnixNano())/1e9))
	s.add("go_info", "Information about the Go environment.", "gauge").sample("", "1", "version", runtime.Version())

	c.mu.Lock()
	defer c.mu.Unlock()
	rtmetrics.Read(c.samples)
	get := func(name string) uint64 {
		if v := c.samples[c.index[name]].Value; v.Kind() == rtmetrics.KindUint64 {
			return v.Uint64()
		}
		return 0
	}
	for _, m := range memstats {
		s.add(m.name, m.help, m.typ).sample("", formatFloat(float64(m.value(get))))
	}
	for _, g := range goGauges {
		s.add(g.name, g.help, "gauge").sample("", formatFloat(float64(get(g.sample))))
	}
}
