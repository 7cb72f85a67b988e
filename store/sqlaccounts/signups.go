package sqlaccounts

import (
	"context"
	"time"

	"cardtable/store"
)

// TakeSignUp counts one account made from address, unless most were made
// in its window already. The row's lock orders two sign-ups at once from
// one address, so the bound holds under concurrency.
func (a *Accounts) TakeSignUp(ctx context.Context, address string, most int, now time.Time) (bool, error) {
	ok := false
	err := a.write(ctx, func(ctx context.Context, tx Querier) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO signup_addresses (address, window_start, made)
			VALUES ($1, $2, 0) ON CONFLICT (address) DO NOTHING`, address, micros(now)); err != nil {
			return err
		}
		over := micros(now.Add(-store.SignUpWindow))
		n, err := affected(tx.ExecContext(ctx, `UPDATE signup_addresses SET
			made = CASE WHEN window_start <= $2 THEN 1 ELSE made + 1 END,
			window_start = CASE WHEN window_start <= $2 THEN $3 ELSE window_start END
			WHERE address = $1 AND (window_start <= $2 OR made < $4)`, address, over, micros(now), most))
		ok = n == 1
		return err
	})
	return ok, err
}

// ReturnSignUp gives back one counted sign-up of address.
func (a *Accounts) ReturnSignUp(ctx context.Context, address string) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		_, err := tx.ExecContext(ctx, `UPDATE signup_addresses SET made = made - 1 WHERE address = $1 AND made > 0`, address)
		return err
	})
}
