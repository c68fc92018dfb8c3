package stripe

import (
	"testing"
	"time"

	"fuelportal"
)

func TestParseGallons_ExactDecimal(t *testing.T) {
	for in, want := range map[string]fuelportal.Gallons{
		"": 0, "50.125": 50_125, "12.3456789": 12_345, "0.1": 100, "7": 7_000, "1999.999": 1_999_999,
	} {
		if got, err := parseGallons(in); err != nil || got != want {
			t.Errorf("parseGallons(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"-1", "1e3", "abc", ".", "2000.001", "1.2.3"} {
		if _, err := parseGallons(bad); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Errorf("parseGallons(%q) = %v; want EINVALID", bad, err)
		}
	}
}

func TestProductOfFuel(t *testing.T) {
	for _, tc := range []struct {
		code, typ string
		want      fuelportal.ProductCode
	}{
		{"019", "", fuelportal.ProductDiesel}, {"001", "", fuelportal.ProductGasoline}, {"", "diesel", fuelportal.ProductDiesel},
		{"", "unleaded_regular", fuelportal.ProductGasoline}, {"", "other", fuelportal.ProductOther}, {"999", "", fuelportal.ProductOther},
		{"021", "", fuelportal.ProductDiesel}, {"022", "", fuelportal.ProductOther}, {"026", "", fuelportal.ProductOther},
		{"029", "", fuelportal.ProductGasoline}, {"032", "", fuelportal.ProductReefer}, {"033", "", fuelportal.ProductReefer},
		{"036", "", fuelportal.ProductOther}, {"053", "", fuelportal.ProductDiesel}, {"061", "", fuelportal.ProductDiesel},
		{"062", "", fuelportal.ProductDEF}, {"071", "", fuelportal.ProductDiesel},
	} {
		if got := fuelportal.ProductOfFuel(tc.code, tc.typ); got != tc.want {
			t.Errorf("ProductOfFuel(%q, %q) = %s; want %s", tc.code, tc.typ, got, tc.want)
		}
	}
}

// issuingSeeds are Issuing events: genuine ones in Stripe's shape and
// hostile ones (values out of their bounds, wrong types, bad text).
var issuingSeeds = []string{
	`{"id":"evt_1","object":"event","type":"issuing_authorization.request","data":{"object":{"id":"iauth_1","object":"issuing.authorization","amount":0,"card":{"id":"ic_1"},"created":1764000000,"currency":"usd","is_amount_controllable":true,"merchant_data":{"name":"PILOT #412","city":"OCALA","state":"FL","postal_code":"34475","category":"fuel_dealers_non_automotive"},"pending_request":{"amount":5000,"is_amount_controllable":true},"fleet":{"cardholder_prompt_data":{"driver_id":"D-1","vehicle_number":"TRK-7","odometer":120345}},"fuel":{"type":"diesel","industry_product_code":"019","unit":"us_gallon","quantity_decimal":"12.5"}}}}`,
	`{"id":"evt_2","object":"event","type":"issuing_authorization.updated","data":{"object":{"id":"iauth_1","status":"reversed","amount":0,"fuel":{"quantity_decimal":"10"}}}}`,
	`{"id":"evt_3","object":"event","type":"issuing_transaction.created","data":{"object":{"id":"ipi_1","amount":-5000,"created":1764000000,"authorization":"iauth_1","card":"ic_1","merchant_data":{"name":"PILOT"},"purchase_details":{"fuel":{"type":"diesel","quantity_decimal":"12.955"}}}}}`,
	`{"id":"evt_4","object":"event","type":"issuing_authorization.request","data":{"object":{"id":"iauth_2","card":"ic_1","created":1764000000,"pending_request":{"amount":0,"is_amount_controllable":true}}}}`,
	`{"id":"evt_5","object":"event","type":"issuing_authorization.request","data":{"object":{"id":"iauth_3","card":"ic_1","created":-1000000000000,"merchant_data":{"name":"a\u0000b"},"fleet":{"cardholder_prompt_data":{"odometer":-5}}}}}`,
	`{"id":"evt_6","object":"event","type":"issuing_transaction.created","data":{"object":{"id":"ipi_2","amount":-9223372036854775808,"created":1764000000,"card":"ic_1"}}}`,
	`{"id":"evt_7","object":"event","type":"issuing_transaction.created","data":{"object":{"id":"ipi_3","amount":-1099511627776,"created":1764000000,"card":"ic_1"}}}`,
	"{\"id\":\"evt_8\",\"object\":\"event\",\"type\":\"issuing_authorization.request\",\"data\":{\"object\":{\"id\":\"iauth_4\",\"card\":\"ic_1\",\"created\":1764000000,\"merchant_data\":{\"city\":\"a\xff\xfeb\"}}}}",
	`{"id":"evt_9","object":"event","type":"issuing_authorization.request","data":{"object":{"id":"iauth_5","card":{"id":"ic_1"},"created":1764000000,"amount":1e30}}}`,
	`{"id":"evt_10","object":"event","type":"issuing_authorization.request","data":{"object":{"id":"iauth_6","card":["ic_1"],"created":"now"}}}`,
	`{"id":"evt_11","object":"event","type":"issuing_authorization.updated","data":{"object":{"id":"iauth_1","status":"a\u0007b","amount":-1}}}`,
	`{"id":"evt_12","object":"event","type":"charge.succeeded","data":{"object":{}}}`,
	`{"id":"","object":"event","type":"x"}`, `{"object":"event"}`, `null`, `[]`, ``,
}

// FuzzParseIssuingEvent signs any payload as Stripe does and parses it:
// it never panics, fails only with EINVALID, and an event it accepts holds
// only values within their bounds (what the databases store and the
// rules compare).
func FuzzParseIssuingEvent(f *testing.F) {
	for _, s := range issuingSeeds {
		f.Add([]byte(s))
	}
	const secret = "whsec_fuzz"
	f.Fuzz(func(t *testing.T, payload []byte) {
		ev, err := ParseIssuingEvent(payload, SignPayload(payload, secret, time.Now()), secret, 0)
		if err != nil {
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID {
				t.Fatalf("payload %q: error %v is not EINVALID", payload, err)
			}
			return
		}
		texts := []string{ev.ID}
		amounts := []int64{}
		times := []time.Time{}
		if r := ev.Request; r != nil {
			texts = append(texts, r.ID, r.IssuerCardID, r.MerchantName, r.MerchantCity, r.MerchantState, r.MerchantPostalCode,
				r.MerchantCategory, r.Prompt.DriverID, r.Prompt.UnitNumber)
			amounts, times = append(amounts, r.AmountCents), append(times, r.Created)
			if o := r.Prompt.Odometer; o != nil && !fuelportal.OdometerInBounds(*o) {
				t.Fatalf("payload %q: odometer %d accepted", payload, *o)
			}
			if r.Gallons < 0 || r.Gallons > fuelportal.MaxPurchaseGallons {
				t.Fatalf("payload %q: gallons %d accepted", payload, r.Gallons)
			}
		}
		if u := ev.Update; u != nil {
			texts, amounts = append(texts, u.AuthorizationID, u.Status), append(amounts, u.AmountCents)
		}
		if c := ev.Capture; c != nil {
			texts = append(texts, c.TransactionID, c.AuthorizationID, c.IssuerCardID, c.MerchantName, c.MerchantCity, c.MerchantState, c.MerchantPostalCode)
			times = append(times, c.Created) // its amount is the card money service's to bound
		}
		for _, s := range texts {
			if p := fuelportal.Rule("text").TextProblem(s); p != "" {
				t.Fatalf("payload %q: text %q accepted: %s", payload, s, p)
			}
		}
		for _, a := range amounts {
			if a < 0 || a > fuelportal.MaxAuthorizationCents {
				t.Fatalf("payload %q: amount %d accepted", payload, a)
			}
		}
		for _, at := range times {
			if !fuelportal.ReportedDateInBounds(at) {
				t.Fatalf("payload %q: time %v accepted", payload, at)
			}
		}
	})
}

// TestVerifySignature_RefusesOldAndFutureDates: a signature's time must
// lie within the tolerance of now, either way.
func TestVerifySignature_RefusesOldAndFutureDates(t *testing.T) {
	payload := []byte(`{"id":"evt_1","object":"event","type":"x"}`)
	const secret = "whsec_t"
	for _, tc := range []struct {
		name   string
		signed time.Duration // from now
		ok     bool
	}{
		{"now", 0, true},
		{"4 minutes ago", -4 * time.Minute, true},
		{"4 minutes ahead (clock skew)", 4 * time.Minute, true},
		{"6 minutes ago", -6 * time.Minute, false},
		{"6 minutes ahead", 6 * time.Minute, false},
		{"a year ahead", 365 * 24 * time.Hour, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := verifySignature(payload, SignPayload(payload, secret, time.Now().Add(tc.signed)), secret, 0)
			if (err == nil) != tc.ok {
				t.Fatalf("verifySignature = %v, want ok %v", err, tc.ok)
			}
		})
	}
}
