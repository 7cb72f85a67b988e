// Command pairbot is a program that plays on a cardtable server as a bot
// account (docs/accounts.md, "Bot accounts"): it asks for quick pairing
// with the account's token, waits to be seated, then plays its seat over
// the WebSocket protocol (docs/protocol.md), choosing among the legal
// actions at random, and asks again, for as many games as told.
//
//	CARDTABLE_BOT_TOKEN=ctbot_... go run ./examples/pairbot -server http://localhost:8080 -choice watchtower-2-1m -games 10
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"time"
)

func main() {
	server := flag.String("server", "http://localhost:8080", "the server's address")
	choice := flag.String("choice", "watchtower-2-1m", "the quick-pairing grid's choice (GET /api/pairing lists them)")
	games := flag.Int("games", 1, "how many games to play")
	rated := flag.Bool("rated", false, "ask for rated games")
	flag.Parse()
	token := os.Getenv("CARDTABLE_BOT_TOKEN")
	if token == "" {
		log.Fatal("pairbot: set CARDTABLE_BOT_TOKEN to the bot account's token (its owner gets it on the account page)")
	}
	b := &Bot{Server: *server, Token: token, Client: http.DefaultClient, Rand: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))}
	for i := range *games {
		res, err := b.PlayOne(context.Background(), *choice, *rated)
		if err != nil {
			log.Fatalf("pairbot: game %d: %v", i+1, err)
		}
		fmt.Printf("game %d at %s, seat %d: %s\n", i+1, res.Table, res.Seat, res.End)
	}
}
