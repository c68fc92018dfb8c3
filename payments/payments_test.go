package payments_test

import (
	"context"
	"errors"
	"testing"

	"fuelportal"
	"fuelportal/payments"
)

// fakeStore keeps one company's customer and payments in memory.
type fakeStore struct {
	customer string
	payments map[string]*fuelportal.Payment // by idempotency key
	failed   []string
	events   []*fuelportal.PaymentEvent
}

func (f *fakeStore) StripeCustomerID(context.Context, int64) (string, error) { return f.customer, nil }
func (f *fakeStore) SaveStripeCustomer(_ context.Context, _ int64, id string) (string, error) {
	f.customer = id
	return id, nil
}
func (f *fakeStore) Audit(context.Context, fuelportal.AuditChange) error { return nil }
func (f *fakeStore) CompanyName(context.Context, int64) (string, error)  { return "Demo Freight", nil }
func (f *fakeStore) BeginPayment(_ context.Context, p *fuelportal.Payment) (*fuelportal.Payment, bool, error) {
	if old, ok := f.payments[p.IdempotencyKey]; ok {
		return old, false, nil
	}
	p.ID, p.Status = int64(len(f.payments)+1), fuelportal.PaymentCreating
	f.payments[p.IdempotencyKey] = p
	return p, true, nil
}
func (f *fakeStore) SetPaymentIntent(_ context.Context, id int64, intent *fuelportal.PaymentIntent) error {
	for _, p := range f.payments {
		if p.ID == id {
			p.PaymentIntentID, p.Status = intent.ID, intent.Status
		}
	}
	return nil
}
func (f *fakeStore) FailPayment(_ context.Context, id int64, message string) error {
	f.failed = append(f.failed, message)
	for _, p := range f.payments {
		if p.ID == id {
			p.Status, p.FailureMessage = fuelportal.PaymentFailed, message
		}
	}
	return nil
}
func (f *fakeStore) ApplyPaymentEvent(_ context.Context, ev *fuelportal.PaymentEvent) (string, error) {
	f.events = append(f.events, ev)
	return fuelportal.EventOutcomeCredited, nil
}

// fakeProvider has one credit card and one debit card and records charges.
type fakeProvider struct {
	customers int
	charges   []fuelportal.PaymentIntentParams
	decline   bool
}

func (p *fakeProvider) CreateCustomer(context.Context, int64, string) (string, error) {
	p.customers++
	return "cus_1", nil
}
func (p *fakeProvider) CreateCardSetup(context.Context, string, string) (string, error) {
	return "seti_secret", nil
}
func (p *fakeProvider) CreateACHSetup(context.Context, string) (*fuelportal.ACHSetup, error) {
	return &fuelportal.ACHSetup{}, nil
}
func (p *fakeProvider) PaymentMethods(context.Context, string) ([]*fuelportal.PaymentMethod, error) {
	return []*fuelportal.PaymentMethod{
		{ID: "pm_credit", Type: fuelportal.PaymentMethodCard, Card: &fuelportal.PaymentCard{Funding: fuelportal.CardFundingCredit}},
		{ID: "pm_debit", Type: fuelportal.PaymentMethodCard, Card: &fuelportal.PaymentCard{Funding: fuelportal.CardFundingDebit}},
	}, nil
}
func (p *fakeProvider) DetachPaymentMethod(context.Context, string) error { return nil }
func (p *fakeProvider) CreatePaymentIntent(_ context.Context, params fuelportal.PaymentIntentParams) (*fuelportal.PaymentIntent, error) {
	if p.decline {
		return nil, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "Your card was declined.")
	}
	p.charges = append(p.charges, params)
	return &fuelportal.PaymentIntent{ID: "pi_1", Status: fuelportal.PaymentSucceeded}, nil
}
func (p *fakeProvider) ParseEvent(payload []byte, signature string) (*fuelportal.PaymentEvent, error) {
	if signature != "good" {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "Invalid webhook signature")
	}
	return &fuelportal.PaymentEvent{ID: string(payload), Type: fuelportal.EventPaymentSucceeded}, nil
}

func newService() (*payments.Service, *fakeStore, *fakeProvider) {
	st, pr := &fakeStore{payments: map[string]*fuelportal.Payment{}}, &fakeProvider{}
	return payments.New(payments.Deps{Store: st, Provider: pr}), st, pr
}

func TestPay_ChargesTheFeeOnCreditCardsOnlyAndCreatesTheCustomerOnce(t *testing.T) {
	svc, _, pr := newService()
	ctx := context.Background()
	credit, err := svc.Pay(ctx, 7, fuelportal.PaymentRequest{AmountCents: 10_000, Currency: "usd", PaymentMethodID: "pm_credit", IdempotencyKey: "a"})
	if err != nil {
		t.Fatal(err)
	}
	debit, err := svc.Pay(ctx, 7, fuelportal.PaymentRequest{AmountCents: 10_000, Currency: "USD", PaymentMethodID: "pm_debit", IdempotencyKey: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if credit.FeeCents != 190 || credit.TotalCents != 10_190 || debit.FeeCents != 0 || debit.TotalCents != 10_000 {
		t.Fatalf("credit fee %d total %d, debit fee %d total %d", credit.FeeCents, credit.TotalCents, debit.FeeCents, debit.TotalCents)
	}
	if credit.Currency != "USD" || credit.Status != fuelportal.PaymentSucceeded {
		t.Fatalf("credit payment = %+v", credit)
	}
	if pr.customers != 1 || len(pr.charges) != 2 || pr.charges[0].TotalCents != 10_190 {
		t.Fatalf("customers %d, charges %+v", pr.customers, pr.charges)
	}
}

func TestPay_ARepeatedKeyAnswersTheFirstPaymentAndRefusesOtherDetails(t *testing.T) {
	svc, _, pr := newService()
	ctx := context.Background()
	req := fuelportal.PaymentRequest{AmountCents: 5_000, Currency: "USD", PaymentMethodID: "pm_debit", IdempotencyKey: "k"}
	first, err := svc.Pay(ctx, 7, req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := svc.Pay(ctx, 7, req)
	if err != nil || again.ID != first.ID || len(pr.charges) != 1 {
		t.Fatalf("repeat = %+v, %v; charges %d", again, err, len(pr.charges))
	}
	req.AmountCents = 6_000
	if _, err := svc.Pay(ctx, 7, req); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
		t.Fatalf("other amount with the same key: %v", err)
	}
}

func TestPay_RefusesBadRequestsBeforeCallingTheProvider(t *testing.T) {
	svc, _, pr := newService()
	ctx := context.Background()
	for _, req := range []fuelportal.PaymentRequest{
		{AmountCents: 0, Currency: "USD", PaymentMethodID: "pm_debit"},
		{AmountCents: 100, Currency: "EUR", PaymentMethodID: "pm_debit"},
		{AmountCents: 100, Currency: "USD"},
	} {
		if _, err := svc.Pay(ctx, 7, req); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Errorf("%+v: %v", req, err)
		}
	}
	_, err := svc.Pay(ctx, 7, fuelportal.PaymentRequest{AmountCents: -5, Currency: "USD", PaymentMethodID: "pm_debit"})
	if msg := fuelportal.ErrorMessage(err); msg != fuelportal.MsgInvalidAmount {
		t.Errorf("amount message = %q", msg)
	}
	if _, err := svc.Pay(ctx, 7, fuelportal.PaymentRequest{AmountCents: 100, Currency: "USD", PaymentMethodID: "pm_other"}); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
		t.Errorf("unknown method: %v", err)
	}
	if _, err := svc.Pay(ctx, 0, fuelportal.PaymentRequest{AmountCents: 100, Currency: "USD", PaymentMethodID: "pm_debit"}); fuelportal.ErrorCode(err) != fuelportal.EFORBIDDEN {
		t.Errorf("no company: %v", err)
	}
	if len(pr.charges) != 0 {
		t.Fatalf("charged %d times", len(pr.charges))
	}
}

func TestPay_ADeclineIsRecordedAndFinalForItsKey(t *testing.T) {
	svc, st, pr := newService()
	ctx := context.Background()
	pr.decline = true
	req := fuelportal.PaymentRequest{AmountCents: 100, Currency: "USD", PaymentMethodID: "pm_credit", IdempotencyKey: "d"}
	if _, err := svc.Pay(ctx, 7, req); fuelportal.ErrorCode(err) != fuelportal.EUNPROCESSABLE {
		t.Fatalf("decline: %v", err)
	}
	pr.decline = false
	_, err := svc.Pay(ctx, 7, req)
	if fuelportal.ErrorCode(err) != fuelportal.EUNPROCESSABLE || len(st.failed) != 1 || len(pr.charges) != 0 {
		t.Fatalf("retry after decline: %v, failed %v, charges %d", err, st.failed, len(pr.charges))
	}
}

func TestApplyEvent_AppliesOnlyVerifiedDeliveries(t *testing.T) {
	svc, st, _ := newService()
	ctx := context.Background()
	if _, _, err := svc.ApplyEvent(ctx, []byte("evt_1"), "forged"); fuelportal.ErrorCode(err) != fuelportal.EINVALID || len(st.events) != 0 {
		t.Fatalf("forged: %v, applied %d", err, len(st.events))
	}
	ev, outcome, err := svc.ApplyEvent(ctx, []byte("evt_1"), "good")
	if err != nil || ev.ID != "evt_1" || outcome != fuelportal.EventOutcomeCredited || len(st.events) != 1 {
		t.Fatalf("good: %+v %q %v", ev, outcome, err)
	}
	var fe *fuelportal.Error
	if _, _, err := svc.ApplyEvent(ctx, nil, ""); !errors.As(err, &fe) {
		t.Fatalf("error is not a *fuelportal.Error: %v", err)
	}
}
