package fuelportal

import (
	"strings"
	"time"
)

// DriverStatus is where a driver's request to join a company stands. A
// driver signs up with a company card and waits until an owner of that
// company approves; owners and older accounts are approved.
type DriverStatus string

// Driver statuses.
const (
	DriverApproved DriverStatus = "APPROVED"
	DriverPending  DriverStatus = "PENDING"
	DriverRejected DriverStatus = "REJECTED"
)

// Messages of the driver approval flow.
const (
	MsgDriverPending        = "Waiting for your company to approve your account"
	MsgDriverDeclined       = "Your company declined your request to join. Ask your fleet manager if you think this is a mistake."
	MsgDriverRequestMissing = "Driver request not found"
)

// DriverRequest is a driver's pending request to join a company on one of
// its cards.
type DriverRequest struct {
	UserID      int64
	FirstName   string
	LastName    string
	Email       string
	PhoneNumber string
	CardNumber  string
	RequestedAt time.Time
}

// SameCompanyName reports whether two company names are the same up to
// case and spacing: surrounding space is dropped, inner runs of space count
// as one, and letters compare case-folded.
func SameCompanyName(a, b string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
}
