package fuelportal

import (
	"strings"
	"testing"
	"time"
)

// checkCase is one call of a Check* decision: the code it answers ("":
// nil) and a part of its message.
type checkCase struct {
	name string
	err  error
	code string
	msg  string
}

func runChecks(t *testing.T, cases []checkCase) {
	t.Helper()
	for _, c := range cases {
		if got := ErrorCode(c.err); c.code == "" && c.err != nil || c.code != "" && got != c.code {
			t.Errorf("%s = %v, want code %q", c.name, c.err, c.code)
		} else if c.msg != "" && !strings.Contains(ErrorMessage(c.err), c.msg) {
			t.Errorf("%s = %q, want it to say %q", c.name, ErrorMessage(c.err), c.msg)
		}
	}
}

func TestChecks_CountLimitsAndInactiveEndpoint(t *testing.T) {
	runChecks(t, []checkCase{
		{"coding rules below the limit", CheckCodingRuleAdded(MaxCodingRules - 1), "", ""},
		{"coding rules at the limit", CheckCodingRuleAdded(MaxCodingRules), ECONFLICT, "at most 200 coding rules"},
		{"webhook endpoints at the limit", CheckWebhookEndpointAdded(MaxWebhookEndpoints), ECONFLICT, MsgWebhookTooMany},
		{"resend to an active endpoint", CheckWebhookResent(true), "", ""},
		{"resend to an inactive endpoint", CheckWebhookResent(false), ECONFLICT, MsgWebhookInactive},
	})
}

func TestCheckUserDeleted_TheOnlyOwnerStays(t *testing.T) {
	owner := &User{CompanyID: 7, MemberRole: MemberOwner, Company: &Company{Name: "Acme"}}
	driver := &User{CompanyID: 7, MemberRole: MemberDriver, Company: &Company{Name: "Acme"}}
	runChecks(t, []checkCase{
		{"the only owner", CheckUserDeleted(owner, 1), ECONFLICT, "You are the only owner of Acme."},
		{"one of two owners", CheckUserDeleted(owner, 2), "", ""},
		{"a driver of a company whose owner is gone", CheckUserDeleted(driver, 0), "", ""},
		{"an owner of no company", CheckUserDeleted(&User{MemberRole: MemberOwner}, 0), "", ""},
	})
}

func TestChecks_IFTA(t *testing.T) {
	e := &IFTAFuelEntry{Jurisdiction: "TX"}
	runChecks(t, []checkCase{
		{"delete in an open quarter", CheckIFTAEntryDeleted(false), "", ""},
		{"delete in a closed quarter", CheckIFTAEntryDeleted(true), ECONFLICT, MsgIFTAQuarterClosed},
		{"new fuel", CheckIFTAFuelAdded(e, IFTAFuelFacts{}), "", ""},
		{"fuel entered twice", CheckIFTAFuelAdded(e, IFTAFuelFacts{Entered: true, CardTransactionID: 9}), ECONFLICT, "already entered"},
		{"fuel bought on the card", CheckIFTAFuelAdded(e, IFTAFuelFacts{CardTransactionID: 9}), ECONFLICT, "in TX that day is already counted (transaction 9)"},
		{"closing an open return", CheckIFTAReturnClosing("diesel", 2026, 3, false), "", ""},
		{"closing a closed return", CheckIFTAReturnClosing("diesel", 2026, 3, true), ECONFLICT, "The diesel return of 2026Q3 is already closed"},
	})
}

func TestChecks_Trips(t *testing.T) {
	active := &Trip{Status: TripActive, Plan: &TripPlan{Version: 3}}
	locked := &Trip{Status: TripActive, OwnerLock: true, Plan: &TripPlan{Version: 1}}
	full := &Trip{Status: TripActive, Plan: &TripPlan{Version: MaxTripPlanVersions}}
	ended := &Trip{Status: TripCompleted, OwnerLock: true}
	pending := &TripRequest{Status: TripRequestPending, Kind: TripRequestReplan}
	runChecks(t, []checkCase{
		{"replan", CheckTripReplan(active, true), "", ""},
		{"replan an ended trip", CheckTripReplan(ended, false), ECONFLICT, "The trip is completed"},
		{"driver replans a locked trip", CheckTripReplan(locked, true), EFORBIDDEN, MsgOwnerLockedReplan},
		{"owner replans a locked trip", CheckTripReplan(locked, false), "", ""},
		{"replan past the versions", CheckTripReplan(full, false), ECONFLICT, "already has its 100 plan versions"},
		{"driver ends a locked trip", CheckTripEnd(locked, true), EFORBIDDEN, MsgOwnerLockedEnd},
		{"end an ended trip", CheckTripEnd(ended, false), ECONFLICT, "The trip is completed"},
		{"owner ends a locked trip", CheckTripEnd(locked, false), "", ""},
		{"request on a locked trip", CheckTripRequest(TripRequestFacts{Trip: locked}), "", ""},
		{"request on an unlocked trip", CheckTripRequest(TripRequestFacts{Trip: active}), EUNPROCESSABLE, MsgTripNotOwnerLocked},
		{"request on an ended trip", CheckTripRequest(TripRequestFacts{Trip: ended}), ECONFLICT, "The trip is completed"},
		{"second request of a kind", CheckTripRequest(TripRequestFacts{Trip: locked, Pending: 1}), ECONFLICT, MsgTripRequestPending},
		{"deny", CheckTripRequestDecision(TripRequestDecisionFacts{Request: pending, Trip: ended}), "", ""},
		{"approve a replan of a full trip", CheckTripRequestDecision(TripRequestDecisionFacts{Request: pending, Trip: full, Approve: true}), ECONFLICT, "plan versions"},
		{"approve an end of an ended trip", CheckTripRequestDecision(TripRequestDecisionFacts{Request: &TripRequest{Status: TripRequestPending, Kind: TripRequestEnd}, Trip: ended, Approve: true}), ECONFLICT, "The trip is completed"},
		{"decide again", CheckTripRequestDecision(TripRequestDecisionFacts{Request: &TripRequest{Status: TripRequestDenied}, Trip: locked}), ECONFLICT, MsgTripRequestDecided},
		{"trip for a free card", CheckTripCardFree(nil), "", ""},
		{"trip for a card on one", CheckTripCardFree(active), ECONFLICT, MsgTripCardBusy},
	})
}

func TestChecks_Groups(t *testing.T) {
	runChecks(t, []checkCase{
		{"unused group", CheckGroupDeleted(GroupUse{}), "", ""},
		{"group of members", CheckGroupDeleted(GroupUse{Members: 1, Invitations: 1}), ECONFLICT, "Members are limited"},
		{"group of invitations", CheckGroupDeleted(GroupUse{Invitations: 1, CodingRules: 1}), ECONFLICT, "Pending invitations"},
		{"group of rules", CheckGroupDeleted(GroupUse{CodingRules: 1}), ECONFLICT, "Coding rules match"},
		{"invite a new address", CheckInvitation(0), "", ""},
		{"invite a member", CheckInvitation(1), ECONFLICT, MsgAlreadyMember},
		{"join from no company", CheckJoin(JoinFacts{InvitedCompanyID: 2}), "", ""},
		{"join from a closed company", CheckJoin(JoinFacts{CompanyID: 1, CompanyClosed: true, InvitedCompanyID: 2}), "", ""},
		{"join from an open company", CheckJoin(JoinFacts{CompanyID: 1, InvitedCompanyID: 2}), ECONFLICT, MsgLoginElsewhere},
		{"join the own company", CheckJoin(JoinFacts{CompanyID: 2, InvitedCompanyID: 2}), ECONFLICT, MsgAlreadyMember},
	})
}

func TestChecks_CompanyCloseOverrideAndPumpAnswer(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	open := &PumpChallenge{ExpiresAt: now.Add(time.Minute)}
	runChecks(t, []checkCase{
		{"close an empty company", CheckCompanyClose(CompanyCloseFacts{}), "", ""},
		{"close a closed company", CheckCompanyClose(CompanyCloseFacts{Closed: true}), ECONFLICT, "The company is closed"},
		{"close with money on hold", CheckCompanyClose(CompanyCloseFacts{Held: 1}), ECONFLICT, MsgCompanyNotEmpty},
		{"close with a balance", CheckCompanyClose(CompanyCloseFacts{Balance: -1}), ECONFLICT, MsgCompanyNotEmpty},
		{"decide a pending override", CheckOverrideDecision(&OverrideRequest{Status: OverridePending}), "", ""},
		{"decide an override again", CheckOverrideDecision(&OverrideRequest{Status: OverrideDenied}), ECONFLICT, MsgOverrideRequestDecided},
		{"answer an open question", CheckPumpChallengeAnswered(open, now), "", ""},
		{"answer at its expiry", CheckPumpChallengeAnswered(open, now.Add(time.Minute)), ECONFLICT, MsgPumpChallengeClosed},
		{"answer twice", CheckPumpChallengeAnswered(&PumpChallenge{Answer: "yes", ExpiresAt: open.ExpiresAt}, now), ECONFLICT, MsgPumpChallengeClosed},
	})
}

// An answer's outcome: Yes does nothing more; No freezes the card and
// tells the owners; a closed question decides nothing.
func TestAnswerPumpChallenge_NoFreezesAndAlerts(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	c := &PumpChallenge{CompanyID: 7, CardID: 9, CardNumber: "7071000000000000017", UnitNumber: "U-1", StationName: "Pilot", ExpiresAt: now.Add(time.Minute)}
	if o, err := AnswerPumpChallenge(c, PumpAnswerYes, now); err != nil || o.FreezeCard || o.Event != nil {
		t.Fatalf("yes = %+v, %v", o, err)
	}
	o, err := AnswerPumpChallenge(c, PumpAnswerNo, now)
	if err != nil || !o.FreezeCard || o.Event == nil || o.Event.Type != EventPumpRefused || o.Event.CompanyID != 7 ||
		o.Event.Alert == nil || o.Event.Alert.CardID != 9 || o.Event.Alert.Message != PumpRefusedMessage(c) || o.Event.Notice == nil {
		t.Fatalf("no = %+v, %v", o, err)
	}
	if o, err := AnswerPumpChallenge(c, PumpAnswerNo, now.Add(time.Minute)); ErrorCode(err) != ECONFLICT || o.FreezeCard || o.Event != nil {
		t.Fatalf("expired = %+v, %v", o, err)
	}
}
