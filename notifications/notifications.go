// Package notifications keeps who wants to hear what: a person's
// preferences per event (push, e-mail, in-app) with their quiet hours,
// and the company's low-wallet threshold. Every entry point (the HTTP
// handlers today) calls this service; the rules are the root package's
// (fuelportal.NotificationSettings.Validate), the SQL the store's, which
// writes each change and its audit row in one transaction.
package notifications

import (
	"context"

	"fuelportal"
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	NotificationSettings(ctx context.Context, userID int64, role fuelportal.Role) (*fuelportal.NotificationSettings, error)
	SaveNotificationSettings(ctx context.Context, userID int64, role fuelportal.Role, s fuelportal.NotificationSettings) (*fuelportal.NotificationSettings, error)
	WalletLowThreshold(ctx context.Context, companyID int64) (cents *int64, err error)
	SetWalletLowThreshold(ctx context.Context, companyID int64, cents *int64) error
}

// Service runs the notification settings flows. Create it with New.
type Service struct {
	store Store
}

// Deps are what the service calls.
type Deps struct {
	Store Store
}

// New returns the service over d.
func New(d Deps) *Service { return &Service{store: d.Store} }

// Settings are user userID's preferences for every event of role, their
// quiet hours and the company's time zone those are read in.
func (s *Service) Settings(ctx context.Context, userID int64, role fuelportal.Role) (*fuelportal.NotificationSettings, error) {
	return s.store.NotificationSettings(ctx, userID, role)
}

// SaveSettings validates settings for user userID of role and saves them:
// the events listed (others keep what they had) and the quiet hours (nil:
// none). It returns the settings as saved; field errors are EINVALID.
func (s *Service) SaveSettings(ctx context.Context, userID int64, role fuelportal.Role, settings fuelportal.NotificationSettings) (*fuelportal.NotificationSettings, error) {
	if err := settings.Validate(role); err != nil {
		return nil, err
	}
	return s.store.SaveNotificationSettings(ctx, userID, role, settings)
}

// WalletLowThreshold is company companyID's low-wallet threshold in cents
// (nil: none).
func (s *Service) WalletLowThreshold(ctx context.Context, companyID int64) (*int64, error) {
	return s.store.WalletLowThreshold(ctx, companyID)
}

// SetWalletLowThreshold sets company companyID's low-wallet threshold (nil:
// none; 0 to fuelportal.MaxWalletLowThresholdCents, else a field error).
func (s *Service) SetWalletLowThreshold(ctx context.Context, companyID int64, cents *int64) error {
	if cents != nil && (*cents < 0 || *cents > fuelportal.MaxWalletLowThresholdCents) {
		fe := fuelportal.FieldErrors{}
		fe.Add("threshold", fuelportal.MsgWalletLowThreshold)
		return fe.Err()
	}
	return s.store.SetWalletLowThreshold(ctx, companyID, cents)
}
