package fuelportal

import (
	"fmt"
	"time"
)

// LedgerKind names why money moved in the wallet ledger.
type LedgerKind string

// Ledger kinds. Credits to a wallet come from the external funding account;
// debits go to the fuel-purchase or fee accounts.
const (
	LedgerTopUp          LedgerKind = "TOP_UP"          // prepaid wallet funded (card, ACH, demo)
	LedgerInvoicePayment LedgerKind = "INVOICE_PAYMENT" // invoice balance paid
	LedgerFuelPurchase   LedgerKind = "FUEL_PURCHASE"   // fuel at the contract's net price
	LedgerTransactionFee LedgerKind = "TRANSACTION_FEE" // the contract's fee per purchase
	LedgerRefund         LedgerKind = "REFUND"          // a purchase's money back from the merchant (a refund or a reversed capture)
)

// Valid reports whether k is a known kind.
func (k LedgerKind) Valid() bool {
	switch k {
	case LedgerTopUp, LedgerInvoicePayment, LedgerFuelPurchase, LedgerTransactionFee, LedgerRefund:
		return true
	}
	return false
}

// IsWalletCredit reports whether k moves money into a wallet.
func (k LedgerKind) IsWalletCredit() bool { return k == LedgerTopUp || k == LedgerInvoicePayment }

// LedgerTransfer is one movement of money between two ledger accounts: a
// journal row with exactly one pair of entries (-Amount, +Amount).
type LedgerTransfer struct {
	ID          int64
	Kind        LedgerKind
	Reference   string // unique: the idempotency key (e.g. a Stripe event id)
	CompanyID   int64
	AmountCents int64 // > 0
	CreatedAt   time.Time
}

// FormatCents writes cents as dollars ("$1234.50", "-$3.00").
func FormatCents(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s$%d.%02d", sign, cents/100, cents%100)
}
