package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"cardtable/analysis"
	"cardtable/record"
)

// built is the library, built once for every test of the package.
var built struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// library builds libcardtable.so (and its header) into a temporary
// directory and returns the directory.
func library(t *testing.T) string {
	t.Helper()
	tool(t, "gcc", "cgo builds the library with it")
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "libcardtable"); built.err != nil {
			return
		}
		cmd := exec.Command(goTool(), "build", "-buildmode=c-shared", "-o", filepath.Join(built.dir, "libcardtable.so"), ".")
		built.out, built.err = cmd.CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build -buildmode=c-shared: %v\n%s", built.err, built.out)
	}
	return built.dir
}

// goTool is the go command that runs this test (go test puts its
// directory first on the PATH of the tests it runs).
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return "go"
}

// tool finds a program the test drives; under CI=true its absence fails
// the test, elsewhere it skips it.
func tool(t *testing.T, name, why string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing; .ci/run installs it (%s)", name, why)
		}
		t.Skipf("%s is not installed (%s)", name, why)
	}
	return p
}

// The C interface from a C program: a code and a sentence for every
// mistake, a whole game, records, and threads (testdata/abi.c).
func TestCInterface(t *testing.T) {
	gcc := tool(t, "gcc", "the C test of the library")
	dir := library(t)
	exe := filepath.Join(t.TempDir(), "abi")
	cmd := exec.Command(gcc, "-Wall", "-Werror", "-o", exe, "testdata/abi.c", "-I"+dir, "-L"+dir, "-lcardtable", "-lpthread", "-Wl,-rpath,"+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("the C test failed: %v\n%s", err, out)
	}
}

// python finds the interpreter: $CARDTABLE_PYTHON, else Debian's
// /usr/bin/python3 (which has python3-numpy), else python3 on the PATH.
func python(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CARDTABLE_PYTHON"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	return tool(t, "python3", "the Python package's tests")
}

// The Python package's tests (python/tests), twice: with NumPy, playing
// 1,000 games of each game against the engine's records, and without
// NumPy (CARDTABLE_NO_NUMPY=1). The records they write are then read by
// cardtable's replay and analysis.
func TestPython(t *testing.T) {
	py := python(t)
	dir := library(t)
	records := t.TempDir()
	pkg, err := filepath.Abs("../../python")
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PYTHONPATH="+pkg, "CARDTABLE_LIB="+filepath.Join(dir, "libcardtable.so"),
		"CARDTABLE_RECORD_DIR="+records, "PYTHONDONTWRITEBYTECODE=1")
	numpy := exec.Command(py, "-c", "import numpy").Run() == nil
	switch {
	case numpy:
		runPython(t, py, append(env, "CARDTABLE_EXPECT_NUMPY=1", "CARDTABLE_TEST_GAMES=1000"))
	case os.Getenv("CI") == "true":
		t.Fatalf("%s has no NumPy; .ci/run installs python3-numpy", py)
	default:
		t.Logf("%s has no NumPy: only the run without it", py)
	}
	runPython(t, py, append(env, "CARDTABLE_NO_NUMPY=1", "CARDTABLE_EXPECT_NUMPY=0", "CARDTABLE_TEST_GAMES=100"))
	checkRecords(t, records)
	checkExample(t, py, env)
}

// checkExample runs examples/regicide_learn.py for a few seconds: it
// trains, and prints the figures before and after beside the bots'.
func checkExample(t *testing.T, py string, env []string) {
	t.Helper()
	cmd := exec.Command(py, "examples/regicide_learn.py", "--minutes", "0.05", "--eval", "4")
	cmd.Dir, cmd.Env = "../..", env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("examples/regicide_learn.py: %v\n%s", err, out)
	}
	for _, want := range []string{"random bot ", "heuristic bot ", "agent before training ", "agent after training ", "training games"} {
		if !strings.Contains(string(out), want) {
			t.Fatalf("examples/regicide_learn.py does not print %q:\n%s", want, out)
		}
	}
}

func runPython(t *testing.T, py string, env []string) {
	t.Helper()
	cmd := exec.Command(py, "-m", "unittest", "discover", "-s", "tests", "-t", ".")
	cmd.Dir, cmd.Env = "../../python", env
	began := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python tests (%s): %v\n%s", strings.Join(env[len(env)-3:], " "), err, out)
	}
	t.Logf("python tests (%s) in %v: %s", strings.Join(env[len(env)-3:], " "), time.Since(began).Round(time.Second), lastLine(out))
}

func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lines[max(0, len(lines)-3):], " | ")
}

// checkRecords replays the records the Python tests saved, as cardtable
// replay does, and analyses War's and Regicide's as cardtable analyze does
// (a Watchtower game's analysis searches every decision, about a CPU-minute
// for a random game: the analysis package's own tests cover it).
func checkRecords(t *testing.T, dir string) {
	t.Helper()
	for _, game := range []string{"war", "regicide", "watchtower"} {
		f, err := os.Open(filepath.Join(dir, game+".json"))
		if err != nil {
			t.Fatalf("the Python tests saved no %s record: %v", game, err)
		}
		rec, err := record.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		final, _, err := record.Replay(rec)
		if err != nil || !final.Terminal() {
			t.Fatalf("%s: the record does not replay to a finished game: %v", game, err)
		}
		if game == "watchtower" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		doc, err := analysis.Analyze(ctx, rec, analysis.Options{})
		cancel()
		if err != nil || doc.Steps != len(rec.Actions) {
			t.Fatalf("%s: analysis of the record: %v", game, err)
		}
	}
}
