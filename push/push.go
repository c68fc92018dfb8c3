// Package push sends Web Push notifications (RFC 8030) to the browsers
// and installed apps that users let notify them, encrypted for each
// browser (RFC 8291, aes128gcm) and signed with the deployment's VAPID key
// (RFC 8292), through github.com/SherClockHolmes/webpush-go.
//
// The event dispatcher queues a notification (store.DB.DispatchBatch: one
// durable message per subscription of each recipient the event's route
// names, as their preferences allow). A Sender in each server process claims due messages, posts
// them to the push services, retries failures with exponential backoff and
// forgets subscriptions the push service says are gone. Nothing queued is
// lost when a process stops: the queue is a table, and a message claimed
// by a process that died is claimed again when its lease runs out.
package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"fmt"
	"strings"

	webpush "github.com/SherClockHolmes/webpush-go"
)

// Keys are the deployment's VAPID key pair, base64url without padding:
// the public key is the uncompressed P-256 point browsers subscribe with
// (applicationServerKey), the private key its 32-byte scalar.
type Keys struct {
	Public  string
	Private string
}

// Settings keeps generated keys (*store.DB).
type Settings interface {
	EnsureSetting(ctx context.Context, key, value string) (string, error)
}

// keysSetting is the settings key of the generated key pair, stored as
// "public.private" so both halves are generated and kept together.
const keysSetting = "vapid_keys"

// LoadKeys returns configured when both halves are set (after checking
// they are a key pair), else the pair kept in the settings table,
// generated and stored on the first start: every process on one database
// signs with the same key, and restarts keep subscriptions valid.
func LoadKeys(ctx context.Context, settings Settings, configured Keys) (Keys, error) {
	if configured.Public != "" || configured.Private != "" {
		if err := configured.check(); err != nil {
			return Keys{}, fmt.Errorf("FUELPORTAL_VAPID_PUBLIC_KEY and FUELPORTAL_VAPID_PRIVATE_KEY: %w", err)
		}
		return configured, nil
	}
	private, public, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return Keys{}, err
	}
	stored, err := settings.EnsureSetting(ctx, keysSetting, public+"."+private)
	if err != nil {
		return Keys{}, fmt.Errorf("VAPID keys: %w", err)
	}
	var keys Keys
	keys.Public, keys.Private, _ = strings.Cut(stored, ".")
	if err := keys.check(); err != nil {
		return Keys{}, fmt.Errorf("VAPID keys in the settings table: %w", err)
	}
	return keys, nil
}

// check verifies the keys decode and the public key is the private key's.
func (k Keys) check() error {
	priv, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(k.Private, "="))
	if err != nil {
		return fmt.Errorf("the private key is not base64url: %w", err)
	}
	key, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil {
		return fmt.Errorf("the private key is not a P-256 key: %w", err)
	}
	if got := base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()); got != strings.TrimRight(k.Public, "=") {
		return fmt.Errorf("the public key is not the private key's")
	}
	return nil
}
