// Package audit reads the audit trail: a company's rows, filtered and
// paged, for its owners; and the check of every company's chain. The
// rows are written by the store in the transaction of each change
// (store.Tx.Audit); nothing here writes one.
package audit

import (
	"context"
	"strconv"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// Bounds of a query of the trail.
const (
	MaxPageSize   = 100
	MaxExportRows = 5000
	MaxPage       = 10_000
	// MaxRange is the longest span of dates one query may name.
	MaxRange = 366 * 24 * time.Hour
)

// Service reads the audit trail.
type Service struct {
	store *store.DB
}

// Deps are what the service is built from.
type Deps struct {
	Store *store.DB
}

// New returns the service over d.
func New(d Deps) *Service { return &Service{store: d.Store} }

// Query is one page of a company's trail: the filter, the page (from 0)
// and its size (at most MaxPageSize, or MaxExportRows for an export).
type Query struct {
	fuelportal.AuditFilter
	Page, Size int
	Export     bool
}

// Events returns the page of company rows q selects, newest first, and
// how many it selects in all. A page, size or date range out of bounds
// is EINVALID. A card is named by its id or by its full number (the
// card's page knows the number): rows of cards hold the card's id, never
// its number.
func (s *Service) Events(ctx context.Context, companyID int64, q Query) ([]*fuelportal.AuditEvent, int, error) {
	fe := fuelportal.FieldErrors{}
	maxSize := MaxPageSize
	if q.Export {
		maxSize = MaxExportRows
	}
	if q.Size < 1 || q.Size > maxSize {
		fe.Add("size", "Must be a whole number from 1 to "+strconv.Itoa(maxSize))
	}
	if q.Page < 0 || q.Page > MaxPage {
		fe.Add("page", "Must be a whole number from 0 to "+strconv.Itoa(MaxPage))
	}
	if !q.From.IsZero() && !q.To.IsZero() {
		if q.To.Before(q.From) {
			fe.Add("to", "Must not be before from")
		} else if q.To.Sub(q.From) > MaxRange {
			fe.Add("to", "The range must not be longer than 366 days")
		}
	}
	if q.ObjectID != "" && q.ObjectType == "" {
		fe.Add("objectType", "Name the object's type with its id")
	}
	if err := fe.Err(); err != nil {
		return nil, 0, err
	}
	f := q.AuditFilter
	f.CompanyID, f.Limit, f.Offset = companyID, q.Size, q.Page*q.Size
	if f.ObjectType == fuelportal.AuditObjectCard && len(f.ObjectID) > 12 {
		card, err := s.store.CompanyCard(ctx, companyID, f.ObjectID)
		if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
			return []*fuelportal.AuditEvent{}, 0, nil
		} else if err != nil {
			return nil, 0, err
		}
		f.ObjectID = strconv.FormatInt(card.ID, 10)
	}
	return s.store.AuditEvents(ctx, f)
}

// Verify checks every company's chain (store.DB.VerifyAudit).
func (s *Service) Verify(ctx context.Context) (int64, *store.AuditBreak, error) {
	return s.store.VerifyAudit(ctx)
}
