package demo

import (
	"context"
	"fmt"
	"math/rand/v2"

	"fuelportal"
)

func init() {
	Register(Step{Order: OrderAccounts, Name: "companies, users and cards", Run: seedAccounts})
}

// CardPlan describes one demo card.
type CardPlan struct {
	CardNumber string
	DriverName string
	DriverID   string
	UnitNumber string
	Status     fuelportal.CardStatus
	// LinkedTo is the e-mail of the driver user linked to the card, if any.
	LinkedTo string
}

// Demo companies.
var (
	DemoFreight  = fuelportal.Company{Name: "Demo Freight LLC", CarrierID: 1234567, PhoneNumber: "+1 (407) 555-0100"}
	OtherHaulers = fuelportal.Company{Name: "Other Haulers Inc", CarrierID: 7654321, PhoneNumber: "+1 (312) 555-0199"}
)

var driverNames = []string{
	"Dylan Driver", "Maria Lopez", "James Carter", "Aisha Johnson", "Robert Miller", "Linda Nguyen",
	"Michael Brown", "Patricia Davis", "William Garcia", "Jennifer Wilson", "David Martinez", "Susan Anderson",
	"Joseph Thomas", "Karen Taylor", "Charles Moore", "Nancy Jackson", "Thomas White", "Lisa Harris",
	"Daniel Martin", "Betty Thompson", "Matthew Clark", "Sandra Lewis", "Anthony Walker", "Ashley Hall",
	"Mark Allen", "Donna Young", "Steven King", "Emily Wright", "Paul Scott", "Michelle Green",
	"Andrew Baker", "Kimberly Adams",
}

var otherDriverNames = []string{
	"Oliver Grant", "Hannah Price", "Victor Reyes", "Grace Kim", "Samuel Ortiz", "Chloe Ward",
	"Ethan Brooks", "Zoe Ramirez",
}

// CardPlans lists the demo cards of each company, by company name. Demo
// Freight has 32 cards, the first linked to the demo driver and the last 5
// inactive; Other Haulers has 8 cards, one inactive.
var CardPlans = map[string][]CardPlan{
	DemoFreight.Name:  planCards(1, driverNames, 5, DriverEmail),
	OtherHaulers.Name: planCards(2, otherDriverNames, 1, ""),
}

// FreeCardNumbers lists the active Demo Freight cards no driver is linked
// to, for sign-up tests and demos (each can be used for one sign-up); the
// pending driver's card is not one of them.
var FreeCardNumbers = withoutCard(freeCards(CardPlans[DemoFreight.Name]), PendingCardNumber)

// OtherFreeCardNumbers lists the active Other Haulers cards no driver is
// linked to.
var OtherFreeCardNumbers = freeCards(CardPlans[OtherHaulers.Name])

func planCards(company int, names []string, inactive int, firstDriver string) []CardPlan {
	r := rand.New(rand.NewPCG(uint64(company), 7071))
	plans := make([]CardPlan, len(names))
	for i, name := range names {
		plans[i] = CardPlan{
			CardNumber: cardNumber(company, r),
			DriverName: name,
			DriverID:   fmt.Sprintf("DRV-%d%03d", company, 101+i),
			UnitNumber: fmt.Sprintf("TRK-%d%02d", company, 10+i*3),
			Status:     fuelportal.CardActive,
		}
		if i >= len(names)-inactive {
			plans[i].Status = fuelportal.CardInactive
		}
	}
	plans[0].LinkedTo = firstDriver
	return plans
}

// cardNumber returns a 19-digit fleet card number of the program
// (fuelportal.NewCardNumber) for the demo company's index.
func cardNumber(company int, r *rand.Rand) string {
	return fuelportal.NewCardNumber(int64(company), uint64(r.Int64N(1_000_000_000_000)))
}

func withoutCard(numbers []string, number string) []string {
	var rest []string
	for _, n := range numbers {
		if n != number {
			rest = append(rest, n)
		}
	}
	return rest
}

func freeCards(plans []CardPlan) []string {
	var free []string
	for _, p := range plans {
		if p.LinkedTo == "" && p.Status == fuelportal.CardActive {
			free = append(free, p.CardNumber)
		}
	}
	return free
}

func seedAccounts(ctx context.Context, env *Env) error {
	tx := env.Tx
	demo, other := DemoFreight, OtherHaulers
	env.DemoFreight, env.OtherHaulers = &demo, &other
	for _, c := range []*fuelportal.Company{env.DemoFreight, env.OtherHaulers} {
		if err := tx.CreateCompany(ctx, c); err != nil {
			return err
		}
	}
	env.Owner = &fuelportal.User{Email: OwnerEmail, FirstName: "Olivia", LastName: "Owner", PhoneNumber: "+1 (407) 555-0100",
		Role: fuelportal.RoleCompany, CompanyID: env.DemoFreight.ID}
	env.Driver = &fuelportal.User{Email: DriverEmail, FirstName: "Dylan", LastName: "Driver", PhoneNumber: "+1 (407) 555-0142",
		Role: fuelportal.RoleUser, CompanyID: env.DemoFreight.ID}
	env.OtherOwner = &fuelportal.User{Email: OtherOwnerEmail, FirstName: "Oscar", LastName: "Other", PhoneNumber: "+1 (312) 555-0199",
		Role: fuelportal.RoleCompany, CompanyID: env.OtherHaulers.ID}
	env.Bookkeeper = &fuelportal.User{Email: BookkeeperEmail, FirstName: "Beatrice", LastName: "Books", PhoneNumber: "+1 (407) 555-0107",
		Role: fuelportal.RoleCompany, MemberRole: fuelportal.MemberBookkeeper, CompanyID: env.DemoFreight.ID}
	users := map[string]*fuelportal.User{}
	for _, u := range []*fuelportal.User{env.Owner, env.Driver, env.OtherOwner, env.Bookkeeper} {
		u.PasswordHash = env.PasswordHash
		if err := tx.CreateUser(ctx, u); err != nil {
			return err
		}
		users[u.Email] = u
	}
	for _, company := range []*fuelportal.Company{env.DemoFreight, env.OtherHaulers} {
		for _, p := range CardPlans[company.Name] {
			card := &fuelportal.Card{CompanyID: company.ID, CardNumber: p.CardNumber, DriverName: p.DriverName,
				DriverID: p.DriverID, UnitNumber: p.UnitNumber, Status: p.Status,
				CreatedAt: env.Now.AddDate(0, 0, -PurchaseDays-1)} // before the replayed history
			if err := tx.CreateCard(ctx, card); err != nil {
				return err
			}
			if driver := users[p.LinkedTo]; driver != nil {
				if err := tx.LinkCardDriver(ctx, card.ID, driver.ID); err != nil {
					return err
				}
				card.DriverUserID = driver.ID
				driver.CardID, driver.CardNumber = card.ID, card.CardNumber
			}
			env.Cards[company.ID] = append(env.Cards[company.ID], card)
		}
	}
	return nil
}
