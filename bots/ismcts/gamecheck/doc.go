// Package gamecheck runs the ISMCTS bot on every game in the games
// registry: its tests play each game to the end with the bot in every seat,
// and its benchmark measures the time of one decision at the default
// budget. It holds no code of its own; it keeps the real games out of the
// ismcts package's own tests, which use small games of their own.
package gamecheck
