package connectors

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"

	"fuelportal"
)

// Tokens are sealed with AES-256-GCM under the server's secret key; the
// company and vendor are the additional data, so a sealed token copied
// to another company's row (or another vendor's) does not open.

func keyFrom(secret string) []byte {
	sum := sha256.Sum256([]byte(secret))
	return sum[:]
}

func additionalData(companyID int64, vendor fuelportal.TelematicsVendor) []byte {
	return []byte("telematics-connector:" + strconv.FormatInt(companyID, 10) + ":" + string(vendor))
}

func seal(key []byte, companyID int64, vendor fuelportal.TelematicsVendor, token string) (string, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return "", err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	sealed := gcm.Seal(nonce, nonce, []byte(token), additionalData(companyID, vendor))
	return base64.StdEncoding.EncodeToString(sealed), nil
}

var errUnsealable = errors.New("the stored token cannot be opened with this server's secret key (FUELPORTAL_SECRET_KEY changed?): connect again")

func open(key []byte, companyID int64, vendor fuelportal.TelematicsVendor, sealed string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil {
		return "", errUnsealable
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return "", err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return "", err
	}
	if len(raw) < gcm.NonceSize() {
		return "", errUnsealable
	}
	plain, err := gcm.Open(nil, raw[:gcm.NonceSize()], raw[gcm.NonceSize():], additionalData(companyID, vendor))
	if err != nil {
		return "", errUnsealable
	}
	return string(plain), nil
}
