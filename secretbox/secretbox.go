// Package secretbox seals the credentials the server keeps for a company
// (telematics vendors' tokens, QuickBooks' OAuth tokens) with AES-256-GCM
// under the server's secret key (FUELPORTAL_SECRET_KEY, else a key
// generated once and kept in the settings table). The caller's additional
// data names the owner of a sealed value (company, vendor), so a value
// copied to another company's row does not open.
package secretbox

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"sync"
)

// KeyFrom derives the sealing key from the server's secret.
func KeyFrom(secret string) []byte {
	sum := sha256.Sum256([]byte(secret))
	return sum[:]
}

// Seal seals plain under key with additional data ad (base64 text).
func Seal(key, ad []byte, plain string) (string, error) {
	gcm, err := newGCM(key)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(gcm.Seal(nonce, nonce, []byte(plain), ad)), nil
}

// ErrUnsealable is a sealed value this key (or this owner) does not open.
var ErrUnsealable = errors.New("the stored token cannot be opened with this server's secret key (FUELPORTAL_SECRET_KEY changed?): connect again")

// Open opens what Seal sealed under key with ad: ErrUnsealable when the
// key or ad differ or the text was changed.
func Open(key, ad []byte, sealed string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil {
		return "", ErrUnsealable
	}
	gcm, err := newGCM(key)
	if err != nil {
		return "", err
	}
	if len(raw) < gcm.NonceSize() {
		return "", ErrUnsealable
	}
	plain, err := gcm.Open(nil, raw[:gcm.NonceSize()], raw[gcm.NonceSize():], ad)
	if err != nil {
		return "", ErrUnsealable
	}
	return string(plain), nil
}

func newGCM(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// Settings keeps the generated key (*store.DB).
type Settings interface {
	EnsureSetting(ctx context.Context, key, value string) (string, error)
}

// GeneratedKeySetting is the settings key of the generated sealing key.
const GeneratedKeySetting = "telematics_connector_secret"

// Keyring answers the server's sealing key: from Secret, else the key
// generated once and kept in the settings table (the first process to
// store it wins; every process then reads the same).
type Keyring struct {
	Secret   string
	Settings Settings

	mu  sync.Mutex
	key []byte
}

// Key is the sealing key.
func (k *Keyring) Key(ctx context.Context) ([]byte, error) {
	if k.Secret != "" {
		return KeyFrom(k.Secret), nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.key != nil {
		return k.key, nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	stored, err := k.Settings.EnsureSetting(ctx, GeneratedKeySetting, hex.EncodeToString(b))
	if err != nil {
		return nil, err
	}
	k.key = KeyFrom(stored)
	return k.key, nil
}
