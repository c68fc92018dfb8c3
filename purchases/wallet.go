package purchases

import (
	"context"

	"fuelportal"
	"fuelportal/store"
)

// walletMoved publishes wallet.low when a debit or a hold (m, read with
// the wallet's update) took its company's wallet across the owner's
// threshold, from at or above it to below, in the debit's transaction
// (the webhook event, a WALLET_LOW alert and the owners' pushes follow
// from it). Debits of one wallet, and holds near its threshold, are
// serialised by its row's lock (store/hold.go), so one crossing is told
// once; the next is told after a credit lifted the balance to the
// threshold again. A move without a threshold (none set, or an unguarded
// debit's) tells nothing.
func walletMoved(ctx context.Context, tx *store.Tx, m store.WalletMove) error {
	if !m.Threshold.Valid || m.Before < m.Threshold.Int64 || m.After >= m.Threshold.Int64 {
		return nil
	}
	threshold := m.Threshold.Int64
	n := fuelportal.WalletLowNotice(m.CompanyID, m.After, threshold)
	title, body := n.Texts(fuelportal.LanguageEnglish)
	return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventWalletLow, CompanyID: m.CompanyID, Notice: &n,
		Alert: &fuelportal.Alert{Message: title + ": " + body, Notice: &n},
		Data:  fuelportal.WebhookWallet{Balance: float64(m.After) / 100, Threshold: float64(threshold) / 100}})
}
