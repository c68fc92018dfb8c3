package fuelportal

import (
	"strconv"
	"strings"
	"time"
)

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
	// RequestedCents is what the card network's reversal asked (0: all
	// that was left); nil for an issuer's refund, or a reversal recorded
	// before it was kept.
	RequestedCents *int64
	TransferID     int64
	CreatedAt      time.Time
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

// NetworkReversalPrefix starts the issuer transaction id (the idempotency
// key) of a card network's reversal of a captured purchase:
// "network-reversal:<authorization id>[:<reversal id>]", each id with its
// "%" written "%25" and its ":" written "%3A" (ids without either are
// written as they are).
const NetworkReversalPrefix = "network-reversal:"

// NetworkReversalKey is the idempotency key of the network's reversal
// reversalID ("" for the one reversal of the whole authorization) of
// authorization authorizationID. Two reversals have the same key only
// when both ids are the same: an id holding a ":" cannot pass for an
// authorization's id and a reversal's.
func NetworkReversalKey(authorizationID, reversalID string) string {
	key := NetworkReversalPrefix + reversalKeyPart.Replace(authorizationID)
	if reversalID != "" {
		key += ":" + reversalKeyPart.Replace(reversalID)
	}
	return key
}

// MsgReversalIDReused refuses a network reversal whose id (the
// authorization's one reversal when it names none) was already used with
// another amount.
const MsgReversalIDReused = "This reversal id was already used with another amount: a new reversal needs a new reversalId"

// CheckReversalRepeat decides a network reversal asking requested cents
// (0: all that is left) whose key already credited r: the same reversal
// sent again (the same amount asked, or r's asked amount unknown) answers
// r; another amount is ECONFLICT, nothing credited.
func CheckReversalRepeat(r *Refund, requested int64) error {
	if r.RequestedCents != nil && *r.RequestedCents != requested {
		return Errorf(ECONFLICT, MsgReversalIDReused)
	}
	return nil
}

// reversalKeyPart escapes an id within a reversal's key.
var reversalKeyPart = strings.NewReplacer("%", "%25", ":", "%3A")

// Reason is "reversal" for the network's reversal of a captured purchase,
// else "refund" (a merchant's refund, or a capture the merchant reversed,
// as the card issuer reports it).
func (r *Refund) Reason() string {
	if strings.HasPrefix(r.IssuerTransactionID, NetworkReversalPrefix) {
		return "reversal"
	}
	return "refund"
}

// RefundNotice words refund r for the office's alert mails.
func RefundNotice(r *Refund) Notice {
	n := Notice{CompanyID: r.CompanyID, Key: r.Reason(), Params: map[string]string{"amount": FormatDollars(r.AmountCents)},
		URL: "/transactions", Tag: "refund-" + strconv.FormatInt(r.ID, 10)}
	if p := r.Purchase; p != nil {
		n.Params["invoice"], n.Params["card"], n.TransactionID = p.InvoiceRef, Last4(p.CardNumber), p.ID
	} else {
		n.Key = "refundNoPurchase"
	}
	return n
}
