package server

import (
	"context"
	"errors"
	"net/http"

	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/server/secret"
)

// handleWS joins a seat (token) or a spectator to a table's room and
// serves the connection.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	if err := upgradeError(w, r); err != nil {
		s.apiError(w, r, err)
		return
	}
	addr := s.addrs.Addr(r)
	if err := s.conns.Acquire(addr); err != nil {
		s.apiError(w, r, err)
		return
	}
	defer s.conns.Release(addr)
	c := conn.New(s.connCfg, addr)
	token := ""
	if t := r.URL.Query().Get("token"); t != "" {
		token = secret.Hash(t)
	} else if u, err := s.currentUser(r); err == nil && u != nil {
		c.User = u.ID
	}
	rm, err := s.join(r.Context(), r.PathValue("id"), c, token)
	if errors.Is(err, errRemote) {
		s.relay(w, r, c, token)
		return
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	defer rm.send(leaveReq{c: c})
	ws, err := s.acceptWS(w, r)
	if err != nil {
		c.Kick("", "")
		return
	}
	c.Serve(ws, rm, nil)
}

// join seats c at table id's room. A room that retires (a finished game
// nobody watched) as c arrives is loaded again.
func (s *Server) join(ctx context.Context, id string, c *conn.Conn, token string) (*room, error) {
	for {
		rm, err := s.room(ctx, id)
		if err != nil {
			return nil, err
		}
		reply := make(chan error, 1)
		if rm.send(joinReq{c: c, token: token, reply: reply}) {
			select {
			case err := <-reply:
				return rm, err
			case <-rm.done:
			}
		}
		if s.draining.Load() {
			return nil, httpjson.ErrShuttingDown
		}
	}
}
