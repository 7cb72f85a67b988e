package ismcts

import "cardtable/engine"

// NodeStat describes one node of a worker's tree, for tests.
type NodeStat struct {
	Depth, Seat   int
	Action        engine.Action
	Visits, Avail int
	ParentVisits  int
	ChildVisits   int // sum over the node's children
}

// TreeStats lists every node below the root of worker i's last search.
func TreeStats(b *Bot, i int) []NodeStat {
	w := b.workers[i]
	var out []NodeStat
	var walk func(id int32, depth int)
	walk = func(id int32, depth int) {
		parent := &w.nodes[id]
		for ch := parent.firstChild; ch != none; ch = w.nodes[ch].next {
			n := &w.nodes[ch]
			st := NodeStat{Depth: depth, Seat: int(n.seat), Action: n.action, Visits: int(n.visits), Avail: int(n.avail), ParentVisits: int(parent.visits)}
			for g := n.firstChild; g != none; g = w.nodes[g].next {
				st.ChildVisits += int(w.nodes[g].visits)
			}
			out = append(out, st)
			walk(ch, depth+1)
		}
	}
	walk(0, 1)
	return out
}
