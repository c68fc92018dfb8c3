package fuelportal_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"fuelportal"
)

func TestErrorHelpers(t *testing.T) {
	wrapped := fmt.Errorf("saving: %w", fuelportal.Errorf(fuelportal.ECONFLICT, "Card %s taken", "7071"))
	if fuelportal.ErrorCode(wrapped) != fuelportal.ECONFLICT || fuelportal.ErrorMessage(wrapped) != "Card 7071 taken" {
		t.Fatalf("code/message of wrapped error = %q/%q", fuelportal.ErrorCode(wrapped), fuelportal.ErrorMessage(wrapped))
	}
	plain := errors.New("disk on fire")
	if fuelportal.ErrorCode(plain) != fuelportal.EINTERNAL || strings.Contains(fuelportal.ErrorMessage(plain), "disk") {
		t.Fatal("internal error leaks its text")
	}
	if fuelportal.ErrorCode(nil) != "" {
		t.Fatal("nil error has a code")
	}
	fe := fuelportal.FieldErrors{}
	if fe.Err() != nil {
		t.Fatal("empty FieldErrors is an error")
	}
	fe.Add("email", "a")
	fe.Add("email", "b")
	if got := fuelportal.ErrorFields(fe.Err())["email"]; len(got) != 2 || fuelportal.ErrorCode(fe.Err()) != fuelportal.EINVALID {
		t.Fatalf("fields = %v", got)
	}
}

func TestValidators(t *testing.T) {
	type validator func(fuelportal.FieldErrors, string, string)
	name := func(fe fuelportal.FieldErrors, field, v string) {
		fuelportal.ValidatePersonName(fe, field, "First name", v)
	}
	tests := []struct {
		name  string
		check validator
		value string
		want  string // "" = valid
	}{
		{"address is valid", fuelportal.ValidateEmail, "a.b+c@fleet.example.com", ""},
		{"address without domain dot is invalid", fuelportal.ValidateEmail, "a@b", fuelportal.MsgEmailInvalid},
		{"address with space is invalid", fuelportal.ValidateEmail, "a b@c.de", fuelportal.MsgEmailInvalid},
		{"blank address is required", fuelportal.ValidateEmail, "  ", fuelportal.MsgEmailRequired},
		{"password of 8 with letter and digit is valid", fuelportal.ValidatePassword, "abcdefg1", ""},
		{"password of 32 is valid", fuelportal.ValidatePassword, strings.Repeat("a", 31) + "1", ""},
		{"password of 33 is too long", fuelportal.ValidatePassword, strings.Repeat("a", 32) + "1", fuelportal.MsgPasswordTooLong},
		{"password of digits only is weak", fuelportal.ValidatePassword, "12345678", fuelportal.MsgPasswordWeak},
		{"reset password needs a symbol", fuelportal.ValidateResetPassword, "abcdefg1", fuelportal.MsgResetPasswordWeak},
		{"reset password with symbol is valid", fuelportal.ValidateResetPassword, "abcdef1!", ""},
		{"underscore is not a symbol", fuelportal.ValidateResetPassword, "abcdef1_", fuelportal.MsgResetPasswordWeak},
		{"company of 2 is valid", fuelportal.ValidateCompanyName, "AB", ""},
		{"company of 1 is too short", fuelportal.ValidateCompanyName, " A ", fuelportal.MsgCompanyNameTooShort},
		{"company of 101 is too long", fuelportal.ValidateCompanyName, strings.Repeat("x", 101), fuelportal.MsgCompanyNameTooLong},
		{"card of 19 digits is valid", fuelportal.ValidateCardNumber, "7071000000000000001", ""},
		{"card of 16 digits is invalid", fuelportal.ValidateCardNumber, "7071000000000000", fuelportal.MsgCardNumberLength},
		{"carrier of 7 digits is valid", fuelportal.ValidateCarrierID, "1234567", ""},
		{"carrier with leading zero is invalid", fuelportal.ValidateCarrierID, "0123456", fuelportal.MsgCarrierIDLength},
		{"carrier of 10 digits is invalid", fuelportal.ValidateCarrierID, "1234567890", fuelportal.MsgCarrierIDLength},
		{"empty carrier is required", fuelportal.ValidateCarrierID, "", fuelportal.MsgCarrierIDRequired},
		{"US phone with punctuation is valid", fuelportal.ValidatePhoneNumber, "+1 (407) 555-0100", ""},
		{"phone with letters is invalid", fuelportal.ValidatePhoneNumber, "555-CALL-NOW", fuelportal.MsgPhoneInvalid},
		{"phone plus in the middle is invalid", fuelportal.ValidatePhoneNumber, "555+0100222", fuelportal.MsgPhoneInvalid},
		{"too few digits is invalid", fuelportal.ValidatePhoneNumber, "(12) 34", fuelportal.MsgPhoneInvalid},
		{"name of 2 letters is valid", name, "Al", ""},
		{"name of 51 is too long", name, strings.Repeat("a", 51), "First name must not exceed 50 characters"},
		{"accented name counts characters", name, "Zoë", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fe := fuelportal.FieldErrors{}
			tt.check(fe, "f", tt.value)
			got := ""
			if len(fe["f"]) > 0 {
				got = fe["f"][0]
			}
			if got != tt.want {
				t.Fatalf("%q: got %q, want %q", tt.value, got, tt.want)
			}
		})
	}
}

func TestPasswordHasher(t *testing.T) {
	ctx := context.Background()
	h := fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)
	hash, err := h.Hash(ctx, "DemoPass1")
	if err != nil || !strings.HasPrefix(hash, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash = %q, %v", hash, err)
	}
	if ok, err := h.Verify(ctx, "DemoPass1", hash); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, _ := h.Verify(ctx, "DemoPass2", hash); ok {
		t.Fatal("wrong password accepted")
	}
	if ok, err := h.Verify(ctx, "anything", ""); ok || err != nil {
		t.Fatalf("unknown user: %v %v", ok, err)
	}
	if _, err := h.Verify(ctx, "x", "$bcrypt$nope"); err == nil {
		t.Fatal("malformed hash accepted")
	}
	other, _ := h.Hash(ctx, "DemoPass1")
	if other == hash {
		t.Fatal("salt not random")
	}
}

func TestMaskedCardNumber(t *testing.T) {
	if got := fuelportal.MaskedCardNumber("7071000000000001234"); got != "***************1234" {
		t.Fatalf("got %q", got)
	}
}
