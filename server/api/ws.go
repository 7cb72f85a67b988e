package api

import (
	"errors"
	"net/http"

	"cardtable/server/conn"
	"cardtable/server/room"
	"cardtable/server/secret"
)

// handleWS joins a seat (token) or a spectator to a table's room and
// serves the connection.
func (s *API) handleWS(w http.ResponseWriter, r *http.Request) {
	if err := conn.CheckUpgrade(w, r); err != nil {
		s.apiError(w, r, err)
		return
	}
	addr := s.addrs.Addr(r)
	if err := s.conns.Acquire(addr); err != nil {
		s.apiError(w, r, err)
		return
	}
	handed := false // to the connection's own goroutine, which releases addr's slot when it ends
	defer func() {
		if !handed {
			s.conns.Release(addr)
		}
	}()
	c := conn.New(s.connCfg, addr)
	token := ""
	if t := r.URL.Query().Get("token"); t != "" {
		token = secret.Hash(t)
	} else if u, err := s.accounts.CurrentUser(r); err == nil && u != nil {
		c.User = u.ID
	}
	rm, err := s.rooms.Join(r.Context(), r.PathValue("id"), c, token)
	if errors.Is(err, room.ErrRemote) {
		s.relays.Serve(w, r, c, token)
		return
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	ws, err := conn.Accept(w, r, s.log)
	if err != nil {
		c.Kick("", "")
		rm.Leave(c)
		return
	}
	handed = true
	c.Go(ws, rm, func() {
		rm.Leave(c)
		s.conns.Release(addr)
	})
}
