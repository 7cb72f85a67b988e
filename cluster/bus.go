package cluster

import (
	"time"

	"fmt"

	"github.com/nats-io/nats.go"
)

// Leads reports whether this node is the first, by id, of the nodes heard
// within two leases: the one that runs work the nodes share but one should
// do at a time (quick pairing's matching). Nodes may disagree for a moment
// (one just started, one just died); the work must be safe when two do it
// at once, and is merely done twice as often.
func (n *Node) Leads() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for id, at := range n.seen {
		if id < n.id && id != n.id && time.Since(at) < 2*n.lease {
			return false
		}
	}
	return true
}

// topicSubject is the NATS subject of a topic the nodes share.
func topicSubject(topic string) string { return "cardtable.topic." + topic }

// Broadcast sends data to every node listening on topic (this one too).
func (n *Node) Broadcast(topic string, data []byte) {
	if err := n.nc.Publish(topicSubject(topic), data); err != nil {
		n.log.Warn("broadcast not sent", "topic", topic, "err", err)
	}
}

// Listen hands f every message broadcast on topic until stop.
func (n *Node) Listen(topic string, f func(data []byte)) (stop func(), err error) {
	sub, err := n.nc.Subscribe(topicSubject(topic), func(m *nats.Msg) { f(m.Data) })
	if err != nil {
		return nil, fmt.Errorf("nats: listening on %s: %w", topic, err)
	}
	if err := n.nc.Flush(); err != nil {
		sub.Unsubscribe()
		return nil, fmt.Errorf("nats: listening on %s: %w", topic, err)
	}
	return func() { sub.Unsubscribe() }, nil
}
