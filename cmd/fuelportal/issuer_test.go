package main

import (
	"strings"
	"testing"

	"fuelportal"
)

func TestIssuerFromEnv(t *testing.T) {
	const address = "100 Main St;Dallas;TX;75201;us"
	tests := []struct {
		name    string
		key     string // STRIPE_SECRET_KEY, read before
		env     map[string]string
		want    string
		wantErr string
	}{
		{"the network issuer is the default", "", nil, fuelportal.IssuerNetwork, ""},
		{"network named", "", map[string]string{"FUELPORTAL_ISSUER": "network"}, fuelportal.IssuerNetwork, ""},
		{"stripe with its key and address", "sk_test_1", map[string]string{"FUELPORTAL_ISSUER": "Stripe", "STRIPE_ISSUING_ADDRESS": address, "STRIPE_ISSUING_WEBHOOK_SECRET": "whsec_1"}, fuelportal.IssuerStripe, ""},
		{"an unknown issuer stops the server", "", map[string]string{"FUELPORTAL_ISSUER": "visa"}, "", "must be network or stripe"},
		{"stripe without a key stops the server", "", map[string]string{"FUELPORTAL_ISSUER": "stripe", "STRIPE_ISSUING_ADDRESS": address}, "", "needs STRIPE_SECRET_KEY"},
		{"stripe without an address stops the server", "sk_test_1", map[string]string{"FUELPORTAL_ISSUER": "stripe"}, "", "needs STRIPE_ISSUING_ADDRESS"},
		{"a malformed address stops the server", "sk_test_1", map[string]string{"FUELPORTAL_ISSUER": "stripe", "STRIPE_ISSUING_ADDRESS": "100 Main St, Dallas"}, "", "five parts"},
		{"a long country stops the server", "sk_test_1", map[string]string{"FUELPORTAL_ISSUER": "stripe", "STRIPE_ISSUING_ADDRESS": "1 A;B;TX;75201;USA"}, "", "two letters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Config{StripeSecretKey: tt.key}
			err := issuerFromEnv(&c, func(k string) string { return tt.env[k] })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to say %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || c.Issuer != tt.want || c.cardIssuer().Name() != tt.want {
				t.Fatalf("issuer %q, %v; want %q", c.Issuer, err, tt.want)
			}
			if tt.want == fuelportal.IssuerStripe && (c.IssuingAddress.Country != "US" || c.IssuingAddress.City != "Dallas" || c.StripeIssuingWebhookSecret != "whsec_1") {
				t.Fatalf("config %+v", c)
			}
		})
	}
}
