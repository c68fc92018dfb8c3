package netguard

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// What an outside API's answer says, read the same way for every vendor the
// server calls (telematics connectors, QuickBooks).

// RetryAfter reads a Retry-After header (seconds or an HTTP date) as a wait
// from now, at most limit; 0 when absent, past or unreadable.
func RetryAfter(v string, now time.Time, limit time.Duration) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		if n <= 0 || n != n {
			return 0
		}
		d = time.Duration(min(n, limit.Seconds()) * float64(time.Second))
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return max(0, min(d, limit))
}

// OneLine keeps an outside reason short (300 bytes) and on one line;
// fallback when it is empty.
func OneLine(s, fallback string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		s = fallback
	}
	if len(s) > 300 {
		s = strings.ToValidUTF8(s[:300], "") + "…"
	}
	return s
}

// TransportError is a failed call's error without the request URL the
// HTTP client wraps around it (noise for the person who reads it).
func TransportError(err error) string {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) {
		if inner := ue.Unwrap(); inner != nil {
			return inner.Error()
		}
	}
	return err.Error()
}
