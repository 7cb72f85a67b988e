package table

// Offer is a question put to a table's people that everyone asked must
// answer yes: a draw (from a seat, to the others) or a rematch (to every
// person at the end). One no ends it; so does its lapsing, which is the
// owner's call (a draw offer lapses when another seat moves).
type Offer struct {
	// From is the seat that made it.
	From int
	// Version is the table's version when it was made.
	Version int
	// asked[s]: seat s must agree; agreed[s]: it has.
	asked, agreed []bool
}

// NewOffer is seat from's offer at version to the seats asked (from agrees
// by offering).
func NewOffer(from, version int, asked []bool) *Offer {
	o := &Offer{From: from, Version: version, asked: append([]bool(nil), asked...), agreed: make([]bool, len(asked))}
	if from >= 0 && from < len(o.agreed) {
		o.agreed[from] = true
	}
	return o
}

// Asked reports whether seat must answer.
func (o *Offer) Asked(seat int) bool { return seat >= 0 && seat < len(o.asked) && o.asked[seat] }

// Agree records seat's yes and reports whether everyone asked has agreed.
func (o *Offer) Agree(seat int) bool {
	if o.Asked(seat) {
		o.agreed[seat] = true
	}
	return o.Done()
}

// Done reports whether everyone asked has agreed.
func (o *Offer) Done() bool {
	for s, a := range o.asked {
		if a && !o.agreed[s] {
			return false
		}
	}
	return true
}

// Agreed lists the seats that have said yes, the offering seat included.
func (o *Offer) Agreed() []int {
	out := []int{}
	for s, a := range o.agreed {
		if a {
			out = append(out, s)
		}
	}
	return out
}

// Waiting lists the seats asked that have not answered yet.
func (o *Offer) Waiting() []int {
	out := []int{}
	for s, a := range o.asked {
		if a && !o.agreed[s] {
			out = append(out, s)
		}
	}
	return out
}
