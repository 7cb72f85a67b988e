package sqlite

import (
	"database/sql"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// TestDamagedWAL pins what docs/server.md says a damaged -wal file does:
// SQLite keeps every commit that ended before the first damaged frame and
// drops that frame and everything after it, intact frames included; the
// database opens without an error and passes integrity_check; a damaged
// WAL header drops the whole WAL.
func TestDamagedWAL(t *testing.T) {
	dir := t.TempDir()
	orig := filepath.Join(dir, "a.db")
	db, err := sql.Open("sqlite", "file:"+orig)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	defer db.Close()
	// Never checkpointed, so every commit is in the WAL; one row a commit.
	for _, q := range []string{"PRAGMA journal_mode=WAL", "PRAGMA wal_autocheckpoint=0", "CREATE TABLE t (i INTEGER PRIMARY KEY, pad BLOB)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	const rows = 10
	for i := 1; i <= rows; i++ {
		if _, err := db.Exec(`INSERT INTO t VALUES (?, zeroblob(3000))`, i); err != nil {
			t.Fatal(err)
		}
	}
	// The files as a crash leaves them: the connection is still open.
	main, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	wal, err := os.ReadFile(orig + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	pageSize := int(binary.BigEndian.Uint32(wal[8:12]))
	frame := func(i int) int { return 32 + i*(24+pageSize) }
	var commits []int // the frame ending each commit: the table, then row 1, 2, ...
	for i := 0; frame(i+1) <= len(wal); i++ {
		if binary.BigEndian.Uint32(wal[frame(i)+4:frame(i)+8]) != 0 {
			commits = append(commits, i)
		}
	}
	if len(commits) != rows+1 {
		t.Fatalf("%d commits in the WAL; want %d", len(commits), rows+1)
	}
	// open writes a copy with the WAL changed by damage and counts its rows.
	open := func(name string, damage func(w []byte) []byte) (int, string) {
		path := filepath.Join(dir, name+".db")
		if err := os.WriteFile(path, main, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path+"-wal", damage(append([]byte(nil), wal...)), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		var n int
		if err := c.QueryRow(`SELECT count(*) FROM t`).Scan(&n); err != nil {
			return -1, err.Error()
		}
		var check string
		c.QueryRow(`PRAGMA integrity_check`).Scan(&check)
		return n, check
	}
	if n, check := open("whole", func(w []byte) []byte { return w }); n != rows || check != "ok" {
		t.Fatalf("undamaged: %d rows, %s", n, check)
	}
	for _, row := range []int{4, 7} {
		// One byte of the first frame of the commit inserting row: rows
		// before it stay, it and every later row go.
		n, check := open("damaged", func(w []byte) []byte {
			w[frame(commits[row-1]+1)+24+100] ^= 0xff
			return w
		})
		if n != row-1 || check != "ok" {
			t.Errorf("damage in row %d's commit: %d rows (%s); want %d, ok", row, n, check, row-1)
		}
	}
	n, check := open("cut", func(w []byte) []byte { return w[:frame(commits[8]+1)+1000] })
	if n != 8 || check != "ok" {
		t.Errorf("WAL cut inside row 9's commit: %d rows (%s); want 8", n, check)
	}
	if n, msg := open("header", func(w []byte) []byte { w[20] ^= 0xff; return w }); n != -1 {
		t.Errorf("damaged WAL header: %d rows (%s); want the whole WAL dropped (no table)", n, msg)
	}
}
