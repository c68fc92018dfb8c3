package http

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"fuelportal"
)

// ownerSignUpRequest creates a company and its owner. carrierId is an
// integer; a string of digits is accepted too.
type ownerSignUpRequest struct {
	Username    string          `json:"username" text:"email"`
	Email       string          `json:"email" text:"email"`
	Password    string          `json:"password" text:"password"`
	CompanyName string          `json:"companyName" text:"companyName"`
	CarrierID   json.RawMessage `json:"carrierId"`
	PhoneNumber string          `json:"phoneNumber" text:"phoneNumber"`
}

func (req *ownerSignUpRequest) toDomain() fuelportal.OwnerSignUp {
	return fuelportal.OwnerSignUp{
		Email:       signUpEmail(req.Email, req.Username),
		Password:    req.Password,
		CompanyName: strings.TrimSpace(req.CompanyName),
		CarrierID:   carrierDigits(req.CarrierID),
		PhoneNumber: strings.TrimSpace(req.PhoneNumber),
	}
}

// driverSignUpRequest creates a driver linked to a company card.
type driverSignUpRequest struct {
	Username    string `json:"username" text:"email"`
	Email       string `json:"email" text:"email"`
	Password    string `json:"password" text:"password"`
	FirstName   string `json:"firstName" text:"firstName"`
	LastName    string `json:"lastName" text:"lastName"`
	CompanyName string `json:"companyName" text:"companyName"`
	CardNumber  string `json:"cardNumber" text:"cardNumber"`
	PhoneNumber string `json:"phoneNumber" text:"phoneNumber"`
	// Language is the app's language at sign-up (optional, en or es).
	Language string `json:"language" text:"code"`
}

func (req *driverSignUpRequest) toDomain() fuelportal.DriverSignUp {
	return fuelportal.DriverSignUp{
		Email:       signUpEmail(req.Email, req.Username),
		Password:    req.Password,
		FirstName:   strings.TrimSpace(req.FirstName),
		LastName:    strings.TrimSpace(req.LastName),
		CompanyName: strings.TrimSpace(req.CompanyName),
		CardNumber:  strings.TrimSpace(req.CardNumber),
		PhoneNumber: strings.TrimSpace(req.PhoneNumber),
		Language:    fuelportal.Language(req.Language),
	}
}

// signUpEmail is the e-mail, or the username when only it is sent (the
// app sends both, equal).
func signUpEmail(email, username string) string {
	if strings.TrimSpace(email) == "" {
		return username
	}
	return email
}

// carrierDigits renders a JSON carrier id (number or string) as its digits;
// anything else becomes a value the validation rejects.
func carrierDigits(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String() // "12.5" or "1e6" fail the digits check
	}
	return "invalid"
}

type emailAvailableResponse struct {
	Available bool `json:"available"`
}

type cardValidResponse struct {
	Valid bool `json:"valid"`
}

// handleOwnerSignUp creates a company and its owner (ROLE_COMPANY).
func (s *Server) handleOwnerSignUp(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req ownerSignUpRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	signUp := req.toDomain()
	if err := signUp.Validate(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !s.allow(w, r, s.Limits.SignUps) {
		return
	}

	owner, err := s.Accounts.SignUpOwner(ctx, signUp)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, accountFromUser(owner))
}

// handleDriverSignUp creates a driver (ROLE_USER) asking for an existing
// company card that no approved driver holds, pending until the company
// approves; other pending requests for the card do not stand in the way.
// The company name must be the card's (fuelportal.SameCompanyName): an
// unknown card, a taken card and a wrong company name get the same answer,
// on both fields, after the same work.
func (s *Server) handleDriverSignUp(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req driverSignUpRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	signUp := req.toDomain()
	if err := signUp.Validate(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !s.allow(w, r, s.Limits.SignUps) {
		return
	}

	driver, err := s.Accounts.SignUpDriver(ctx, signUp)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, accountFromUser(driver))
}

// handleCheckEmail answers whether an e-mail is free for sign-up.
func (s *Server) handleCheckEmail(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	email := pathText(fe, r, "email", "email")
	if !fe.Has("email") {
		fuelportal.ValidateEmail(fe, "email", email)
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !s.allow(w, r, s.Limits.AvailabilityChecks) {
		return
	}

	if err := s.Accounts.CheckEmailFree(r.Context(), email); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, emailAvailableResponse{Available: true})
}

// handleCheckCardNumber answers whether a driver can sign up with a card
// number: it must be an existing company card with no approved driver
// (pending requests for it do not count). Every
// other case gets the same 404, so numbers cannot be probed for existence.
func (s *Server) handleCheckCardNumber(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	number := pathText(fe, r, "cardNumber", "cardNumber")
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !s.allow(w, r, s.Limits.AvailabilityChecks) {
		return
	}
	if err := s.Accounts.CheckCardOpen(r.Context(), number); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, cardValidResponse{Valid: true})
}
