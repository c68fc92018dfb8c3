package fuelportal

import "time"

// Refund is money a merchant gave back on a card purchase: a Stripe
// Issuing transaction of type refund (a merchant's refund, or a capture
// the merchant reversed). It moves from the fuel-purchases account back to
// the company's wallet as one ledger transfer of kind LedgerRefund, at
// most what is left of the purchase's fuel (its net total less earlier
// refunds; the contract's fee is not refunded). A statement lists it under
// "Refunds and reversals" in the period it posts in.
type Refund struct {
	ID                  int64
	CompanyID           int64
	TransactionID       int64  // the refunded purchase; 0 when the issuer named none of ours
	InvoiceRef          string // the refunded purchase's
	IssuerTransactionID string // the idempotency key (Stripe's ipi_… id)
	AmountCents         int64  // > 0: into the wallet
	TransferID          int64
	CreatedAt           time.Time
	// Purchase is the refunded purchase as exports read it (its coding,
	// station, card); nil when there is none.
	Purchase *Transaction
}

// RefundReference is the ledger reference of the refund of issuer
// transaction id.
func RefundReference(issuerTransactionID string) string { return "refund:" + issuerTransactionID }

// RefundFilter chooses the refunds an export lists: the company's, posted
// from From to To (inclusive; zero is unbounded), or those of Statement
// when it is set.
type RefundFilter struct {
	CompanyID int64
	From, To  time.Time
	Statement *Statement
}
