package server_test

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// serverRanks are the server's packages by rank (docs/server.md,
// "Architecture"): a package under server/ may import only packages of a
// lower rank, so imports run one way — the wiring on top, the table actor
// in the middle, infrastructure at the bottom.
var serverRanks = map[string]int{
	"server/httpjson":     0,
	"server/thinkpool":    0,
	"server/metrics":      0,
	"server/clientaddr":   0,
	"server/secret":       0,
	"server/rulespage":    0,
	"server/testclock":    0,
	"server/msgtest":      0,
	"server/page":         1,
	"server/ratelimit":    1,
	"server/usertext":     1,
	"server/bottoken":     1,
	"server/conn":         2,
	"server/room":         3,
	"server/relay":        4,
	"server/analyse":      4,
	"server/account/auth": 4,
	"server/account":      5,
	"server/api":          6,
	"server/botapi":       6,
	"server/pairing":      6,
	"server/tournament":   6,
	"server":              7,
	"server/servertest":   8,
	"server/loadtest":     8,
	"server/clocktest":    8,
}

// outsideMay are the server's packages that packages outside server/ may
// import: the wiring and what it hands out (the room's Cluster seam, the
// test harness, the load generator, the test clock, the proxies' parser).
var outsideMay = []string{"server", "server/room", "server/servertest", "server/loadtest", "server/testclock", "server/clientaddr"}

type listedPackage struct {
	ImportPath string
	Doc        string
	Imports    []string
}

// modulePackages lists the module's packages with their (non-test)
// imports, as `go list` sees them.
func modulePackages(t *testing.T) []listedPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "cardtable/...").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v (the go tool must be on PATH)", err)
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		p.ImportPath = strings.TrimPrefix(p.ImportPath, "cardtable/")
		var imps []string
		for _, q := range p.Imports {
			if rest, ok := strings.CutPrefix(q, "cardtable/"); ok {
				imps = append(imps, rest)
			}
		}
		p.Imports = imps
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages; run the test from the module", len(pkgs))
	}
	return pkgs
}

func isServer(p string) bool { return p == "server" || strings.HasPrefix(p, "server/") }

// TestImportLayers holds the server's packages to their ranks, keeps the
// rest of the module to the server's front doors, asks every package
// under server/ for a doc comment (its one job), and finds no circle
// between the module's top-level folders (a package's imports, not its
// tests').
func TestImportLayers(t *testing.T) {
	pkgs := modulePackages(t)
	folders := map[string]map[string]bool{}
	for _, p := range pkgs {
		top, _, _ := strings.Cut(p.ImportPath, "/")
		for _, q := range p.Imports {
			qtop, _, _ := strings.Cut(q, "/")
			if qtop != top {
				if folders[top] == nil {
					folders[top] = map[string]bool{}
				}
				folders[top][qtop] = true
			}
		}
		if !isServer(p.ImportPath) {
			for _, q := range p.Imports {
				if isServer(q) && !slices.Contains(outsideMay, q) {
					t.Errorf("%s imports %s: outside server/, import the server's front doors only (%s)", p.ImportPath, q, strings.Join(outsideMay, ", "))
				}
			}
			continue
		}
		rank, ok := serverRanks[p.ImportPath]
		if !ok {
			t.Errorf("%s has no rank: give it one in serverRanks and in docs/server.md's architecture table", p.ImportPath)
			continue
		}
		if strings.TrimSpace(p.Doc) == "" {
			t.Errorf("%s has no package doc comment saying its one job", p.ImportPath)
		}
		for _, q := range p.Imports {
			if !isServer(q) {
				continue
			}
			if qr, ok := serverRanks[q]; ok && qr >= rank {
				t.Errorf("%s (rank %d) imports %s (rank %d): imports run down only", p.ImportPath, rank, q, qr)
			}
		}
	}
	if c := folderCircle(folders); c != nil {
		t.Errorf("the top-level folders import in a circle: %s", strings.Join(c, " → "))
	}
}

// folderCircle is one circle in the graph of folders, first folder
// repeated at the end (nil: none).
func folderCircle(g map[string]map[string]bool) []string {
	const (
		unseen = iota
		open
		closed
	)
	state := map[string]int{}
	var path []string
	var visit func(f string) []string
	visit = func(f string) []string {
		state[f] = open
		path = append(path, f)
		next := make([]string, 0, len(g[f]))
		for q := range g[f] {
			next = append(next, q)
		}
		slices.Sort(next)
		for _, q := range next {
			switch state[q] {
			case open:
				i := slices.Index(path, q)
				return append(slices.Clone(path[i:]), q)
			case unseen:
				if c := visit(q); c != nil {
					return c
				}
			}
		}
		path = path[:len(path)-1]
		state[f] = closed
		return nil
	}
	roots := make([]string, 0, len(g))
	for f := range g {
		roots = append(roots, f)
	}
	slices.Sort(roots)
	for _, f := range roots {
		if state[f] == unseen {
			if c := visit(f); c != nil {
				return c
			}
		}
	}
	return nil
}

// TestFolderCircleFound: the circle finder finds the circle issue 26
// found (server → web, web → server) and none in a line.
func TestFolderCircleFound(t *testing.T) {
	circle := map[string]map[string]bool{"cmd": {"server": true}, "server": {"web": true, "store": true}, "web": {"server": true}}
	if c := folderCircle(circle); strings.Join(c, " ") != "server web server" {
		t.Errorf("folderCircle = %v, want server → web → server", c)
	}
	line := map[string]map[string]bool{"cmd": {"server": true}, "server": {"store": true}, "web": {"engine": true}}
	if c := folderCircle(line); c != nil {
		t.Errorf("folderCircle = %v in a graph without a circle", c)
	}
}
