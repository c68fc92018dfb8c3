package fuelportal

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2Params are the argon2id cost parameters.
type Argon2Params struct {
	MemoryKiB   uint32
	Iterations  uint32
	Parallelism uint8
}

// DefaultArgon2Params are the production parameters (OWASP's 19 MiB, t=2, p=1);
// one hash takes about 30 ms of one core.
var DefaultArgon2Params = Argon2Params{MemoryKiB: 19 * 1024, Iterations: 2, Parallelism: 1}

// TestArgon2Params are cheap parameters for tests only.
var TestArgon2Params = Argon2Params{MemoryKiB: 64, Iterations: 1, Parallelism: 1}

const (
	argon2SaltLength = 16
	argon2KeyLength  = 32
)

// PasswordHasher hashes and verifies passwords with argon2id. It lets at most
// a fixed number of hashes run at once, so a burst of sign-ins queues instead
// of exhausting memory (each hash holds MemoryKiB while it runs).
type PasswordHasher struct {
	params Argon2Params
	slots  chan struct{}
	// dummy is verified against when a user does not exist, so an unknown
	// login costs the same time as a wrong password.
	dummy string
}

// NewPasswordHasher returns a hasher using params that runs at most
// 2×GOMAXPROCS hashes concurrently.
func NewPasswordHasher(params Argon2Params) *PasswordHasher {
	h := &PasswordHasher{params: params, slots: make(chan struct{}, 2*runtime.GOMAXPROCS(0))}
	h.dummy = h.hash("not a real password: timing equaliser", randomSalt())
	return h
}

// Hash returns the PHC-format argon2id hash of password. It fails only when
// ctx ends while waiting for a free slot.
func (h *PasswordHasher) Hash(ctx context.Context, password string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	return h.hash(password, randomSalt()), nil
}

// Verify reports whether password matches encoded. An empty encoded hash
// (unknown user) is checked against a dummy hash with the same cost and
// never matches. A malformed hash is an error.
func (h *PasswordHasher) Verify(ctx context.Context, password, encoded string) (bool, error) {
	unknown := encoded == ""
	if unknown {
		encoded = h.dummy
	}
	p, salt, key, err := decodeArgon2(encoded)
	if err != nil {
		return false, err
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	got := argon2.IDKey([]byte(password), salt, p.Iterations, p.MemoryKiB, p.Parallelism, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1 && !unknown, nil
}

func (h *PasswordHasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *PasswordHasher) release() { <-h.slots }

func (h *PasswordHasher) hash(password string, salt []byte) string {
	p := h.params
	key := argon2.IDKey([]byte(password), salt, p.Iterations, p.MemoryKiB, p.Parallelism, argon2KeyLength)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.MemoryKiB, p.Iterations, p.Parallelism, b64.EncodeToString(salt), b64.EncodeToString(key))
}

func randomSalt() []byte {
	salt := make([]byte, argon2SaltLength)
	_, _ = rand.Read(salt) // never fails (crypto/rand panics instead)
	return salt
}

func decodeArgon2(encoded string) (p Argon2Params, salt, key []byte, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return p, nil, nil, fmt.Errorf("password hash: not an argon2id hash")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, fmt.Errorf("password hash: unsupported version %q", parts[2])
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Iterations, &p.Parallelism); err != nil {
		return p, nil, nil, fmt.Errorf("password hash: bad parameters: %w", err)
	}
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil {
		return p, nil, nil, fmt.Errorf("password hash: bad salt: %w", err)
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) == 0 {
		return p, nil, nil, fmt.Errorf("password hash: bad key")
	}
	return p, salt, key, nil
}
