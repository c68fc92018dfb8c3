package fuelportal

import (
	"strings"
	"time"
)

// TelematicsVendor is a telematics provider whose positions the portal
// pulls with the company's token (docs/feeds.md, "Telematics connectors").
type TelematicsVendor string

// The pull connectors.
const (
	VendorSamsara TelematicsVendor = "samsara"
	VendorGeotab  TelematicsVendor = "geotab"
	VendorMotive  TelematicsVendor = "motive"
)

// TelematicsVendors are the pull connectors, in the order they are listed.
var TelematicsVendors = []TelematicsVendor{VendorSamsara, VendorGeotab, VendorMotive}

// ParseTelematicsVendor returns the vendor named s: ENOTFOUND for any
// other name (the vendor is a path segment).
func ParseTelematicsVendor(s string) (TelematicsVendor, error) {
	for _, v := range TelematicsVendors {
		if string(v) == s {
			return v, nil
		}
	}
	return "", Errorf(ENOTFOUND, "Unknown telematics connector")
}

// Limits of a connector's settings.
const (
	MaxConnectorTokenLength = 2000
	MaxConnectorNameLength  = 200
	// MaxUnmatchedListed bounds the unmatched vehicles a connector names.
	MaxUnmatchedListed = 50
)

// TelematicsConnector is a company's pull connector to one vendor: its
// settings (never its token) and how its last pull went.
type TelematicsConnector struct {
	CompanyID int64
	Vendor    TelematicsVendor
	// Database and Server are Geotab's ("" for the others).
	Database, Server string
	// LastPullAt is when a pull last succeeded (nil: never).
	LastPullAt *time.Time
	// LastError is the last pull's error ("" when it succeeded) and
	// LastErrorAt when it happened.
	LastError   string
	LastErrorAt *time.Time
	// Unmatched are the vendor's vehicles (names) the last pull matched
	// to no vehicle of the company, at most MaxUnmatchedListed.
	Unmatched []string
	// Positions is how many positions its pulls handed to the telematics
	// flow.
	Positions int64
	CreatedAt time.Time
}

// TelematicsConnectorInput is what a company sets for a connector.
type TelematicsConnectorInput struct {
	// Token is the vendor's credential: Samsara's and Motive's API token,
	// Geotab's "user:password" of a service account.
	Token    string
	Database string
	Server   string
}

// Normalize trims the input and checks it for vendor v: field errors.
func (in *TelematicsConnectorInput) Normalize(v TelematicsVendor) error {
	in.Token, in.Database, in.Server = strings.TrimSpace(in.Token), strings.TrimSpace(in.Database), strings.TrimSpace(in.Server)
	fe := FieldErrors{}
	switch {
	case in.Token == "":
		fe.Add("token", "Enter the token")
	case len(in.Token) > MaxConnectorTokenLength:
		fe.Add("token", "Must be at most 2000 characters")
	case strings.ContainsAny(in.Token, "\r\n\x00"):
		fe.Add("token", "Must be on one line")
	}
	if v == VendorGeotab {
		if user, password, ok := strings.Cut(in.Token, ":"); in.Token != "" && (!ok || user == "" || password == "") {
			fe.Add("token", "Enter Geotab's user and password as user:password")
		}
		if in.Database == "" {
			fe.Add("database", "Enter the Geotab database")
		} else if len(in.Database) > MaxConnectorNameLength {
			fe.Add("database", "Must be at most 200 characters")
		}
		if in.Server == "" {
			in.Server = "my.geotab.com"
		} else if len(in.Server) > MaxConnectorNameLength || strings.ContainsAny(in.Server, " /?#@") && !strings.Contains(in.Server, "://") {
			fe.Add("server", "Enter a server name such as my.geotab.com")
		}
	} else {
		if in.Database != "" {
			fe.Add("database", "Only Geotab has a database")
		}
		if in.Server != "" {
			fe.Add("server", "Only Geotab has a server")
		}
	}
	return fe.Err()
}
