package routing

import (
	"errors"
	"fmt"
)

// Errors every Router and Geocoder reports, alone or wrapped in a
// ProviderError. The HTTP layer maps them: ErrInvalidPoint to 400, ErrNoRoute
// and ErrNoPlace to 404, ErrRejected to 502, ErrUnavailable to 503.
var (
	// ErrInvalidPoint means a coordinate is not a valid latitude/longitude.
	ErrInvalidPoint = errors.New("invalid coordinate")
	// ErrNoRoute means the points cannot be joined by road (or lie outside
	// the provider's coverage).
	ErrNoRoute = errors.New("no route between the points")
	// ErrNoPlace means reverse geocoding found no place near the point.
	ErrNoPlace = errors.New("no place found near the point")
	// ErrUnavailable means the provider could not be reached, timed out or
	// failed on its side (HTTP 5xx or 429).
	ErrUnavailable = errors.New("routing provider unavailable")
	// ErrRejected means the provider refused the request for a reason other
	// than the above (bad configuration such as an unknown profile, or an
	// answer we could not read).
	ErrRejected = errors.New("routing provider rejected the request")
)

// ProviderError is an error answered by, or on the way to, a remote
// provider. Err is one of the package's sentinel errors, so callers test it
// with errors.Is.
type ProviderError struct {
	Provider   string // "osrm", "valhalla", "graphhopper", "nominatim", "photon"
	StatusCode int    // HTTP status, 0 when no answer came
	Code       string // the provider's own code, e.g. "NoRoute" or "442"
	Message    string // the provider's message
	Err        error
}

func (e *ProviderError) Error() string {
	msg := e.Provider + ": " + e.Err.Error()
	if e.StatusCode != 0 {
		msg += fmt.Sprintf(" (HTTP %d", e.StatusCode)
		if e.Code != "" {
			msg += " " + e.Code
		}
		msg += ")"
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// Unwrap returns the sentinel error.
func (e *ProviderError) Unwrap() error { return e.Err }
