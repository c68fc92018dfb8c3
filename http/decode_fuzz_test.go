package http

import (
	"bytes"
	"testing"

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
	fuzzDecoder(f, func(r *accountUpdateRequest) error { u := r.toDomain(); return u.Validate() },
		`{"firstName":"Al","lastName":"Bo","email":"a@b.co","phoneNumber":"5550100222"}`)
}

func FuzzDecodeResetComplete(f *testing.F) {
	fuzzDecoder(f, (*resetCompleteRequest).validate,
		`{"email":"a@b.co","otpCode":"123456","password":"Fresh#Pass9","passwordConfirm":"Fresh#Pass9"}`, `{"passwordConfirm":null}`)
}

func FuzzDecodeChangePassword(f *testing.F) {
	fuzzDecoder(f, (*changePasswordRequest).validate, `{"currentPassword":"DemoPass1","newPassword":"NewPass22"}`)
}
