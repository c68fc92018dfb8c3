// Package issuing is the home of the card ordering and card status flows:
// a company owner's new card gets a program card number from the portal,
// is issued by the deployment's card issuer (the network, or Stripe
// Issuing) and saved; a status change reaches the issuer before the portal
// records it. Every entry point (the HTTP API today) calls Service.
package issuing

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"log/slog"
	"strconv"

	"fuelportal"
	"fuelportal/store"
)

// Service orders cards and changes their status through one issuer.
type Service struct {
	db     *store.DB
	issuer fuelportal.CardIssuer
	logger *slog.Logger
	// account returns the random account part of a new card number.
	account func() uint64
}

// Deps are what the service is built from: the database, the issuer
// (nil: the network issuer) and the logger (nil: discarded).
type Deps struct {
	DB     *store.DB
	Issuer fuelportal.CardIssuer
	Logger *slog.Logger
}

// New returns the service over d.
func New(d Deps) *Service {
	if d.Issuer == nil {
		d.Issuer = Network{}
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{db: d.DB, issuer: d.Issuer, logger: d.Logger, account: randomAccount}
}

func randomAccount() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.BigEndian.Uint64(b[:])
}

// numberTries bounds the search for a free card number: with 10^12 account
// numbers per company part a taken one is rare, several in a row mean
// something else is wrong.
const numberTries = 8

// Order issues a new card of the company for o and saves it ACTIVE. Field
// errors are EINVALID; an issuer that cannot be reached is EUNAVAILABLE
// and nothing is saved.
func (s *Service) Order(ctx context.Context, companyID int64, o fuelportal.CardOrder) (*fuelportal.Card, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	name, err := s.db.CompanyName(ctx, companyID)
	if err != nil {
		return nil, err
	}
	controls, err := s.db.CompanyControls(ctx, companyID)
	if err != nil {
		return nil, err
	}
	number, err := s.freeNumber(ctx, companyID)
	if err != nil {
		return nil, err
	}
	kind := s.issuer.Name()
	company := fuelportal.IssuingCompany{ID: companyID, Name: name}
	if company.CardholderID, err = s.db.IssuingCardholder(ctx, companyID, kind); err != nil {
		return nil, err
	}
	// A new card has no controls of its own yet: the company's defaults
	// are its limits.
	holder := fuelportal.CardHolder{CardNumber: number, DriverName: o.DriverName, DriverID: o.DriverID, UnitNumber: o.UnitNumber,
		CardLimits: fuelportal.LimitsOf(controls.Controls)}
	issued, err := s.issuer.IssueCard(ctx, company, holder, o.Type)
	if issued.CardholderID != "" && issued.CardholderID != company.CardholderID {
		if _, saveErr := s.db.SaveIssuingCardholder(ctx, companyID, issued.Issuer, issued.CardholderID); saveErr != nil && err == nil {
			err = saveErr
		}
	}
	if err != nil {
		return nil, issuerError(s.logger, "issue card", err)
	}
	card := &fuelportal.Card{CompanyID: companyID, CardNumber: number, DriverName: o.DriverName, DriverID: o.DriverID, UnitNumber: o.UnitNumber,
		Status: fuelportal.CardActive, Issuer: issued.Issuer, IssuerCardID: issued.IssuerCardID, Last4: issued.Last4,
		ExpMonth: issued.ExpMonth, ExpYear: issued.ExpYear, Shipping: issued.Shipping}
	if err := s.db.AddCard(ctx, card); err != nil {
		// The issuer's card exists but the portal has none: stop it
		// being used.
		if issued.IssuerCardID != "" {
			if stopErr := s.issuer.SetCardStatus(context.WithoutCancel(ctx), card, false); stopErr != nil {
				s.logger.Error("an issued card the portal could not save is still active at the issuer", "issuer", issued.Issuer, "issuer_card_id", issued.IssuerCardID, "err", stopErr)
			}
		}
		return nil, err
	}
	return card, nil
}

func (s *Service) freeNumber(ctx context.Context, companyID int64) (string, error) {
	for range numberTries {
		number := fuelportal.NewCardNumber(companyID, s.account())
		taken, err := s.db.CardNumberTaken(ctx, number)
		if err != nil {
			return "", err
		}
		if !taken {
			return number, nil
		}
	}
	return "", fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgNoFreeCardNumber)
}

// UpdateCard saves a card's driver details and status; deactivating a
// card its driver holds notifies the driver. A status change
// reaches the issuer first: when the issuer cannot make the change, the
// portal's status stays as it was and the answer is EUNAVAILABLE. Field
// errors are EINVALID; a card of another company is ENOTFOUND.
func (s *Service) UpdateCard(ctx context.Context, companyID int64, upd fuelportal.CardUpdate) (*fuelportal.Card, error) {
	if err := upd.Validate(); err != nil {
		return nil, err
	}
	current, err := s.db.CompanyCard(ctx, companyID, upd.CardNumber)
	if err != nil {
		return nil, err
	}
	changed := upd.Status != current.Status
	if changed {
		if err := s.issuer.SetCardStatus(ctx, current, upd.Status == fuelportal.CardActive); err != nil {
			s.logger.Warn("card issuer", "op", "set card status", "card", fuelportal.MaskedCardNumber(current.CardNumber), "err", err)
			if fuelportal.ErrorCode(err) == fuelportal.EUNAVAILABLE {
				return nil, err
			}
			return nil, fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgIssuerStatusUnavailable)
		}
	}
	card, err := s.saveCard(ctx, companyID, upd)
	if err != nil && changed {
		// Put the issuer back where the portal still is.
		if undoErr := s.issuer.SetCardStatus(context.WithoutCancel(ctx), current, current.Status == fuelportal.CardActive); undoErr != nil {
			s.logger.Error("card status differs between the portal and its issuer", "card", fuelportal.MaskedCardNumber(current.CardNumber), "issuer", current.Issuer, "err", undoErr)
		}
	}
	return card, err
}

// saveCard saves upd in one transaction; deactivating a card its driver
// holds tells the driver in the same transaction (a push), before they
// stand at a pump.
func (s *Service) saveCard(ctx context.Context, companyID int64, upd fuelportal.CardUpdate) (card *fuelportal.Card, err error) {
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		var was *fuelportal.Card
		if was, card, err = tx.UpdateCard(ctx, companyID, upd); err != nil {
			return err
		}
		if was.Status != fuelportal.CardActive || card.Status != fuelportal.CardInactive || was.DriverUserID == 0 {
			return nil
		}
		n := fuelportal.CardDeactivatedNotice(companyID, card.CardNumber)
		return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventCardDeactivated, CompanyID: companyID, UserID: was.DriverUserID, Notice: &n})
	})
	if err != nil {
		return nil, err
	}
	return card, nil
}

// SaveCardControls saves the card's own controls c (store.DB.SaveCardControls)
// and answers them. When the card's effective dollar limits change (its
// own over the company's), the issuer's limits change first, as a status
// does: an issuer that cannot make the change leaves the portal's controls
// as they were (EUNAVAILABLE), so the issuer never holds a driver to a
// limit the owner has lifted. Field errors are EINVALID; a card of
// another company is ENOTFOUND.
func (s *Service) SaveCardControls(ctx context.Context, companyID int64, number string, c fuelportal.Controls) (fuelportal.Controls, error) {
	if err := c.Validate(); err != nil {
		return c, err
	}
	card, err := s.db.CompanyCard(ctx, companyID, number)
	if err != nil {
		return c, err
	}
	company, err := s.db.CompanyControls(ctx, companyID)
	if err != nil {
		return c, err
	}
	current, err := s.db.CardControls(ctx, companyID, number)
	if err != nil {
		return c, err
	}
	before, after := fuelportal.LimitsOf(current.Over(company.Controls)), fuelportal.LimitsOf(c.Over(company.Controls))
	changed := !before.Equal(after)
	if changed {
		if err := s.issuer.SetCardLimits(ctx, card, after); err != nil {
			s.logger.Warn("card issuer", "op", "set card limits", "card", fuelportal.MaskedCardNumber(number), "err", err)
			if fuelportal.ErrorCode(err) == fuelportal.EUNAVAILABLE {
				return c, err
			}
			return c, fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgIssuerLimitsUnavailable)
		}
	}
	saved, err := s.db.SaveCardControls(ctx, companyID, number, c)
	if err != nil && changed {
		if undoErr := s.issuer.SetCardLimits(context.WithoutCancel(ctx), card, before); undoErr != nil {
			s.logger.Error("card limits differ between the portal and its issuer", "card", fuelportal.MaskedCardNumber(number), "issuer", card.Issuer, "err", undoErr)
		}
	}
	return saved, err
}

// SaveCompanyControls saves the company's default controls c. The
// issuer's own limits of every card the defaults reach change first (a
// card's own limits over the defaults, as SaveCardControls computes them),
// so an issuer's backstop never declines what the owner has allowed: when
// the issuer cannot change one, the cards already changed are set back and
// nothing is saved (EUNAVAILABLE). Field errors are EINVALID.
func (s *Service) SaveCompanyControls(ctx context.Context, companyID int64, c fuelportal.CompanyControls) (*fuelportal.CompanyControls, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	before, err := s.db.CompanyControls(ctx, companyID)
	if err != nil {
		return nil, err
	}
	cards, err := s.db.CompanyCards(ctx, companyID, "")
	if err != nil {
		return nil, err
	}
	type change struct {
		card          *fuelportal.Card
		before, after fuelportal.CardLimits
	}
	var changed []change
	undo := func() {
		for _, ch := range changed {
			if err := s.issuer.SetCardLimits(context.WithoutCancel(ctx), ch.card, ch.before); err != nil {
				s.logger.Error("card limits differ between the portal and its issuer", "card", fuelportal.MaskedCardNumber(ch.card.CardNumber), "issuer", ch.card.Issuer, "err", err)
			}
		}
	}
	for _, card := range cards {
		if card.Issuer == fuelportal.IssuerNetwork || card.IssuerCardID == "" {
			continue // the portal's own decision is the only limit
		}
		own, err := s.db.CardControls(ctx, companyID, card.CardNumber)
		if err != nil {
			undo()
			return nil, err
		}
		ch := change{card: card, before: fuelportal.LimitsOf(own.Over(before.Controls)), after: fuelportal.LimitsOf(own.Over(c.Controls))}
		if ch.before.Equal(ch.after) {
			continue
		}
		if err := s.issuer.SetCardLimits(ctx, card, ch.after); err != nil {
			s.logger.Warn("card issuer", "op", "set card limits", "card", fuelportal.MaskedCardNumber(card.CardNumber), "err", err)
			undo()
			if fuelportal.ErrorCode(err) == fuelportal.EUNAVAILABLE {
				return nil, err
			}
			return nil, fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgIssuerLimitsUnavailable)
		}
		changed = append(changed, ch)
	}
	saved, err := s.db.SaveCompanyControls(ctx, companyID, c)
	if err != nil {
		undo()
	}
	return saved, err
}

// issuerError answers an issuer's failure: its own user-facing error when
// it says the issuer is unavailable or refused, else the generic
// EUNAVAILABLE message (the cause logged).
func issuerError(logger *slog.Logger, op string, err error) error {
	switch fuelportal.ErrorCode(err) {
	case fuelportal.EUNAVAILABLE, fuelportal.EUNPROCESSABLE:
		logger.Warn("card issuer", "op", op, "err", err)
		return err
	}
	logger.Error("card issuer", "op", op, "err", err)
	return fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgIssuerUnavailable)
}

// CardViewer is who asks to see a card's details: an owner of the
// company, or the driver holding the card.
type CardViewer struct {
	CompanyID, UserID int64
	Owner             bool
}

// RevealCardDetails creates the one-use key with which viewer's browser
// reads the Stripe card's number, expiry and CVC from Stripe (Issuing
// Elements), for the browser's nonce, and logs who revealed which card.
// The details never pass through the portal. A card of another company,
// or one a driver does not hold, is ENOTFOUND; a network card ECONFLICT;
// a missing or overlong nonce EINVALID; an issuer that cannot be reached
// EUNAVAILABLE.
func (s *Service) RevealCardDetails(ctx context.Context, viewer CardViewer, number, nonce string) (fuelportal.CardDetailsKey, error) {
	if nonce == "" || len(nonce) > fuelportal.MaxCardDetailsNonceLength {
		return fuelportal.CardDetailsKey{}, fuelportal.FieldError("nonce", fuelportal.MsgCardDetailsNonceInvalid)
	}
	card, err := s.db.CompanyCard(ctx, viewer.CompanyID, number)
	if err != nil {
		return fuelportal.CardDetailsKey{}, err
	}
	if !viewer.Owner && card.DriverUserID != viewer.UserID {
		return fuelportal.CardDetailsKey{}, fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found")
	}
	if card.Issuer != fuelportal.IssuerStripe || card.IssuerCardID == "" {
		return fuelportal.CardDetailsKey{}, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgCardDetailsNotShown)
	}
	if s.issuer.Name() != card.Issuer {
		s.logger.Error("card issuer", "op", "reveal card details", "card", fuelportal.MaskedCardNumber(number),
			"err", "the card's issuer is not the deployment's")
		return fuelportal.CardDetailsKey{}, fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgIssuerUnavailable)
	}
	key, err := s.issuer.CardDetailsKey(ctx, card, nonce)
	if err != nil {
		return fuelportal.CardDetailsKey{}, issuerError(s.logger, "reveal card details", err)
	}
	if err := s.db.Audit(ctx, fuelportal.AuditChange{CompanyID: viewer.CompanyID, Kind: fuelportal.AuditCardRevealed,
		ObjectType: fuelportal.AuditObjectCard, ObjectID: strconv.FormatInt(card.ID, 10)}); err != nil {
		return fuelportal.CardDetailsKey{}, err
	}
	s.logger.Info("card details revealed", "card", fuelportal.MaskedCardNumber(number), "company_id", viewer.CompanyID,
		"user_id", viewer.UserID, "owner", viewer.Owner, "ephemeral_key", key.ID)
	return key, nil
}

// shippingTries bounds the re-reads of a card whose shipment another
// delivery recorded at the same moment.
const shippingTries = 3

// RecordShipping keeps an issuer's news u of a card's shipment: a status
// the portal does not know ("") and a card it does not have (another
// deployment's, or deleted) are left alone; news older than what is
// recorded (a status before the recorded one, delivered late) never moves
// the shipment back. A new status publishes card.shipping
// (fuelportal.CardShippingEvent) in the transaction that records it;
// news of the same status (a tracking number, a new estimate) is kept
// without one. A shipment another delivery recorded meanwhile is read
// again, so of two deliveries of one status at once one publishes it.
func (s *Service) RecordShipping(ctx context.Context, u fuelportal.CardShippingUpdate) error {
	if u.Shipping.Status == "" {
		s.logger.WarnContext(ctx, "card shipment with a status the portal does not know: not recorded", "issuer_card_id", u.IssuerCardID)
		return nil
	}
	for range shippingTries {
		card, err := s.db.CardByIssuerID(ctx, u.Issuer, u.IssuerCardID)
		if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
			return nil
		}
		if err != nil {
			return err
		}
		var prev fuelportal.ShippingStatus
		if card.Shipping != nil {
			prev = card.Shipping.Status
		}
		if !u.Shipping.Status.Follows(prev) {
			return nil
		}
		var set bool
		err = s.db.InTx(ctx, func(tx *store.Tx) error {
			if set, err = tx.SetCardShipping(ctx, card.ID, prev, u.Shipping); err != nil || !set || u.Shipping.Status == prev {
				return err
			}
			return tx.Publish(ctx, fuelportal.CardShippingEvent(card, u.Shipping))
		})
		if err != nil || set {
			return err
		}
	}
	return fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The card's shipment changed while it was recorded: try again")
}
