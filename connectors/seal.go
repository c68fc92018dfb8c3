package connectors

import (
	"strconv"

	"fuelportal"
	"fuelportal/secretbox"
)

// Tokens are sealed with AES-256-GCM under the server's secret key
// (secretbox); the company and vendor are the additional data, so a sealed
// token copied to another company's row (or another vendor's) does not
// open.

func keyFrom(secret string) []byte { return secretbox.KeyFrom(secret) }

func additionalData(companyID int64, vendor fuelportal.TelematicsVendor) []byte {
	return []byte("telematics-connector:" + strconv.FormatInt(companyID, 10) + ":" + string(vendor))
}

func seal(key []byte, companyID int64, vendor fuelportal.TelematicsVendor, token string) (string, error) {
	return secretbox.Seal(key, additionalData(companyID, vendor), token)
}

var errUnsealable = secretbox.ErrUnsealable

func open(key []byte, companyID int64, vendor fuelportal.TelematicsVendor, sealed string) (string, error) {
	return secretbox.Open(key, additionalData(companyID, vendor), sealed)
}
