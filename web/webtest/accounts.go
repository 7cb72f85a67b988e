package webtest

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cardtable/accounts"
	"cardtable/server"
	"cardtable/store/memstore"
	"cardtable/web"
)

// NewAccountSite is NewSite with accounts on (docs/accounts.md): the site
// is at http://localhost:PORT, a name, because passkeys refuse an IP
// address; passwords are hashed with cheap parameters; the accounts' clock
// is now.
func NewAccountSite(t testing.TB, now func() time.Time) *Site {
	t.Helper()
	path := NeedChromium(t)
	st := memstore.New()
	srv := server.New(st, server.Config{Assets: web.Assets, BotDelay: 0,
		Limits: server.Limits{ConnRate: 1000, ConnBurst: 1000, APIRate: 1000, APIBurst: 1000, AddrRate: 10000, AddrBurst: 10000, OpenTables: 1000}})
	hs := httptest.NewUnstartedServer(nil)
	url := "http://localhost:" + hs.Listener.Addr().String()[strings.LastIndex(hs.Listener.Addr().String(), ":")+1:]
	fast := accounts.NewHasher(accounts.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, 2)
	if err := srv.UseAccounts(server.AccountsConfig{Origins: []string{url}, Now: now, Hasher: fast}); err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs.Config.Handler = srv.Handler()
	hs.Start()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		hs.Close()
	})
	return &Site{T: t, URL: url, Server: srv, Store: st, alloc: startBrowser(t, path)}
}
