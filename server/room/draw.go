package room

import (
	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/conn"
	"cardtable/table"
)

// drawState is the table's open draw offer (nil: none) and the version
// of each seat's last one (at[s], -1: none).
type drawState struct {
	offer *table.Offer
	at    []int
}

// drawGap is how many actions a seat's draw offers must be apart, so an
// offer declined is not made again at once.
const drawGap = 10

// DrawMessage is the state of the table's draw offer, sent on joining and
// whenever it changes (docs/protocol.md, "Draw offers").
type DrawMessage struct {
	Type    string `json:"type"`
	Seat    int    `json:"seat"`
	Version int    `json:"version"`
	// Open: an offer stands, made by From at version Made; Agreed have said
	// yes (From included), Waiting must still answer.
	Open    bool  `json:"open"`
	From    int   `json:"from"`
	Made    int   `json:"made"`
	Agreed  []int `json:"agreed"`
	Waiting []int `json:"waiting"`
}

// offerMessage is seat's draw message (false: the table takes no draws).
func (r *Room) offerMessage(seat int) (DrawMessage, bool) {
	if !r.drawsAllowed() {
		return DrawMessage{}, false
	}
	m := DrawMessage{Type: "draw", Seat: seat, Version: r.t.Version(), From: -1, Made: -1, Agreed: []int{}, Waiting: []int{}}
	if d := r.draw.offer; d != nil {
		m.Open, m.From, m.Made, m.Agreed, m.Waiting = true, d.From, d.Version, d.Agreed(), d.Waiting()
	}
	return m, true
}

// sendOffer tells everyone the draw offer's state.
func (r *Room) sendOffer() {
	if !r.drawsAllowed() {
		return
	}
	r.broadcast(nil, func(seat int) any { m, _ := r.offerMessage(seat); return m })
}

// drawsAllowed reports whether the game takes draw offers: Watchtower's
// (War is all luck; Regicide is played together).
func (r *Room) drawsAllowed() bool { return r.game.Name() == "watchtower" }

// drawAsked is who must accept seat's draw offer: every other seat.
func (r *Room) drawAsked(from int) []bool {
	asked := make([]bool, r.t.NumSeats())
	for s := range asked {
		asked[s] = s != from
	}
	return asked
}

// offerDraw offers a draw from c's seat, or accepts the offer it was asked;
// the game ends drawn once every seat has agreed.
func (r *Room) offerDraw(c *conn.Conn) error {
	seat, err := r.seatOf(c, "offer a draw")
	if err != nil {
		return err
	}
	if !r.drawsAllowed() {
		return table.Sayf(CodeNotAllowed, engine.Say("room.no-draws", gameArg(r.game)), "%s takes no draw offers; draws are offered in Watchtower", r.game.Title())
	}
	at := r.rooms.Now()
	if d := r.draw.offer; d != nil {
		if !d.Asked(seat) {
			return table.Sayf(CodeNotAllowed, engine.Say("room.draw-stands"), "your draw offer stands; the others have not all answered")
		}
		if err := r.storeEvent(EventDrawAccept, seat, EventData{}, at); err != nil {
			return err
		}
		r.notify(EventDrawAccept, seat, engine.Say("table.event.draw-accept", engine.SeatArg("seat", seat)), at)
		if d.Agree(seat) {
			return r.endTable(record.Ending{By: record.EndAgreedDraw}, at)
		}
		r.sendOffer()
		return nil
	}
	for s, st := range r.hdr.Seats {
		if s != seat && st.Kind == table.KindBot {
			return table.Sayf(CodeNotAllowed, engine.Say("room.bot-no-draw", engine.TextArg("who", r.seatWho(s))), "a bot plays %s, and bots do not agree to draws", r.seatWho(s))
		}
	}
	if last := r.draw.at[seat]; last >= 0 && r.t.Version()-last < drawGap {
		return table.Sayf(CodeNotAllowed, engine.Say("room.draw-again", engine.NounArg("ago", r.t.Version()-last, "noun.actions"), engine.NounArg("gap", drawGap, "noun.actions")),
			"you offered a draw %d actions ago; offer again after %d actions", r.t.Version()-last, drawGap)
	}
	if err := r.storeEvent(EventDrawOffer, seat, EventData{}, at); err != nil {
		return err
	}
	r.draw.offer = table.NewOffer(seat, r.t.Version(), r.drawAsked(seat))
	r.draw.at[seat] = r.t.Version()
	r.notify(EventDrawOffer, seat, engine.Say("table.event.draw-offer", engine.SeatArg("seat", seat)), at)
	r.sendOffer()
	return nil
}

// drawDecline declines the draw offer c's seat was asked.
func (r *Room) drawDecline(c *conn.Conn) error {
	seat, err := r.seatOf(c, "decline a draw")
	if err != nil {
		return err
	}
	d := r.draw.offer
	if d == nil || !d.Asked(seat) {
		return table.Sayf(CodeNotAllowed, engine.Say("room.no-draw-offer"), "there is no draw offer for you to decline")
	}
	at := r.rooms.Now()
	if err := r.storeEvent(EventDrawDecline, seat, EventData{}, at); err != nil {
		return err
	}
	r.draw.offer = nil
	r.notify(EventDrawDecline, seat, engine.Say("table.event.draw-decline", engine.SeatArg("seat", seat)), at)
	r.sendOffer()
	return nil
}
