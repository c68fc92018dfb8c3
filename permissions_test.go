package fuelportal

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"testing"
)

// The web app's test server answers GET /api/account/permissions with
// copies of RoleActions and companyWide (web/src/test/server.ts): they
// must be the table, as sets, for every role it copies.
func TestRoleActions_WebTestServerCopiesTheTable(t *testing.T) {
	src, err := os.ReadFile("web/src/test/server.ts")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile(`(?s)role: '(\w+)' as const,.*?actions: \[(.*?)\]`).FindAllStringSubmatch(string(src), -1)
	if len(blocks) < 3 {
		t.Fatalf("found %d permissions answers in server.ts; want the owner's, a dispatcher's and a bookkeeper's", len(blocks))
	}
	for _, b := range blocks {
		role := MemberRole(b[1])
		var copied []Action
		for _, m := range regexp.MustCompile(`'([a-z.-]+)'`).FindAllStringSubmatch(b[2], -1) {
			copied = append(copied, Action(m[1]))
		}
		want := slices.Clone(RoleActions[role])
		slices.Sort(copied)
		slices.Sort(want)
		if !slices.Equal(copied, want) {
			t.Errorf("server.ts's %s actions = %v; permissions.go has %v", role, copied, want)
		}
	}
	// Its members limited to a group lose the company-wide actions (limitedToGroup).
	m := regexp.MustCompile(`(?s)companyWideActions = \[(.*?)\]`).FindStringSubmatch(string(src))
	if m == nil {
		t.Fatal("no companyWideActions in server.ts")
	}
	var copied []Action
	for _, a := range regexp.MustCompile(`'([a-z.-]+)'`).FindAllStringSubmatch(m[1], -1) {
		copied = append(copied, Action(a[1]))
	}
	want := slices.Clone(companyWide)
	slices.Sort(copied)
	slices.Sort(want)
	if !slices.Equal(copied, want) {
		t.Errorf("server.ts's companyWideActions = %v; permissions.go has %v", copied, want)
	}
}

func TestActionsOf_AMemberLimitedToAGroupHasNoCompanyWideAction(t *testing.T) {
	for _, role := range MemberRoles {
		whole, limited := ActionsOf(role, false), ActionsOf(role, true)
		if fmt.Sprint(whole) != fmt.Sprint(RoleActions[role]) {
			t.Errorf("%s, whole company: %v, want the table's %v", role, whole, RoleActions[role])
		}
		for _, a := range whole {
			companyWide := a == ActionIFTARead || a == ActionIFTAWrite || a == ActionStatementsRead ||
				a == ActionStatementsWrite || a == ActionAccountingSync || a == ActionPumpCheckCompany || a == ActionCompanySettings ||
				a == ActionGroupsWrite || a == ActionMembersWrite || a == ActionOwnersManage || a == ActionWebhooksManage ||
				a == ActionTelematicsManage || a == ActionWalletFund || a == ActionPaymentMethods
			if got := role.CanAs(a, true); got == companyWide {
				t.Errorf("%s limited to a group: may %s = %v", role, a, got)
			}
		}
		if len(limited) > len(whole) {
			t.Errorf("%s limited to a group may do more than the whole company's: %v", role, limited)
		}
	}
	if !MemberBookkeeper.CanAs(ActionTransactionsRead, true) || MemberBookkeeper.CanAs(ActionIFTARead, true) {
		t.Error("a group's bookkeeper reads the group's transactions and no IFTA return")
	}
	if !MemberDispatcher.CanAs(ActionPumpCheckManage, true) || MemberDispatcher.CanAs(ActionPumpCheckCompany, true) {
		t.Error("a group's dispatcher sets the group's pump check and not the company's")
	}
}

// A member limited to a group is refused a company-wide action with the
// reason; a role without the action, with the role's refusal.
func TestCheckAction_SaysWhetherTheRoleOrTheGroupLimitRefuses(t *testing.T) {
	for _, c := range []struct {
		role    MemberRole
		action  Action
		limited bool
		want    string
	}{
		{MemberDispatcher, ActionPumpCheckCompany, false, ""},
		{MemberDispatcher, ActionPumpCheckCompany, true, MsgWholeCompanyOnly},
		{MemberDispatcher, ActionPumpCheckManage, true, ""},
		{MemberBookkeeper, ActionPumpCheckCompany, true, MsgRoleForbidden},
		{MemberBookkeeper, ActionIFTARead, true, MsgWholeCompanyOnly},
		{MemberAdmin, ActionGroupsWrite, true, MsgWholeCompanyOnly},
		{MemberAdmin, ActionGroupsRead, true, ""},
		{MemberAdmin, ActionMembersWrite, true, MsgWholeCompanyOnly},
		{MemberAdmin, ActionMembersRead, true, ""},
		{MemberAdmin, ActionWebhooksManage, true, MsgWholeCompanyOnly},
		{MemberAdmin, ActionTelematicsManage, true, MsgWholeCompanyOnly},
		{MemberBookkeeper, ActionWalletFund, true, MsgWholeCompanyOnly},
		{MemberBookkeeper, ActionWalletRead, true, ""},
		{MemberAdmin, ActionPaymentMethods, true, MsgWholeCompanyOnly},
		{MemberDispatcher, ActionWalletFund, true, MsgRoleForbidden},
		{MemberDriver, ActionCardsRead, false, MsgRoleForbidden},
	} {
		err := c.role.CheckAction(c.action, c.limited)
		if c.want == "" && err != nil || c.want != "" && (ErrorCode(err) != EFORBIDDEN || ErrorMessage(err) != c.want) {
			t.Errorf("%s %s limited %v: %v, want %q", c.role, c.action, c.limited, err, c.want)
		}
	}
}

// What the group limit takes away is the role's actions a member limited
// to a group lacks, and exactly those the server refuses saying the group
// is why: every other action the member lacks, the role lacks.
func TestWithheldByGroup_IsWhatTheRoleHasAndTheGroupLimitTakes(t *testing.T) {
	for _, role := range MemberRoles {
		if whole := WithheldByGroup(role, false); len(whole) != 0 {
			t.Errorf("%s of the whole company: withheld %v", role, whole)
		}
		withheld := WithheldByGroup(role, true)
		for _, a := range allActions {
			err := role.CheckAction(a, true)
			byGroup := err != nil && ErrorMessage(err) == MsgWholeCompanyOnly
			if slices.Contains(withheld, a) != byGroup || byGroup && !role.Can(a) {
				t.Errorf("%s limited to a group, %s: withheld %v, refused with %v", role, a, slices.Contains(withheld, a), err)
			}
		}
	}
	for _, c := range []struct {
		role     MemberRole
		action   Action
		withheld bool
	}{
		{MemberBookkeeper, ActionWalletFund, true},
		{MemberBookkeeper, ActionMembersRead, false}, // no bookkeeper reads the members
		{MemberBookkeeper, ActionPumpCheckCompany, false},
		{MemberDispatcher, ActionPumpCheckCompany, true},
		{MemberDispatcher, ActionWebhooksManage, false},
		{MemberAdmin, ActionWebhooksManage, true},
		{MemberAdmin, ActionCompanyClose, false},
	} {
		if got := slices.Contains(WithheldByGroup(c.role, true), c.action); got != c.withheld {
			t.Errorf("%s limited to a group: %s withheld by the group = %v, want %v", c.role, c.action, got, c.withheld)
		}
	}
}
