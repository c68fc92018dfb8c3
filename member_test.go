package fuelportal

import "testing"

func TestCheckMemberChange(t *testing.T) {
	owner := &Member{ID: 1, Role: MemberOwner, Status: MemberActive}
	admin := &Member{ID: 2, Role: MemberAdmin, Status: MemberActive}
	otherOwner := &Member{ID: 3, Role: MemberOwner, Status: MemberActive}
	dispatcher := &Member{ID: 4, Role: MemberDispatcher, Status: MemberActive}
	driver := &Member{ID: 5, Role: MemberDriver, Status: MemberActive}
	role := func(r MemberRole) *MemberChange { return &MemberChange{Role: &r} }
	status := func(s MemberStatus) *MemberChange { return &MemberChange{Status: &s} }
	tests := []struct {
		name          string
		actor, target *Member
		change        *MemberChange
		owners        int
		code          string
	}{
		{"an owner demotes another owner", owner, otherOwner, role(MemberAdmin), 2, ""},
		{"an owner removes another owner", owner, otherOwner, nil, 2, ""},
		{"the last active owner is not demoted", admin, otherOwner, role(MemberAdmin), 1, EFORBIDDEN},
		{"the last active owner is not suspended", owner, otherOwner, status(MemberSuspended), 1, ECONFLICT},
		{"the last active owner is not removed", owner, otherOwner, nil, 1, ECONFLICT},
		{"a suspended owner may go when another is active", owner, &Member{ID: 6, Role: MemberOwner, Status: MemberSuspended}, nil, 1, ""},
		{"an admin manages no owner", admin, otherOwner, status(MemberSuspended), 2, EFORBIDDEN},
		{"an admin makes no owner", admin, dispatcher, role(MemberOwner), 2, EFORBIDDEN},
		{"an admin makes a bookkeeper", admin, dispatcher, role(MemberBookkeeper), 1, ""},
		{"a driver stays a driver", owner, driver, role(MemberAdmin), 1, EINVALID},
		{"nobody becomes a driver", owner, dispatcher, role(MemberDriver), 1, EINVALID},
		{"an unknown role", owner, dispatcher, role("boss"), 1, EINVALID},
		{"an unknown status", owner, dispatcher, status("GONE"), 1, EINVALID},
		{"a driver may be suspended", owner, driver, status(MemberSuspended), 1, ""},
		{"nobody changes themselves", owner, owner, role(MemberAdmin), 2, EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckMemberChange(tt.actor, tt.target, tt.change, tt.owners)
			if got := ErrorCode(err); err == nil && tt.code != "" || err != nil && got != tt.code {
				t.Fatalf("err = %v (%s), want %q", err, got, tt.code)
			}
		})
	}
}

func TestRoleActions_OwnersDoEverythingAndEachRoleKnowsItsLimits(t *testing.T) {
	for _, a := range allActions {
		if !MemberOwner.Can(a) {
			t.Errorf("owner cannot %s", a)
		}
	}
	for role, cannot := range map[MemberRole][]Action{
		MemberAdmin:      {ActionOwnersManage, ActionCompanyClose},
		MemberDispatcher: {ActionWalletRead, ActionWalletFund, ActionPaymentMethods, ActionContractRead, ActionMembersWrite, ActionWebhooksManage, ActionTelematicsManage},
		MemberBookkeeper: {ActionCardsWrite, ActionTripsWrite, ActionVehiclesWrite, ActionMembersWrite, ActionOverridesDecide},
		MemberDriver:     {ActionCardsRead, ActionTransactionsRead, ActionMembersRead},
	} {
		for _, a := range cannot {
			if role.Can(a) {
				t.Errorf("%s can %s", role, a)
			}
		}
	}
	if MemberRole("").Can(ActionStationsRead) {
		t.Error("no role can do anything")
	}
}

// BenchmarkRoleCan is the permission check every route pays: the role's
// row of RoleActions scanned for the route's action (the last one of the
// owner's row, the longest scan).
func BenchmarkRoleCan(b *testing.B) {
	last := allActions[len(allActions)-1]
	for i := 0; i < b.N; i++ {
		if !MemberOwner.Can(last) {
			b.Fatal("owner cannot")
		}
	}
}
