package room

import (
	"context"
	"net/http"

	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/httpjson"
	"cardtable/store"
	"cardtable/table"
)

// FinishedRecord is the record of a finished table as its players were
// shown it, with its header and events; an unfinished one is refused,
// since its record would show hidden cards and the deck's order, and so is
// a daily deal's until its day is over.
func (s *Rooms) FinishedRecord(ctx context.Context, id string) (store.Table, *record.Record, []store.Event, error) {
	hdr, err := s.store.Table(ctx, id)
	if err != nil {
		return store.Table{}, nil, nil, err
	}
	if hdr.Result == nil {
		return store.Table{}, nil, nil, httpjson.Sayf(http.StatusConflict, "not-finished", engine.Say("room.not-finished", engine.TextArg("id", id)), "table %s is still being played; its record and replay open once the game is over", id)
	}
	if hdr.Daily != "" && !s.cfg.DayOver(hdr.Daily) {
		return store.Table{}, nil, nil, ErrDailyHidden(hdr.Daily)
	}
	acts, err := s.store.Actions(ctx, id)
	if err != nil {
		return store.Table{}, nil, nil, err
	}
	evs, err := s.store.Events(ctx, id)
	if err != nil {
		return store.Table{}, nil, nil, err
	}
	rec, err := ShownRecord(s.games[hdr.Game], hdr, StoredRecord(hdr, acts, evs))
	if err != nil {
		return store.Table{}, nil, nil, err
	}
	return hdr, rec, evs, nil
}

// StoredRecord is the record of a stored table: its header, actions and
// the ending its events give (a resignation, an abort...).
func StoredRecord(hdr store.Table, acts []store.Action, evs []store.Event) *record.Record {
	seed := hdr.Seed
	rec := &record.Record{Version: record.Version, Game: hdr.Game, Options: hdr.Options, Seed: &seed, Actions: make([]record.Action, len(acts))}
	for i, a := range acts {
		rec.Actions[i] = record.Action{Seat: a.Seat, Action: a.Action}
	}
	for _, st := range SeatInfos(hdr.Seats) {
		rec.Seats = append(rec.Seats, record.Seat{Name: st.Name, Bot: st.Bot})
	}
	rec.Result = hdr.Result
	rec.Ending = storedEnding(evs)
	if l := LessonOf(hdr); l != nil {
		for _, c := range l.Setup().Deck {
			rec.Deal = append(rec.Deal, c.String())
		}
	}
	return rec
}

// SeatInfos is how the table names stored seats: an unclaimed seat by its
// number.
func SeatInfos(seats []store.Seat) []table.SeatInfo {
	out := make([]table.SeatInfo, len(seats))
	for i, st := range seats {
		out[i] = table.SeatInfo{Name: st.Name, Kind: st.Kind, Bot: st.Bot}
		if out[i].Name == "" {
			out[i].Name = table.SeatName(i)
		}
	}
	return out
}

// ShownRecord is a finished table's record as its players were shown it:
// the store keeps a simultaneous window's answers in the order they came
// (each stored before its seat was told), the record shows them in seat
// order, as the table did when the window closed (table.Resume puts them
// so).
func ShownRecord(g engine.Game, hdr store.Table, rec *record.Record) (*record.Record, error) {
	t, err := table.Resume(g, rec, SeatInfos(hdr.Seats))
	if err != nil {
		return nil, err
	}
	out := *rec
	out.Actions = t.Record().Actions
	return &out, nil
}

// ErrDailyHidden refuses to show a game of day's daily deal while the day
// goes on (403 daily-hidden).
func ErrDailyHidden(day string) error {
	return httpjson.Sayf(http.StatusForbidden, "daily-hidden", engine.Say("room.daily-hidden", engine.TextArg("day", day)), "this is a game of the daily deal of %s: it may be watched and replayed once the day is over (midnight UTC)", day)
}
