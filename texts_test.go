package fuelportal_test

import (
	"encoding/json"
	"os"
	"testing"

	"fuelportal"
)

// serverMessages are the server's sentences the web app shows through a
// key (common.json serverMessages), so that a driver reads them in their
// language; the key names the constant.
var serverMessages = map[string]string{
	"emailRequired":          fuelportal.MsgEmailRequired,
	"emailInvalid":           fuelportal.MsgEmailInvalid,
	"emailTaken":             fuelportal.MsgEmailTaken,
	"passwordRequired":       fuelportal.MsgPasswordRequired,
	"passwordTooShort":       fuelportal.MsgPasswordTooShort,
	"passwordTooLong":        fuelportal.MsgPasswordTooLong,
	"passwordWeak":           fuelportal.MsgPasswordWeak,
	"resetPasswordWeak":      fuelportal.MsgResetPasswordWeak,
	"passwordsMustMatch":     fuelportal.MsgPasswordsMustMatch,
	"currentPasswordWrong":   fuelportal.MsgCurrentPasswordWrong,
	"signInPasswordTooShort": fuelportal.MsgSignInPasswordTooShort,
	"fieldRequired":          fuelportal.MsgFieldRequired,
	"companyNameRequired":    fuelportal.MsgCompanyNameRequired,
	"companyNameTooShort":    fuelportal.MsgCompanyNameTooShort,
	"companyNameTooLong":     fuelportal.MsgCompanyNameTooLong,
	"cardNumberRequired":     fuelportal.MsgCardNumberRequired,
	"cardNumberLength":       fuelportal.MsgCardNumberLength,
	"cardNumberInvalid":      fuelportal.MsgCardNumberInvalid,
	"cardCompanyMismatch":    fuelportal.MsgCardCompanyMismatch,
	"phoneRequired":          fuelportal.MsgPhoneRequired,
	"phoneInvalid":           fuelportal.MsgPhoneInvalid,
	"textControlChars":       fuelportal.MsgTextControlChars,
	"languageInvalid":        fuelportal.MsgLanguageInvalid,
	"driverPending":          fuelportal.MsgDriverPending,
	"driverDeclined":         fuelportal.MsgDriverDeclined,
	"noDeclineToOverride":    fuelportal.MsgNoDeclineToOverride,
	"odometerNoVehicle":      fuelportal.MsgOdometerNoVehicle,
	"odometerNotPossible":    fuelportal.MsgOdometerNotPossible,
	"odometerRange":          fuelportal.MsgOdometerRange,
	"odometerReadAtTooOld":   fuelportal.MsgOdometerReadAtTooOld,
	"odometerBounds":         fuelportal.MsgOdometerBounds,
	"overrideRequestPending": fuelportal.MsgOverrideRequestPending,
	"ownerLockedEnd":         fuelportal.MsgOwnerLockedEnd,
	"ownerLockedReplan":      fuelportal.MsgOwnerLockedReplan,
	"tripNotOwnerLocked":     fuelportal.MsgTripNotOwnerLocked,
	"tripRequestPending":     fuelportal.MsgTripRequestPending,
	"noVehicleWithUnit":      fuelportal.MsgNoVehicleWithUnit,
	"vehicleOutOfService":    fuelportal.MsgVehicleOutOfService,
	"codingRuleEmpty":        fuelportal.MsgCodingRuleEmpty,
	"alreadyMember":          fuelportal.MsgAlreadyMember,
	"loginElsewhere":         fuelportal.MsgLoginElsewhere,
	"groupNameTaken":         fuelportal.MsgGroupNameTaken,
}

// TestServerMessages_MatchTheWebApp: the web app finds a server sentence's
// key by its English text, so en-US common.json must say exactly what the
// server's constants say, and have no key the server does not send.
func TestServerMessages_MatchTheWebApp(t *testing.T) {
	raw, err := os.ReadFile("web/src/locales/en-US/common.json")
	if err != nil {
		t.Fatal(err)
	}
	var texts struct {
		ServerMessages map[string]string `json:"serverMessages"`
	}
	if err := json.Unmarshal(raw, &texts); err != nil {
		t.Fatal(err)
	}
	for key, sentence := range serverMessages {
		if texts.ServerMessages[key] != sentence {
			t.Errorf("%s: the web app says %q, the server %q", key, texts.ServerMessages[key], sentence)
		}
	}
	for key := range texts.ServerMessages {
		if _, ok := serverMessages[key]; !ok {
			t.Errorf("the web app's serverMessages.%s is no server constant (add it to serverMessages here)", key)
		}
	}
}
