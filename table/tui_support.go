package table

// Check says whether seat's action text would be accepted now, changing
// nothing, and returns it in the game's canonical notation. A terminal
// collecting a simultaneous window (Slap War, Regicide's signals) checks
// each person's answer when it is given, before the window is applied.
func (t *Table) Check(seat int, text string) (string, error) {
	a, err := t.check(seat, text)
	if err != nil {
		return "", err
	}
	if err := t.state.Clone().Apply(seat, a); err != nil {
		return "", refusal(err)
	}
	return t.state.ActionString(a), nil
}
