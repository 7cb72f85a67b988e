package tourney

// This file finds a maximum-weight matching of a general graph: Edmonds'
// blossom method with Galil's O(n³) primal-dual bookkeeping (Z. Galil,
// "Efficient algorithms for finding maximum matching in graphs", ACM
// Computing Surveys 1986), the formulation NetworkX and bbpPairings use.
// Swiss and arena pairings are matchings of the players who may meet,
// weighted by how well each pair fits (swiss.go, arena.go).
//
// Weights are integers; with integer weights every dual variable stays an
// integer (the slack of an edge between two outer vertices is even), so the
// arithmetic is exact. Edge endpoints are numbered: edge k has endpoints
// 2k (its first vertex) and 2k+1 (its second); endpoint p's other end is
// p^1.

// edge is one undirected edge of the graph to match.
type edge struct {
	u, v int
	w    int64
}

// labels of a blossom in the alternating forest.
const (
	free  = 0
	outer = 1 // an S-blossom: even distance from a free vertex
	inner = 2 // a T-blossom: odd distance
	// breadcrumb marks outer blossoms seen by scanBlossom (outer|4).
	breadcrumb = 5
)

// matcher holds one run of the algorithm. Vertices are 0..n-1, blossoms
// n..2n-1; "b" names either (a vertex is a trivial blossom).
type matcher struct {
	n     int
	edges []edge
	// endpoint[p] is the vertex at endpoint p; around[v] lists the endpoints
	// of v's edges that lie at the far side (the neighbour's endpoints).
	endpoint []int
	around   [][]int
	// mate[v] is the far endpoint of v's matched edge, or -1.
	mate []int
	// label and labelEnd: a top blossom's label and the endpoint through
	// which it got it (-1: a free root).
	label, labelEnd []int
	// inBlossom[v] is the top blossom holding vertex v.
	inBlossom []int
	parent    []int
	// children of a blossom in cycle order from its base, and the
	// endpoints linking child i to child i+1.
	children [][]int
	ends     [][]int
	base     []int
	// bestEdge[b] is the least-slack edge from b to an outer blossom;
	// blossomBest[b] those edges of a non-trivial outer blossom by
	// neighbouring blossom.
	bestEdge    []int
	blossomBest [][]int
	unused      []int
	dual        []int64
	allowed     []bool
	queue       []int
}

// maxWeightMatching returns mate[v] (the vertex matched to v, or -1) for a
// matching of the n vertices with the greatest number of edges and, among
// those, the greatest total weight.
func maxWeightMatching(n int, edges []edge) []int {
	m := newMatcher(n, edges)
	for range n {
		if !m.stage() {
			break
		}
	}
	out := make([]int, n)
	for v := range n {
		out[v] = -1
		if m.mate[v] >= 0 {
			out[v] = m.endpoint[m.mate[v]]
		}
	}
	return out
}

func newMatcher(n int, edges []edge) *matcher {
	m := &matcher{n: n, edges: edges}
	var top int64
	for _, e := range edges {
		top = max(top, e.w)
	}
	m.endpoint = make([]int, 2*len(edges))
	m.around = make([][]int, n)
	for k, e := range edges {
		m.endpoint[2*k], m.endpoint[2*k+1] = e.u, e.v
		m.around[e.u] = append(m.around[e.u], 2*k+1)
		m.around[e.v] = append(m.around[e.v], 2*k)
	}
	m.mate = filled(n, -1)
	m.label = make([]int, 2*n)
	m.labelEnd = filled(2*n, -1)
	m.inBlossom = make([]int, n)
	m.base = filled(2*n, -1)
	for v := range n {
		m.inBlossom[v], m.base[v] = v, v
	}
	m.parent = filled(2*n, -1)
	m.children = make([][]int, 2*n)
	m.ends = make([][]int, 2*n)
	m.bestEdge = filled(2*n, -1)
	m.blossomBest = make([][]int, 2*n)
	for b := 2*n - 1; b >= n; b-- {
		m.unused = append(m.unused, b)
	}
	m.dual = make([]int64, 2*n)
	for v := range n {
		m.dual[v] = top
	}
	m.allowed = make([]bool, len(edges))
	return m
}

func filled(n, x int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = x
	}
	return s
}

func (m *matcher) slack(k int) int64 {
	e := m.edges[k]
	return m.dual[e.u] + m.dual[e.v] - 2*e.w
}

// leaves calls fn for every vertex inside blossom b.
func (m *matcher) leaves(b int, fn func(v int)) {
	if b < m.n {
		fn(b)
		return
	}
	for _, c := range m.children[b] {
		m.leaves(c, fn)
	}
}

// assignLabel labels w's top blossom t (outer or inner) reached through
// endpoint p; an inner blossom's mate becomes outer.
func (m *matcher) assignLabel(w, t, p int) {
	b := m.inBlossom[w]
	m.label[w], m.label[b] = t, t
	m.labelEnd[w], m.labelEnd[b] = p, p
	m.bestEdge[w], m.bestEdge[b] = -1, -1
	if t == outer {
		m.leaves(b, func(v int) { m.queue = append(m.queue, v) })
		return
	}
	mb := m.mate[m.base[b]]
	m.assignLabel(m.endpoint[mb], outer, mb^1)
}

// scanBlossom walks up from outer vertices v and w towards their roots;
// it returns the base of the blossom their edge closes, or -1 when the
// roots differ (an augmenting path).
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	found := -1
	for v != -1 || w != -1 {
		b := m.inBlossom[v]
		if m.label[b]&4 != 0 {
			found = m.base[b]
			break
		}
		path = append(path, b)
		m.label[b] = breadcrumb
		if m.labelEnd[b] == -1 {
			v = -1
		} else {
			t := m.inBlossom[m.endpoint[m.labelEnd[b]]]
			v = m.endpoint[m.labelEnd[t]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = outer
	}
	return found
}

// addBlossom makes a new outer blossom of the cycle closed by edge k,
// whose base is vertex b0.
func (m *matcher) addBlossom(b0, k int) {
	e := m.edges[k]
	bb, bv, bw := m.inBlossom[b0], m.inBlossom[e.u], m.inBlossom[e.v]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.base[b], m.parent[b], m.parent[bb] = b0, -1, b
	var path, ends []int
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		ends = append(ends, m.labelEnd[bv])
		bv = m.inBlossom[m.endpoint[m.labelEnd[bv]]]
	}
	path = append(path, bb)
	reverse(path)
	reverse(ends)
	ends = append(ends, 2*k)
	for bw != bb {
		m.parent[bw] = b
		path = append(path, bw)
		ends = append(ends, m.labelEnd[bw]^1)
		bw = m.inBlossom[m.endpoint[m.labelEnd[bw]]]
	}
	m.children[b], m.ends[b] = path, ends
	m.label[b], m.labelEnd[b], m.dual[b] = outer, m.labelEnd[bb], 0
	m.leaves(b, func(v int) {
		if m.label[m.inBlossom[v]] == inner {
			m.queue = append(m.queue, v)
		}
		m.inBlossom[v] = b
	})
	m.bestEdges(b, path)
}

// bestEdges computes the new blossom b's least-slack edges to each
// neighbouring outer blossom from its children's.
func (m *matcher) bestEdges(b int, path []int) {
	to := filled(2*m.n, -1)
	consider := func(k int) {
		e := m.edges[k]
		j := e.v
		if m.inBlossom[j] == b {
			j = e.u
		}
		bj := m.inBlossom[j]
		if bj != b && m.label[bj] == outer && (to[bj] == -1 || m.slack(k) < m.slack(to[bj])) {
			to[bj] = k
		}
	}
	for _, c := range path {
		if m.blossomBest[c] == nil {
			m.leaves(c, func(v int) {
				for _, p := range m.around[v] {
					consider(p / 2)
				}
			})
		} else {
			for _, k := range m.blossomBest[c] {
				consider(k)
			}
		}
		m.blossomBest[c], m.bestEdge[c] = nil, -1
	}
	best := []int{}
	m.bestEdge[b] = -1
	for _, k := range to {
		if k == -1 {
			continue
		}
		best = append(best, k)
		if m.bestEdge[b] == -1 || m.slack(k) < m.slack(m.bestEdge[b]) {
			m.bestEdge[b] = k
		}
	}
	m.blossomBest[b] = best
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// expandBlossom dissolves blossom b into its children; mid-stage (not
// endStage) an inner blossom's children are relabelled along the path
// from its entry to its base.
func (m *matcher) expandBlossom(b int, endStage bool) {
	for _, s := range m.children[b] {
		m.parent[s] = -1
		switch {
		case s < m.n:
			m.inBlossom[s] = s
		case endStage && m.dual[s] == 0:
			m.expandBlossom(s, endStage)
		default:
			m.leaves(s, func(v int) { m.inBlossom[v] = s })
		}
	}
	if !endStage && m.label[b] == inner {
		m.relabelExpanded(b)
	}
	m.label[b], m.labelEnd[b] = -1, -1
	m.children[b], m.ends[b], m.blossomBest[b] = nil, nil, nil
	m.base[b], m.bestEdge[b] = -1, -1
	m.unused = append(m.unused, b)
}

// relabelExpanded relabels the children of an inner blossom b being
// expanded: the even path from the child it was entered by to its base
// keeps the alternating tree; the other children become free unless an
// inner label reaches them from outside.
func (m *matcher) relabelExpanded(b int) {
	kids, ends := m.children[b], m.ends[b]
	entry := m.inBlossom[m.endpoint[m.labelEnd[b]^1]]
	j := index(kids, entry)
	step, trick := -1, 1
	if j&1 != 0 {
		j -= len(kids)
		step, trick = 1, 0
	}
	at := func(i int) int { return (i + len(kids)) % len(kids) }
	p := m.labelEnd[b]
	for j != 0 {
		m.label[m.endpoint[p^1]] = free
		q := ends[at(j-trick)] ^ trick ^ 1
		m.label[m.endpoint[q]] = free
		m.assignLabel(m.endpoint[p^1], inner, p)
		m.allowed[ends[at(j-trick)]/2] = true
		j += step
		p = ends[at(j-trick)] ^ trick
		m.allowed[p/2] = true
		j += step
	}
	bv := kids[at(j)]
	m.label[m.endpoint[p^1]], m.label[bv] = inner, inner
	m.labelEnd[m.endpoint[p^1]], m.labelEnd[bv] = p, p
	m.bestEdge[bv] = -1
	j += step
	for kids[at(j)] != entry {
		bv := kids[at(j)]
		j += step
		if m.label[bv] == outer {
			continue
		}
		reached := -1
		m.leaves(bv, func(v int) {
			if reached == -1 && m.label[v] != free {
				reached = v
			}
		})
		if reached != -1 {
			m.label[reached] = free
			m.label[m.endpoint[m.mate[m.base[bv]]]] = free
			m.assignLabel(reached, inner, m.labelEnd[reached])
		}
	}
}

func index(s []int, x int) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

// augmentBlossom swaps matched and unmatched edges inside blossom b along
// the even path from vertex v to its base, making v the new base.
func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	kids, ends := m.children[b], m.ends[b]
	i := index(kids, t)
	j := i
	step, trick := -1, 1
	if i&1 != 0 {
		j -= len(kids)
		step, trick = 1, 0
	}
	at := func(i int) int { return (i + len(kids)) % len(kids) }
	for j != 0 {
		j += step
		t = kids[at(j)]
		p := ends[at(j-trick)] ^ trick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += step
		t = kids[at(j)]
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.children[b] = append(append([]int{}, kids[i:]...), kids[:i]...)
	m.ends[b] = append(append([]int{}, ends[i:]...), ends[:i]...)
	m.base[b] = m.base[m.children[b][0]]
}

// augmentMatching flips the augmenting path through edge k, from both of
// its ends back to their free roots.
func (m *matcher) augmentMatching(k int) {
	e := m.edges[k]
	for _, sp := range [2][2]int{{e.u, 2*k + 1}, {e.v, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.inBlossom[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelEnd[bs] == -1 {
				break
			}
			t := m.endpoint[m.labelEnd[bs]]
			bt := m.inBlossom[t]
			s = m.endpoint[m.labelEnd[bt]]
			j := m.endpoint[m.labelEnd[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelEnd[bt]
			p = m.labelEnd[bt] ^ 1
		}
	}
}

// stage grows alternating trees from every free vertex until it augments
// the matching (true) or proves no augmenting path is left (false).
func (m *matcher) stage() bool {
	for b := range m.label {
		m.label[b], m.bestEdge[b] = free, -1
	}
	for b := m.n; b < 2*m.n; b++ {
		m.blossomBest[b] = nil
	}
	clear(m.allowed)
	m.queue = m.queue[:0]
	for v := range m.n {
		if m.mate[v] == -1 && m.label[m.inBlossom[v]] == free {
			m.assignLabel(v, outer, -1)
		}
	}
	for {
		if m.scan() {
			break
		}
		if !m.moveDuals() {
			return false
		}
	}
	// Outer blossoms whose dual reached zero are dissolved between stages.
	for b := m.n; b < 2*m.n; b++ {
		if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == outer && m.dual[b] == 0 {
			m.expandBlossom(b, true)
		}
	}
	return true
}

// scan explores the queued outer vertices' tight edges; true once it
// augmented the matching.
func (m *matcher) scan() bool {
	for len(m.queue) > 0 {
		v := m.queue[len(m.queue)-1]
		m.queue = m.queue[:len(m.queue)-1]
		for _, p := range m.around[v] {
			k, w := p/2, m.endpoint[p]
			if m.inBlossom[v] == m.inBlossom[w] {
				continue
			}
			var ks int64
			if !m.allowed[k] {
				if ks = m.slack(k); ks <= 0 {
					m.allowed[k] = true
				}
			}
			bw := m.inBlossom[w]
			switch {
			case m.allowed[k] && m.label[bw] == free:
				m.assignLabel(w, inner, p^1)
			case m.allowed[k] && m.label[bw] == outer:
				if b0 := m.scanBlossom(v, w); b0 >= 0 {
					m.addBlossom(b0, k)
				} else {
					m.augmentMatching(k)
					return true
				}
			case m.allowed[k] && m.label[w] == free:
				m.label[w], m.labelEnd[w] = inner, p^1
			case m.allowed[k]:
			case m.label[bw] == outer:
				b := m.inBlossom[v]
				if m.bestEdge[b] == -1 || ks < m.slack(m.bestEdge[b]) {
					m.bestEdge[b] = k
				}
			case m.label[w] == free:
				if m.bestEdge[w] == -1 || ks < m.slack(m.bestEdge[w]) {
					m.bestEdge[w] = k
				}
			}
		}
	}
	return false
}

// moveDuals changes the dual variables by the largest step that keeps
// them feasible and acts on the constraint that stopped it: a new tight
// edge, an inner blossom to expand; false when the stage is over (no
// augmenting path exists: the matching has the most edges).
func (m *matcher) moveDuals() bool {
	kind, delta, at := -1, int64(0), -1
	for v := range m.n {
		if m.label[m.inBlossom[v]] == free && m.bestEdge[v] != -1 {
			if d := m.slack(m.bestEdge[v]); kind == -1 || d < delta {
				kind, delta, at = 2, d, m.bestEdge[v]
			}
		}
	}
	for b := range 2 * m.n {
		if m.parent[b] == -1 && m.label[b] == outer && m.bestEdge[b] != -1 {
			if d := m.slack(m.bestEdge[b]) / 2; kind == -1 || d < delta {
				kind, delta, at = 3, d, m.bestEdge[b]
			}
		}
	}
	for b := m.n; b < 2*m.n; b++ {
		if m.base[b] >= 0 && m.parent[b] == -1 && m.label[b] == inner && (kind == -1 || m.dual[b] < delta) {
			kind, delta, at = 4, m.dual[b], b
		}
	}
	if kind == -1 {
		// No edge or blossom limits the step: the trees cannot grow. Move the
		// duals by what keeps every vertex's dual non-negative and stop.
		kind = 1
		delta = m.dual[0]
		for v := range m.n {
			delta = min(delta, m.dual[v])
		}
		delta = max(0, delta)
	}
	for v := range m.n {
		switch m.label[m.inBlossom[v]] {
		case outer:
			m.dual[v] -= delta
		case inner:
			m.dual[v] += delta
		}
	}
	for b := m.n; b < 2*m.n; b++ {
		if m.base[b] >= 0 && m.parent[b] == -1 {
			switch m.label[b] {
			case outer:
				m.dual[b] += delta
			case inner:
				m.dual[b] -= delta
			}
		}
	}
	switch kind {
	case 1:
		return false
	case 2, 3:
		m.allowed[at] = true
		e := m.edges[at]
		u := e.u
		if m.label[m.inBlossom[u]] != outer {
			u = e.v
		}
		m.queue = append(m.queue, u)
	case 4:
		m.expandBlossom(at, false)
	}
	return true
}
