package fuelportal

import (
	"regexp"
	"time"
)

// QuickBooks Online connection (docs/product.md, "QuickBooks Online"): a
// company connects its QuickBooks company with OAuth, maps its products to
// expense accounts and the card program to a credit card (or bank)
// account, and its posted purchases are sent to QuickBooks as Purchases.
// The flow is qbo.Service's.

// QBOMapping is which QuickBooks account each product's purchases are
// booked to, and the account they are paid from (the card program).
type QBOMapping struct {
	Products       map[ProductCode]string `json:"products"`
	PaymentAccount string                 `json:"paymentAccount"`
}

// Bounds of a QuickBooks mapping.
const (
	MaxQBOAccountIDLength = 40
	// MaxQBOFailuresListed bounds the failed purchases the status lists.
	MaxQBOFailuresListed = 50
)

var qboAccountID = regexp.MustCompile(`^[0-9A-Za-z_-]{1,40}$`)

// ValidQBOAccountID reports whether s has the shape of a QuickBooks
// account id (digits in QuickBooks; letters, '-' and '_' tolerated).
func ValidQBOAccountID(s string) bool { return qboAccountID.MatchString(s) }

// Validate returns m's field errors (products.<code>, paymentAccount).
func (m *QBOMapping) Validate() error {
	fe := FieldErrors{}
	if m.Products == nil {
		m.Products = map[ProductCode]string{}
	}
	for code, id := range m.Products {
		if !code.Valid() {
			fe.Add("products", MsgProductCodeInvalid)
			continue
		}
		if !ValidQBOAccountID(id) {
			fe.Add("products."+string(code), "Choose one of the company's QuickBooks accounts")
		}
	}
	if m.PaymentAccount != "" && !ValidQBOAccountID(m.PaymentAccount) {
		fe.Add("paymentAccount", "Choose one of the company's QuickBooks accounts")
	}
	return fe.Err()
}

// QBOConnection is a company's QuickBooks connection as the company sees
// it (never a token).
type QBOConnection struct {
	CompanyID   int64
	RealmID     string
	Mapping     QBOMapping
	ConnectedAt time.Time
	LastPush    *QBOPushRun
	// LastError is the last push's (or token refresh's) error, "" when
	// it went well.
	LastError string
}

// QBOPushRun is what one push did.
type QBOPushRun struct {
	At       time.Time `json:"at"`
	From     string    `json:"from"`
	To       string    `json:"to"`
	Created  int       `json:"created"`
	Found    int       `json:"alreadyInQuickBooks"`
	Failed   int       `json:"failed"`
	Requests int       `json:"requests"`
}

// QBOFailure is a purchase QuickBooks refused, with its reason.
type QBOFailure struct {
	TransactionID int64     `json:"transactionId"`
	Error         string    `json:"error"`
	Attempts      int       `json:"attempts"`
	At            time.Time `json:"at"`
}

// Audit kinds and object of the QuickBooks connection.
const (
	AuditQBOConnected    AuditKind = "qbo.connected"
	AuditQBODisconnected AuditKind = "qbo.disconnected"
	AuditQBOMappingSet   AuditKind = "qbo.mapping_set"
	AuditQBOPushed       AuditKind = "qbo.pushed"

	AuditObjectQBO = "qbo_connection"
)
