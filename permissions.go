package fuelportal

import "slices"

// MemberRole is what a member of a company may do there: one of the four
// office roles or a driver. The wire's authority (Role: ROLE_COMPANY for
// every office role, ROLE_USER for drivers) is kept beside it for the
// screens that only know those two.
type MemberRole string

// Member roles.
const (
	MemberOwner      MemberRole = "owner"      // everything, including owners and closing the company
	MemberAdmin      MemberRole = "admin"      // everything but managing owners and closing the company
	MemberDispatcher MemberRole = "dispatcher" // cards, controls, overrides, drivers, trips, vehicles, alerts
	MemberBookkeeper MemberRole = "bookkeeper" // reads money, funds the wallet, runs exports, keeps IFTA
	MemberDriver     MemberRole = "driver"     // their own card, transactions and trips
)

// MemberRoles are the member roles, most powerful first.
var MemberRoles = []MemberRole{MemberOwner, MemberAdmin, MemberDispatcher, MemberBookkeeper, MemberDriver}

// Valid reports whether r is a member role.
func (r MemberRole) Valid() bool { return slices.Contains(MemberRoles, r) }

// Office reports whether r is an office role (a ROLE_COMPANY user).
func (r MemberRole) Office() bool { return r.Valid() && r != MemberDriver }

// Authority is the wire role (ROLE_COMPANY or ROLE_USER) of a member of
// role r.
func (r MemberRole) Authority() Role {
	if r.Office() {
		return RoleCompany
	}
	return RoleUser
}

// Action is something a route does that a role may or may not do. Every
// route of the API names one (http/routes.go); the server lets a request
// through only when the caller's role has it (RoleActions).
type Action string

// Actions.
const (
	ActionStationsRead     Action = "stations.read"         // stations, maps, the fuel assistant
	ActionTripsRead        Action = "trips.read"            // trips (the company's, or a driver's own)
	ActionTripsWrite       Action = "trips.write"           // plan, re-plan, complete and cancel trips
	ActionTripsDecide      Action = "trips.decide"          // decide drivers' requests to end or re-plan a locked trip
	ActionDriverSelf       Action = "driver.self"           // a driver's own card, transactions and requests
	ActionCardsRead        Action = "cards.read"            // the company's cards and their controls
	ActionCardsWrite       Action = "cards.write"           // order, freeze and edit cards, their controls and overrides
	ActionCardsReveal      Action = "cards.reveal"          // show a card's full number
	ActionOverridesDecide  Action = "overrides.decide"      // decide drivers' override requests
	ActionDriversApprove   Action = "drivers.approve"       // approve or decline drivers who signed up
	ActionVehiclesRead     Action = "vehicles.read"         // vehicles, their mileage and odometer
	ActionVehiclesWrite    Action = "vehicles.write"        // add, edit, import and remove vehicles, record odometer readings
	ActionTransactionsRead Action = "transactions.read"     // the company's transactions, receipts and spending
	ActionExportsRun       Action = "exports.run"           // download transaction and compliance exports
	ActionAlertsRead       Action = "alerts.read"           // the company's alerts
	ActionComplianceRead   Action = "compliance.read"       // the company's trip compliance
	ActionContractRead     Action = "contract.read"         // the contract and its prices
	ActionContractWrite    Action = "contract.write"        // the planner's cost settings
	ActionWalletRead       Action = "wallet.read"           // the wallet and its ledger
	ActionWalletFund       Action = "wallet.fund"           // fund the wallet with a saved method, set its low-balance alert
	ActionPaymentMethods   Action = "payment-methods.write" // add and remove payment methods
	ActionIFTARead         Action = "ifta.read"             // IFTA returns, miles and fuel
	ActionIFTAWrite        Action = "ifta.write"            // IFTA entries, rates and closing a quarter
	ActionTelematicsManage Action = "telematics.manage"     // the telematics token and the vendor connectors (API credentials)
	ActionWebhooksManage   Action = "webhooks.manage"       // webhook endpoints and their deliveries
	ActionMembersRead      Action = "members.read"          // the company's members and invitations
	ActionMembersWrite     Action = "members.write"         // invite, change, suspend and remove members
	ActionOwnersManage     Action = "owners.manage"         // invite, change, suspend and remove owners
	ActionGroupsRead       Action = "groups.read"           // the company's groups
	ActionGroupsWrite      Action = "groups.write"          // create, rename and delete groups
	ActionCompanyClose     Action = "company.close"         // close the company's account
	ActionCompanySettings  Action = "company.settings"      // the company's controls and authorization settings
	ActionAuditRead        Action = "audit.read"            // the audit trail: who changed what
	ActionTransactionsCode Action = "transactions.code"     // code purchases (account, class, job, memo) and keep the coding rules
	ActionPumpCheckManage  Action = "pump-check.manage"     // each card group's pump check settings
	ActionPumpCheckCompany Action = "pump-check.company"    // the company-wide pump check settings
	ActionStatementsRead   Action = "statements.read"       // the company's period statements, their downloads and the accounting exports
	ActionStatementsWrite  Action = "statements.write"      // the statement period (monthly or weekly)
	ActionAccountingSync   Action = "accounting.sync"       // the QuickBooks Online connection: connect, map accounts, push, disconnect
)

// RoleActions is the one table of what each role may do. The server
// enforces it on every route and GET /api/account/permissions returns it;
// the web app hides what a role cannot do from it.
var RoleActions = map[MemberRole][]Action{
	MemberOwner: allActions,
	MemberAdmin: without(allActions, ActionOwnersManage, ActionCompanyClose),
	MemberDispatcher: {
		ActionStationsRead, ActionTripsRead, ActionTripsWrite, ActionTripsDecide,
		ActionCardsRead, ActionCardsWrite, ActionCardsReveal, ActionOverridesDecide, ActionDriversApprove,
		ActionVehiclesRead, ActionVehiclesWrite, ActionTransactionsRead, ActionAlertsRead, ActionComplianceRead,
		ActionCompanySettings, ActionGroupsRead, ActionPumpCheckManage, ActionPumpCheckCompany,
	},
	MemberBookkeeper: {
		ActionStationsRead, ActionTripsRead, ActionCardsRead, ActionVehiclesRead, ActionTransactionsRead,
		ActionExportsRun, ActionAlertsRead, ActionComplianceRead, ActionContractRead, ActionWalletRead,
		ActionWalletFund, ActionIFTARead, ActionIFTAWrite, ActionGroupsRead, ActionTransactionsCode,
		ActionStatementsRead, ActionStatementsWrite, ActionAccountingSync,
	},
	MemberDriver: {ActionStationsRead, ActionTripsRead, ActionTripsWrite, ActionCardsReveal, ActionDriverSelf},
}

// allActions is every action but a driver's own (owners have no card).
var allActions = []Action{
	ActionStationsRead, ActionTripsRead, ActionTripsWrite, ActionTripsDecide,
	ActionCardsRead, ActionCardsWrite, ActionCardsReveal, ActionOverridesDecide, ActionDriversApprove,
	ActionVehiclesRead, ActionVehiclesWrite, ActionTransactionsRead, ActionExportsRun, ActionAlertsRead,
	ActionComplianceRead, ActionContractRead, ActionContractWrite, ActionWalletRead, ActionWalletFund,
	ActionPaymentMethods, ActionIFTARead, ActionIFTAWrite, ActionTelematicsManage, ActionWebhooksManage,
	ActionMembersRead, ActionMembersWrite, ActionOwnersManage, ActionGroupsRead, ActionGroupsWrite,
	ActionCompanyClose, ActionCompanySettings, ActionAuditRead, ActionTransactionsCode, ActionPumpCheckManage,
	ActionPumpCheckCompany, ActionStatementsRead, ActionStatementsWrite, ActionAccountingSync,
}

func without(actions []Action, drop ...Action) []Action {
	return slices.DeleteFunc(slices.Clone(actions), func(a Action) bool { return slices.Contains(drop, a) })
}

// Can reports whether role r may do a (RoleActions); an unknown role may
// do nothing.
func (r MemberRole) Can(a Action) bool { return slices.Contains(RoleActions[r], a) }

// companyWide are the actions a member limited to a group does not have,
// whatever the role: each reads or changes a document of the whole company
// (the IFTA return, filed per licensee over the whole fleet; the statements
// and the accounting exports, equal to the company's ledger; the QuickBooks
// push of every purchase), of which a group's share would be another, wrong
// document; or changes a setting of every group's cards (the company's pump
// check, which each group without its own follows; the company's card
// controls and authorization settings, which every card follows); or
// decides what every member sees: the groups themselves (adding, renaming
// and deleting groups, and putting cards and vehicles in them) and the
// members (inviting, changing, suspending and removing them, which gives
// or lifts their role and group); or reaches every group's data or money:
// the webhook endpoints (each hears every group's events) and the
// telematics token and connectors (each feeds every group's vehicles), the
// one wallet every card spends from (funding it, its low-balance alert,
// the payment methods it is charged to).
var companyWide = []Action{ActionIFTARead, ActionIFTAWrite, ActionStatementsRead, ActionStatementsWrite, ActionAccountingSync,
	ActionPumpCheckCompany, ActionCompanySettings, ActionGroupsWrite, ActionMembersWrite, ActionOwnersManage,
	ActionWebhooksManage, ActionTelematicsManage, ActionWalletFund, ActionPaymentMethods}

// ActionsOf is what a member of role r may do: RoleActions, less the
// company-wide actions when the member is limited to a group.
func ActionsOf(r MemberRole, limitedToGroup bool) []Action {
	if !limitedToGroup {
		return RoleActions[r]
	}
	return without(RoleActions[r], companyWide...)
}

// WithheldByGroup is what role r may do that the member, limited to a
// group or not, may not (RoleActions less ActionsOf: the role's
// company-wide actions for a member limited to a group, none otherwise).
// An action the member lacks that is not here, the role lacks.
func WithheldByGroup(r MemberRole, limitedToGroup bool) []Action {
	return without(RoleActions[r], ActionsOf(r, limitedToGroup)...)
}

// CanAs reports whether a member of role r, limited to a group or not, may
// do a (ActionsOf).
func (r MemberRole) CanAs(a Action, limitedToGroup bool) bool {
	return slices.Contains(ActionsOf(r, limitedToGroup), a)
}

// CheckAction decides whether a member of role r, limited to a group or
// not, may do a (ActionsOf): EFORBIDDEN MsgRoleForbidden when the role may
// not, MsgWholeCompanyOnly when only the group limit stands in the way
// (WithheldByGroup).
func (r MemberRole) CheckAction(a Action, limitedToGroup bool) error {
	switch {
	case r.CanAs(a, limitedToGroup):
		return nil
	case slices.Contains(WithheldByGroup(r, limitedToGroup), a):
		return Errorf(EFORBIDDEN, MsgWholeCompanyOnly)
	}
	return Errorf(EFORBIDDEN, MsgRoleForbidden)
}

// Messages of the permission table.
const (
	// MsgRoleForbidden is the 403 answer to a route the caller's role may
	// not use.
	MsgRoleForbidden = "Access forbidden - Insufficient permissions"
	// MsgWholeCompanyOnly is the 403 answer to a member limited to a group
	// who asks for a company-wide action their role otherwise has.
	MsgWholeCompanyOnly = MsgRoleForbidden + ": your access is limited to a group, and this covers the whole company"
)

// MemberScope is what a member acts on: their company, and the group of
// cards and vehicles they are limited to (0: the whole company).
type MemberScope struct {
	CompanyID int64
	GroupID   int64
}

// CheckWholeCompany is nil for a member of the whole company and
// EFORBIDDEN MsgWholeCompanyOnly for one limited to a group, who changes
// no company-wide setting (companyWide).
func (s MemberScope) CheckWholeCompany() error {
	if s.GroupID != 0 {
		return Errorf(EFORBIDDEN, MsgWholeCompanyOnly)
	}
	return nil
}

// CheckSeesGroup is nil when the member sees the company's group id (every
// member of the whole company does), else ENOTFOUND "Group not found", as
// another company's group.
func (s MemberScope) CheckSeesGroup(id int64) error {
	if s.GroupID != 0 && s.GroupID != id {
		return Errorf(ENOTFOUND, "Group not found")
	}
	return nil
}
