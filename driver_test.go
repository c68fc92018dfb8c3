package fuelportal

import (
	"testing"
	"time"
)

func TestSameCompanyName(t *testing.T) {
	for _, tc := range []struct {
		typed, stored string
		same          bool
	}{
		{"Demo Freight LLC", "Demo Freight LLC", true},
		{"demo freight", "Demo Freight LLC", true},
		{"Demo Freight, L.L.C.", "Demo Freight LLC", true},
		{"DEMO  FREIGHT INC", "Demo Freight LLC", true},
		{" Demo Freight Co. ", "Demo Freight LLC", true},
		{"Demo Freight Corp", "Demo Freight, Ltd.", true},
		{"Demo-Freight", "Demo Freight LLC", true},
		{"Demo Fr8", "Demo Freight LLC", false},
		{"Demo", "Demo Freight LLC", false},
		{"Freight Demo", "Demo Freight LLC", false},
		{"Demo Freight Lines", "Demo Freight LLC", false},
		{"LLC", "Demo Freight LLC", false},
		{"", "Demo Freight LLC", false},
		{"...", "", false},
		{"Co", "Co", true},
	} {
		if got := SameCompanyName(tc.typed, tc.stored); got != tc.same {
			t.Errorf("SameCompanyName(%q, %q) = %v, want %v", tc.typed, tc.stored, got, tc.same)
		}
	}
}

func TestDecideDriverRequest_ApprovingOneDeclinesTheOthers(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	f := DriverRequestFacts{UserID: 7, RequestedAt: now.Add(-time.Hour), Now: now, CardID: 3, Others: []int64{8, 9}}
	got, err := DecideDriverRequest(f, DriverApproved)
	if err != nil || len(got) != 3 || got[0] != (DriverDecision{7, DriverApproved}) || got[2] != (DriverDecision{9, DriverRejected}) {
		t.Fatalf("approve = %v, %v", got, err)
	}
	if got, err := DecideDriverRequest(f, DriverRejected); err != nil || len(got) != 1 {
		t.Fatalf("decline = %v, %v; want only the request asked about", got, err)
	}
	if _, err := DecideDriverRequest(f, DriverPending); ErrorCode(err) != EINVALID {
		t.Fatalf("pending decision = %v, want EINVALID", err)
	}
	f.RequestedAt = now.Add(-DriverRequestTTL)
	if _, err := DecideDriverRequest(f, DriverApproved); ErrorCode(err) != ENOTFOUND {
		t.Fatalf("expired = %v, want ENOTFOUND", err)
	}
}

func TestCheckSignUpCard_OneAnswerForEveryMismatch(t *testing.T) {
	card := &SignUpCard{ID: 1, CompanyID: 2, CompanyName: "Acme Trucking LLC"}
	if err := CheckSignUpCard(card, "acme trucking"); err != nil {
		t.Fatalf("matching name: %v", err)
	}
	held := *card
	held.HasDriver = true
	for _, c := range []*SignUpCard{nil, &held} {
		if fields := ErrorFields(CheckSignUpCard(c, "Acme Trucking")); len(fields["cardNumber"]) != 1 || len(fields["companyName"]) != 1 {
			t.Fatalf("CheckSignUpCard(%v) fields = %v", c, fields)
		}
	}
}

func TestDriverDecisionMail_InTheDriversLanguage(t *testing.T) {
	company := &Company{Name: "Demo Freight LLC"}
	en := &User{Email: "dan@fleet.test", Company: company}
	m := DriverDecisionMail(en, DriverApproved, "https://portal.example.com")
	if m.To != "dan@fleet.test" || m.Subject != "Your Fuel Portal account is approved" ||
		m.Body != "Good news: Demo Freight LLC approved your Fuel Portal account.\n\nSign in to see your fuel card, spending and transactions.\n\nhttps://portal.example.com/signin\n" {
		t.Errorf("English approval = %+v", m)
	}
	es := &User{Email: "lucia@fleet.test", Language: LanguageSpanish, Company: company}
	m = DriverDecisionMail(es, DriverRejected, "https://portal.example.com")
	if m.Subject != "Su solicitud en Fuel Portal fue rechazada" ||
		m.Body != "Demo Freight LLC rechazó su solicitud para unirse a la empresa en Fuel Portal.\n\nSi cree que es un error, pregunte a su gerente de flota.\n" {
		t.Errorf("Spanish decline = %+v", m)
	}
}
