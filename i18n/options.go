package i18n

import "cardtable/engine"

// Game names the game called name ("war") in p's language: "War",
// "Rhyfel".
func (p *Printer) Game(name string) string {
	return p.orEnglish().T("game." + name + ".title")
}

// OptionHelp says what option o of game does, in p's language (the game's
// own English when no message says it).
func (p *Printer) OptionHelp(game string, o engine.Option) string {
	p = p.orEnglish()
	id := "option." + game + "." + o.Key
	if _, ok := messagesOf(Default)[id]; !ok {
		return o.Help
	}
	return p.T(id)
}

// Accepts says which values option o takes, in p's language: what
// engine.Option.Accepts says in English. Values typed as they are (enum
// values, "off", "random", durations) stay as they are.
func (p *Printer) Accepts(o engine.Option) string {
	p = p.orEnglish()
	return p.AcceptsMarked(o, func(v string) string { return v })
}

// AcceptsMarked is Accepts with each value typed as it is passed through
// mark (a page sets them as code).
func (p *Printer) AcceptsMarked(o engine.Option, mark func(string) string) string {
	return p.orEnglish().Say(o.AcceptsMsg(mark))
}
