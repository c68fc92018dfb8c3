package fuelportal_test

import (
	"testing"

	"fuelportal"
)

func TestAuditDiff_KeepsChangedFieldsAndHidesSecrets(t *testing.T) {
	before := map[string]any{"cardNumber": "7071000000001234", "limit": 100, "name": "A", "secret": "s1"}
	after := map[string]any{"cardNumber": "7071000000001234", "limit": 200, "name": "A", "secret": "s2", "signingToken": "t"}
	b, a, err := fuelportal.AuditDiff(before, after)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"limit":100}` || string(a) != `{"limit":200,"signingToken":"[hidden]"}` {
		t.Errorf("AuditDiff = %s, %s", b, a)
	}
	b, a, _ = fuelportal.AuditDiff(nil, map[string]any{"cardNumber": "7071000000001234"})
	if string(b) != `{}` || string(a) != `{"cardNumber":"…1234"}` {
		t.Errorf("AuditDiff of a creation = %s, %s", b, a)
	}
}

func TestAuditHash_CoversEveryField(t *testing.T) {
	e := fuelportal.AuditEvent{CompanyID: 1, Seq: 1, Kind: "card.updated", After: []byte(`{"a":1}`)}
	h := fuelportal.AuditHash(&e)
	e.After = []byte(`{"a":2}`)
	if fuelportal.AuditHash(&e) == h {
		t.Error("changing after kept the hash")
	}
}
