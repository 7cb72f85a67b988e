package servecmd

import (
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime"
	"time"

	"cardtable/store/phases"
)

// servePprof serves Go's profiles (/debug/pprof/: CPU, heap, goroutines,
// mutex and block contention) on addr (serve --pprof), a listener of its
// own apart from the site, for measuring a running server
// (docs/benchmarks.md). It samples one mutex contention in 10 and every
// blocking of 100 µs or more; stop closes the listener.
func servePprof(addr string, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, UsageErrorf("--pprof %s: %v (give a free HOST:PORT, e.g. 127.0.0.1:6060)", addr, err)
	}
	runtime.SetMutexProfileFraction(10)
	runtime.SetBlockProfileRate(int((100 * time.Microsecond).Nanoseconds()))
	hs := &http.Server{Handler: pprofMux(), ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	log.Info("profiles", "url", "http://"+ln.Addr().String()+"/debug/pprof/")
	return func() { hs.Close() }, nil
}

// pprofMux routes /debug/pprof/ to the runtime's profiles and
// /debug/phases to where actions spend their time (package phases).
func pprofMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("/debug/phases", phases.Handler())
	return mux
}
