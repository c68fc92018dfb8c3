package http

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"fuelportal"
)

// Token lifetimes (the refresh rules: docs/product.md §4).
const (
	AccessTokenTTL  = 15 * time.Minute
	RefreshTokenTTL = 30 * 24 * time.Hour // absolute, from sign-in
)

const tokenIssuer = "fuelportal"

// Principal is the signed-in caller, read from the access token.
type Principal struct {
	UserID    int64
	CompanyID int64 // 0 when the user has no company
	Role      fuelportal.Role
	// MemberRole decides which routes the caller may use
	// (fuelportal.RoleActions); GroupID limits an office member to a
	// group of cards and vehicles (0: the whole company). Any change of
	// either ends the member's sessions, so a token never outlives them.
	MemberRole fuelportal.MemberRole
	GroupID    int64
	CardID     int64  // the driver's linked card; 0 for none
	SessionID  string // the refresh-token family of the sign-in
}

type principalKey struct{}

// NewContextWithPrincipal returns ctx carrying p.
func NewContextWithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFromContext returns the caller set by requireAuth (zero if none).
func PrincipalFromContext(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey{}).(Principal)
	return p
}

// accessClaims is the JWT payload of an access token.
type accessClaims struct {
	Role      fuelportal.Role `json:"role"`
	CompanyID int64           `json:"cid,omitempty"`
	CardID    int64           `json:"card,omitempty"`
	// MemberRole and GroupID: Principal's.
	MemberRole fuelportal.MemberRole `json:"mrole"`
	GroupID    int64                 `json:"gid,omitempty"`
	SessionID  string                `json:"sid"`
	jwt.RegisteredClaims
}

// TokenIssuer signs and verifies HS256 access tokens.
type TokenIssuer struct {
	secret []byte
}

// NewTokenIssuer returns an issuer signing with secret (at least 32 bytes).
func NewTokenIssuer(secret []byte) *TokenIssuer { return &TokenIssuer{secret: secret} }

// Issue returns an access token for p valid for AccessTokenTTL from now.
func (ti *TokenIssuer) Issue(p Principal, now time.Time) (string, error) {
	claims := accessClaims{
		Role: p.Role, CompanyID: p.CompanyID, CardID: p.CardID, SessionID: p.SessionID, MemberRole: p.MemberRole, GroupID: p.GroupID,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    tokenIssuer,
			Subject:   strconv.FormatInt(p.UserID, 10),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(AccessTokenTTL)),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(ti.secret)
}

// Verify returns the principal of a valid token; any other token is
// EUNAUTHORIZED.
func (ti *TokenIssuer) Verify(token string, now time.Time) (Principal, error) {
	var claims accessClaims
	_, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return ti.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	if err != nil {
		return Principal{}, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Unauthorized")
	}
	userID, err := strconv.ParseInt(claims.Subject, 10, 64)
	// A token without a member role (issued before roles) is refused: the
	// app refreshes it and gets one.
	if err != nil || userID <= 0 || !claims.Role.Valid() || !claims.MemberRole.Valid() || claims.MemberRole.Authority() != claims.Role {
		return Principal{}, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Unauthorized")
	}
	return Principal{UserID: userID, CompanyID: claims.CompanyID, Role: claims.Role, CardID: claims.CardID, SessionID: claims.SessionID,
		MemberRole: claims.MemberRole, GroupID: claims.GroupID}, nil
}

// newOpaqueToken returns a random URL-safe refresh token and the hash the
// database keeps instead of it.
func newOpaqueToken() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashOpaqueToken(token)
}

func hashOpaqueToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// newSessionID returns a random refresh-token family id.
func newSessionID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ResetCodeKey is the key reset codes are stored under
// (accounts.Deps.ResetCodeKey), derived from the server's secret.
func ResetCodeKey(secret []byte) []byte { return deriveKey(secret, "password-reset-code") }

// deriveKey returns a key for one purpose derived from the token secret.
func deriveKey(secret []byte, purpose string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}
