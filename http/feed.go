package http

import (
	"crypto/subtle"
	"errors"
	"net/http"

	"fuelportal"
	"fuelportal/store"
)

// maxFeedBytes bounds a price-feed upload (about 400,000 stations).
const maxFeedBytes = 64 << 20

type rowErrorJSON struct {
	Line    int    `json:"line"`
	Column  string `json:"column,omitempty"`
	Message string `json:"message"`
}

type importReportJSON struct {
	Rows      int            `json:"rows"`
	Inserted  int            `json:"inserted"`
	Updated   int            `json:"updated"`
	Unchanged int            `json:"unchanged"`
	Rejected  int            `json:"rejected"`
	Errors    []rowErrorJSON `json:"errors"`
}

// handleFeedPrices imports a price-feed CSV (feed package documentation)
// sent by the price provider with the feed key, not a user token. Bad rows
// are reported by line and skipped; the good rows land. This process's
// station catalog reloads at once, the others within catalog.PollInterval.
func (s *Server) handleFeedPrices(w http.ResponseWriter, r *http.Request) {
	if s.FeedKey == "" {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The price feed is not configured: set FUELPORTAL_FEED_KEY"))
		return
	}
	if subtle.ConstantTimeCompare([]byte(r.Header.Get("X-Feed-Key")), []byte(s.FeedKey)) != 1 {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Missing or wrong X-Feed-Key header"))
		return
	}

	// The whole file is one transaction: a bound for long work, not a request's.
	ctx := store.WithTxTimeout(r.Context(), store.LongTxTimeout)
	report, err := s.Prices.Import(ctx, http.MaxBytesReader(w, r.Body, maxFeedBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			err = fuelportal.Errorf(fuelportal.EINVALID, "The price file must not exceed 64 MiB")
		}
		s.respondError(w, r, err)
		return
	}
	out := importReportJSON{
		Rows: report.Rows, Inserted: report.Inserted, Updated: report.Updated, Unchanged: report.Unchanged,
		Rejected: len(report.Rejected), Errors: make([]rowErrorJSON, len(report.Rejected)),
	}
	for i, e := range report.Rejected {
		out.Errors[i] = rowErrorJSON{Line: e.Line, Column: e.Column, Message: e.Message}
	}
	respond(w, http.StatusOK, out)
}
