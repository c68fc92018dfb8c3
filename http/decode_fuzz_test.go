package http

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"fuelportal"
)

// fuzzDecoder checks that decoding and validating any body never panics
// and fails only with an EINVALID error the client can read.
func fuzzDecoder[T any](f *testing.F, validate func(*T) error, seeds ...string) {
	for _, s := range append(seeds, "", "{", "null", "[]", `"x"`, "{}", `{"a":1} {"b":2}`, "\xff\xfe") {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var v T
		err := decodeJSON(bytes.NewReader(body), &v)
		if err == nil {
			expectCleanText(t, body, reflect.ValueOf(&v))
		}
		if err == nil && validate != nil {
			err = validate(&v)
		}
		if err != nil && fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("body %q: error %v is not EINVALID", body, err)
		}
	})
}

func FuzzDecodeCredentials(f *testing.F) {
	fuzzDecoder(f, (*credentialsRequest).validate, `{"username":"owner@demo.test","password":"DemoPass1"}`, `{"username":5}`)
}

func FuzzDecodeOwnerSignUp(f *testing.F) {
	fuzzDecoder(f, func(r *ownerSignUpRequest) error { s := r.toDomain(); return s.Validate() },
		`{"email":"a@b.co","password":"GoodPass1","companyName":"Co","carrierId":1234567,"phoneNumber":"555 0100 22"}`,
		`{"carrierId":"1234567"}`, `{"carrierId":1.5e3}`, `{"carrierId":[1]}`, `{"carrierId":-1234567}`)
}

func FuzzDecodeDriverSignUp(f *testing.F) {
	fuzzDecoder(f, func(r *driverSignUpRequest) error { s := r.toDomain(); return s.Validate() },
		`{"email":"a@b.co","password":"GoodPass1","firstName":"Al","lastName":"Bo","companyName":"Co","cardNumber":"7071000000000000001","phoneNumber":"5550100222"}`)
}

func FuzzDecodeAccountUpdate(f *testing.F) {
	fuzzDecoder(f, func(r *accountUpdateRequest) error { u := r.toDomain(); return u.Validate(true) },
		`{"firstName":"Al","lastName":"Bo","email":"a@b.co","phoneNumber":"5550100222"}`)
}

func FuzzDecodeResetComplete(f *testing.F) {
	fuzzDecoder(f, (*resetCompleteRequest).validate,
		`{"email":"a@b.co","otpCode":"123456","password":"Fresh#Pass9","passwordConfirm":"Fresh#Pass9"}`, `{"passwordConfirm":null}`)
}

func FuzzDecodeChangePassword(f *testing.F) {
	fuzzDecoder(f, (*changePasswordRequest).validate, `{"currentPassword":"DemoPass1","newPassword":"NewPass22"}`)
}

// expectCleanText fails when a decoded value holds a string that is not
// UTF-8, holds a control character or is longer than any text rule allows.
func expectCleanText(t *testing.T, body []byte, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if !utf8.ValidString(s) || utf8.RuneCountInString(s) > 2000 || strings.IndexFunc(s, unicode.IsControl) >= 0 {
			t.Fatalf("body %q decoded into the bad string %q", body, s)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			expectCleanText(t, body, v.Elem())
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() != reflect.Uint8 {
			for i := range v.Len() {
				expectCleanText(t, body, v.Index(i))
			}
		}
	case reflect.Map:
		for iter := v.MapRange(); iter.Next(); {
			expectCleanText(t, body, iter.Key())
			expectCleanText(t, body, iter.Value())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				expectCleanText(t, body, v.Field(i))
			}
		}
	}
}

// FuzzDecodeText: whatever the body, decode either fails with EINVALID or
// yields only clean strings, in flat, nested, list, pointer and map fields.
func FuzzDecodeText(f *testing.F) {
	type nested struct {
		Code string `json:"code" text:"code"`
	}
	type request struct {
		Email   string            `json:"email" text:"email"`
		Name    *string           `json:"name" text:"driverName"`
		Codes   []string          `json:"codes" text:"code"`
		Nested  nested            `json:"nested"`
		List    []nested          `json:"list"`
		Extra   map[string]string `json:"extra"`
		Anytime any               `json:"any"`
	}
	fuzzDecoder[request](f, nil,
		`{"email":"a@b.co","name":"Al","codes":["A"],"nested":{"code":"X"},"list":[{"code":"Y"}],"extra":{"k":"v"},"any":{"k":["v"]}}`,
		`{"email":"a\u0000b"}`, `{"name":"\u0085"}`, "{\"codes\":[\"\xff\"]}", `{"extra":{"\u0001":"v"}}`, `{"any":["\u007f"]}`)
}

func FuzzDecodeCardUpdate(f *testing.F) {
	fuzzDecoder[cardDTO](f, nil, `{"cardNumber":"7071000000000000001","driverName":"Al Bo","driverId":"D1","unitNumber":"U1","status":"ACTIVE"}`)
}

// FuzzDecodeNetworkPurchase: a network purchase the decoder and the
// purchase's rules accept holds only values within their bounds.
func FuzzDecodeNetworkPurchase(f *testing.F) {
	fuzzDecoder(f, func(r *networkPurchaseRequest) error {
		p, err := r.purchase()
		if err != nil {
			return err
		}
		if p.Gallons <= 0 || p.Gallons > fuelportal.MaxPurchaseGallons || p.RetailPrice <= 0 || p.RetailPrice > fuelportal.MaxRetailPrice ||
			p.LocationID <= 0 || !fuelportal.ReportedDateInBounds(p.TransactionDate) || !odometerInBounds(p.Prompt.Odometer) {
			panic(fmt.Sprintf("purchase out of bounds accepted: %+v", p))
		}
		return nil
	},
		`{"networkTransactionId":"T-1","cardNumber":"7071000000000000001","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00"}`,
		`{"networkTransactionId":"T-1","cardNumber":"7071000000000000001","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"0001-01-01T00:00:00+14:00","odometer":-5}`,
		`{"networkTransactionId":"T-1","cardNumber":"7071000000000000001","locationId":-1,"gallons":1e30,"retailPrice":-1,"transactionDate":"9999-12-31T23:59:59"}`)
}

// FuzzDecodeNetworkAuthorization: a network authorization request the
// decoder and the request's rules accept holds only values within their
// bounds.
func FuzzDecodeNetworkAuthorization(f *testing.F) {
	fuzzDecoder(f, func(r *networkAuthorizationRequest) error {
		a, err := r.request()
		if err != nil {
			return err
		}
		if err := a.ValidateNetwork(); err != nil {
			return err
		}
		if a.AmountCents <= 0 || a.AmountCents > fuelportal.MaxAuthorizationCents || a.RetailPrice < 0 || a.RetailPrice > fuelportal.MaxRetailPrice ||
			a.LocationID <= 0 || !a.Created.IsZero() && !fuelportal.ReportedDateInBounds(a.Created) || !odometerInBounds(a.Prompt.Odometer) {
			panic(fmt.Sprintf("authorization request out of bounds accepted: %+v", a))
		}
		return nil
	},
		`{"authorizationId":"A-1","cardNumber":"7071000000000000001","locationId":1,"amount":50,"transactionDate":"2025-03-14T10:00:00"}`,
		`{"authorizationId":"A-1","cardNumber":"7071000000000000001","locationId":1,"amount":0,"odometer":-5,"retailPrice":1e30}`,
		`{"authorizationId":"A-1","cardNumber":"7071000000000000001","locationId":1,"amount":100000.01,"transactionDate":"0001-01-01T00:00:00+14:00"}`)
}

func odometerInBounds(miles *int64) bool { return miles == nil || fuelportal.OdometerInBounds(*miles) }
