// Package migrate brings a store's database to the schema this program
// knows: numbered SQL files embedded in the binary (schema/NNNN_name.sql),
// each applied once, in order, in its own transaction, and recorded in the
// table cardtable_schema. Numbers are reserved ahead by the people writing
// them, so the files may leave a gap that a later file fills: a database
// gets every migration it lacks, not only those above its newest. The runner and the schema are portable SQL, so
// every store implementation (SQLite now, PostgreSQL later) uses them; an
// implementation that needs mutual exclusion between processes (a
// PostgreSQL advisory lock) takes it around Apply.
package migrate

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

//go:embed schema/*.sql
var files embed.FS

// ErrNewer: the database was brought to a schema newer than this
// program's; a newer cardtable wrote it.
var ErrNewer = errors.New("migrate: schema newer than this program's")

// Migration is one schema step.
type Migration struct {
	Version int
	Name    string
	// Statements are the file's statements, without their semicolons.
	Statements []string
}

// Schema returns the store's migrations, in order.
func Schema() []Migration {
	sub, err := fs.Sub(files, "schema")
	if err != nil {
		panic(err) // the embedded folder exists: a build error otherwise
	}
	ms, err := Load(sub)
	if err != nil {
		panic(err) // the embedded files are checked by the package's tests
	}
	return ms
}

// Latest is the schema version of ms (0 for none).
func Latest(ms []Migration) int {
	if len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].Version
}

// Load reads migrations from the .sql files of fsys's root, named
// NNNN_name.sql, numbered from 1, each number once (gaps allowed).
func Load(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var ms []Migration
	for i, name := range names {
		num, rest, ok := strings.Cut(strings.TrimSuffix(name, ".sql"), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || rest == "" {
			return nil, fmt.Errorf("migrate: %s: want a name like 0001_tables.sql", name)
		}
		switch {
		case v < 1:
			return nil, fmt.Errorf("migrate: %s: version %d; migrations are numbered from 1", name, v)
		case i > 0 && v == ms[i-1].Version:
			return nil, fmt.Errorf("migrate: %s and %s share version %d; give each migration its own number", ms[i-1].Name, name, v)
		}
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		stmts := split(string(text))
		if len(stmts) == 0 {
			return nil, fmt.Errorf("migrate: %s holds no statement", name)
		}
		ms = append(ms, Migration{Version: v, Name: path.Base(name), Statements: stmts})
	}
	return ms, nil
}

// split cuts a file into statements at semicolons ending a line, dropping
// comment lines and blank ones.
func split(text string) []string {
	var stmts []string
	var cur strings.Builder
	for line := range strings.SplitSeq(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "--") {
			continue
		}
		if cur.Len() > 0 {
			cur.WriteByte('\n')
		}
		cur.WriteString(strings.TrimRight(line, " \t\r"))
		if strings.HasSuffix(trimmed, ";") {
			stmts = append(stmts, strings.TrimSuffix(strings.TrimSpace(cur.String()), ";"))
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		stmts = append(stmts, s)
	}
	return stmts
}

// DB is what Apply needs of a database: *sql.DB and *sql.Conn both serve.
type DB interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

const versionTable = `CREATE TABLE IF NOT EXISTS cardtable_schema (
    version INTEGER NOT NULL PRIMARY KEY,
    name    TEXT    NOT NULL,
    applied BIGINT  NOT NULL
)`

// Version is db's schema version, its newest migration: 0 for a database
// without the version table or without any migration applied.
func Version(ctx context.Context, db DB) (int, error) {
	applied, err := Applied(ctx, db)
	if err != nil || len(applied) == 0 {
		return 0, err
	}
	return applied[len(applied)-1], nil
}

// Applied lists the versions applied to db, in order.
func Applied(ctx context.Context, db DB) ([]int, error) {
	if _, err := db.ExecContext(ctx, versionTable); err != nil {
		return nil, err
	}
	// A transaction, so the rows are read on one connection of db.
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT version FROM cardtable_schema ORDER BY version`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Apply applies the migrations of ms that db lacks, in order, each in its
// own transaction with its row in cardtable_schema, and returns the
// versions before and after. A database with a migration ms does not know
// (a newer cardtable wrote it) is refused with ErrNewer and left as it is.
func Apply(ctx context.Context, db DB, ms []Migration) (from, to int, err error) {
	applied, err := Applied(ctx, db)
	if err != nil {
		return 0, 0, err
	}
	known := map[int]bool{}
	for _, m := range ms {
		known[m.Version] = true
	}
	done := map[int]bool{}
	for _, v := range applied {
		done[v] = true
		from = max(from, v)
		if !known[v] {
			return from, from, fmt.Errorf("%w: the database has schema version %d, which this program does not know (it knows versions up to %d); run the newer cardtable that wrote it", ErrNewer, v, Latest(ms))
		}
	}
	to = from
	for _, m := range ms {
		if done[m.Version] {
			continue
		}
		if err := apply(ctx, db, m); err != nil {
			return from, to, err
		}
		to = max(to, m.Version)
	}
	return from, to, nil
}

func apply(ctx context.Context, db DB, m Migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, stmt := range m.Statements {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("migrate: %s: %w", m.Name, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO cardtable_schema (version, name, applied) VALUES ($1, $2, $3)`,
		m.Version, m.Name, time.Now().UTC().UnixMicro()); err != nil {
		return fmt.Errorf("migrate: %s: recording the version: %w", m.Name, err)
	}
	return tx.Commit()
}
