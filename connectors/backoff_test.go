package connectors

import (
	"testing"
	"time"
)

func TestBackoff_DoublesUpToTheCapAndHonoursRetryAfter(t *testing.T) {
	tests := []struct {
		name       string
		failures   int
		retryAfter time.Duration
		want       time.Duration
	}{
		{"first failure waits one interval", 1, 0, 15 * time.Second},
		{"third failure waits four", 3, 0, time.Minute},
		{"many failures wait at most the cap", 30, 0, MaxBackoff},
		{"a longer Retry-After wins", 1, 2 * time.Minute, 2 * time.Minute},
		{"a shorter Retry-After does not shorten the back-off", 3, time.Second, time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := backoff(15*time.Second, tt.failures, tt.retryAfter); got != tt.want {
				t.Errorf("backoff = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRetryAfter_ReadsSecondsAndDatesCapped(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name, header string
		want         time.Duration
	}{
		{"seconds", "7", 7 * time.Second},
		{"an HTTP date", "Sun, 06 Dec 2026 12:01:00 GMT", time.Minute},
		{"a date passed", "Sun, 06 Dec 2026 11:00:00 GMT", 0},
		{"absurdly long is capped", "999999999", MaxRetryAfter},
		{"garbage is ignored", "soon", 0},
		{"negative is ignored", "-5", 0},
		{"absent", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := retryAfter(tt.header, now); got != tt.want {
				t.Errorf("retryAfter(%q) = %v, want %v", tt.header, got, tt.want)
			}
		})
	}
}
