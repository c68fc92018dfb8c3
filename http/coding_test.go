package http_test

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

var errFound = errors.New("found")

// approvedPurchase returns the id of an approved purchase of the company.
func approvedPurchase(f *fleet, company int64) int64 {
	ids := approvedPurchases(f, company, 1)
	if len(ids) == 0 {
		return 0
	}
	return ids[0]
}

// approvedPurchases returns the ids of up to n approved purchases of the
// company, newest first.
func approvedPurchases(f *fleet, company int64, n int) []int64 {
	var ids []int64
	_ = f.db.EachTransaction(context.Background(), fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: company}},
		func(t *fuelportal.Transaction) error {
			if t.Status == fuelportal.TransactionApproved {
				ids = append(ids, t.ID)
			}
			if len(ids) == n {
				return errFound
			}
			return nil
		})
	return ids
}

type codedItem struct {
	TransactionID int64
	Coding        fuelportal.Coding
	JobRequired   bool
	MissingJob    bool
}

func TestCoding_BulkRecodeIsAuditedAndAllOrNothing(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		ids := approvedPurchases(f, f.demoCompany, 3)
		other := approvedPurchase(f, f.otherCompany)
		before := auditRows(t, f, f.demoCompany)
		coding := map[string]string{"account": "Fuel:Linehaul", "class": "Dallas", "job": "J-7", "memo": "=HYPERLINK(\"http://x\")"}

		// Another company's id in the list: 404, nothing changes.
		res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/transactions/coding", Token: f.owner,
			Body: map[string]any{"ids": append(append([]int64{}, ids...), other), "coding": coding}})
		if res.Status != 404 {
			t.Fatalf("bulk with another company's id = %d %s, want 404", res.Status, res.Body)
		}
		if got := auditRows(t, f, f.demoCompany); got != before {
			t.Fatalf("audit rows %d after a refused bulk, want %d", got, before)
		}
		for _, id := range ids {
			tr, _ := f.db.Transaction(context.Background(), fuelportal.TransactionScope{CompanyID: f.demoCompany}, id)
			if !tr.Coding.Empty() {
				t.Fatalf("purchase %d coded %+v by a refused bulk", id, tr.Coding)
			}
		}

		res = f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/transactions/coding", Token: f.owner,
			Body: map[string]any{"ids": append(ids, ids[0]), "coding": coding}})
		if res.Status != 200 {
			t.Fatalf("bulk = %d %s", res.Status, res.Body)
		}
		var out struct{ Content []codedItem }
		res.Decode(t, &out)
		if len(out.Content) != len(ids) || out.Content[0].Coding.Job != "J-7" {
			t.Fatalf("bulk answered %+v", out.Content)
		}
		if got := auditRows(t, f, f.demoCompany); got != before+len(ids) {
			t.Errorf("audit rows %d, want %d (one per purchase)", got, before+len(ids))
		}
		events, _, _ := f.db.AuditEvents(context.Background(), fuelportal.AuditFilter{CompanyID: f.demoCompany, Kind: fuelportal.AuditTransactionCoded, Limit: 10})
		if len(events) != len(ids) || !strings.Contains(string(events[0].After), "J-7") || string(events[0].Before) == string(events[0].After) {
			t.Errorf("audit rows of the bulk = %d, first %s → %s", len(events), events[0].Before, events[0].After)
		}
	})
}

func TestCoding_HostileInputIs400(t *testing.T) {
	f := newFleetOn(t, newFixture(t))
	id := approvedPurchase(f, f.demoCompany)
	huge := make([]int64, fuelportal.MaxCodingIDs+1)
	for i := range huge {
		huge[i] = int64(i + 1)
	}
	long := strings.Repeat("x", fuelportal.MaxCodingTextLength+1)
	for _, c := range []struct {
		name, method, path string
		body               any
	}{
		{"too many ids", "POST", "/api/wex/company/transactions/coding", map[string]any{"ids": huge, "coding": map[string]string{"account": "A"}}},
		{"no ids", "POST", "/api/wex/company/transactions/coding", map[string]any{"ids": []int64{}, "coding": map[string]string{"account": "A"}}},
		{"a long account", "PUT", fmt.Sprintf("/api/wex/company/transactions/%d/coding", id), map[string]string{"account": long}},
		{"a long memo", "PUT", fmt.Sprintf("/api/wex/company/transactions/%d/coding", id), map[string]string{"memo": strings.Repeat("m", 501)}},
		{"a rule coding nothing", "POST", "/api/wex/company/coding-rules", map[string]any{"match": map[string]string{"product": "DSL"}, "coding": map[string]string{}}},
		{"a rule of an unknown product", "POST", "/api/wex/company/coding-rules", map[string]any{"match": map[string]string{"product": "XXX"}, "coding": map[string]string{"account": "A"}}},
		{"a rule naming another company's card", "POST", "/api/wex/company/coding-rules", map[string]any{"match": map[string]string{"cardNumber": demo.CardPlans[demo.OtherHaulers.Name][0].CardNumber}, "coding": map[string]string{"account": "A"}}},
		{"an export of ten years", "GET", "/api/wex/company/accounting/export?format=qbo-csv&from=2016-01-01&to=2025-12-31", nil},
		{"an export of an unknown format", "GET", "/api/wex/company/accounting/export?format=xls&from=2025-01-01&to=2025-01-31", nil},
		{"an export without dates", "GET", "/api/wex/company/accounting/export?format=qbo-csv", nil},
		{"an export ending before it starts", "GET", "/api/wex/company/accounting/export?format=qbo-csv&from=2025-02-01&to=2025-01-01", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := f.api.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body, Token: f.owner, BreaksContract: true})
			if res.Status != 400 {
				t.Errorf("= %d %s, want 400", res.Status, res.Body)
			}
		})
	}
}

// Every coding route answers 404 for another company's transaction, rule
// or card, and changes nothing there.
func TestCoding_IsolationOfEveryRoute(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		otherTx := approvedPurchase(f, f.otherCompany)
		res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/coding-rules", Token: f.other,
			Body: map[string]any{"coding": map[string]string{"account": "Theirs"}}})
		if res.Status != 201 {
			t.Fatalf("other company's rule = %d %s", res.Status, res.Body)
		}
		var rule struct{ ID int64 }
		res.Decode(t, &rule)
		otherCard := demo.CardPlans[demo.OtherHaulers.Name][0].CardNumber
		for _, c := range []struct {
			method, path, token string
			body                any
		}{
			{"PUT", fmt.Sprintf("/api/wex/company/transactions/%d/coding", otherTx), f.owner, map[string]string{"account": "X"}},
			{"POST", "/api/wex/company/transactions/coding", f.owner, map[string]any{"ids": []int64{otherTx}, "coding": map[string]string{"account": "X"}}},
			{"PUT", fmt.Sprintf("/api/wex/transactions/%d/job", otherTx), f.driver, map[string]string{"job": "X"}},
			{"PUT", fmt.Sprintf("/api/wex/company/coding-rules/%d", rule.ID), f.owner, map[string]any{"coding": map[string]string{"account": "X"}}},
			{"DELETE", fmt.Sprintf("/api/wex/company/coding-rules/%d", rule.ID), f.owner, nil},
			{"PUT", "/api/wex/company/cards/" + otherCard + "/require-job", f.owner, map[string]any{"requireJob": true}},
		} {
			if res := f.api.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body, Token: c.token}); res.Status != 404 {
				t.Errorf("%s %s = %d %s, want 404", c.method, c.path, res.Status, res.Body)
			}
		}
		tr, _ := f.db.Transaction(context.Background(), fuelportal.TransactionScope{CompanyID: f.otherCompany}, otherTx)
		rules, _ := f.db.CodingRules(context.Background(), f.otherCompany)
		if !tr.Coding.Empty() || len(rules) != 1 || rules[0].Coding.Account != "Theirs" {
			t.Errorf("other company's purchase %+v, rules %+v after the calls", tr.Coding, rules)
		}
		var list struct{ Content []struct{ ID int64 } }
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/coding-rules", Token: f.owner}).Decode(t, &list)
		if len(list.Content) != 0 {
			t.Errorf("the demo company sees rules %+v", list.Content)
		}
	})
}

// Rules code a purchase as it posts through the network endpoint; a card
// that requires a job shows its purchase as missing one until the driver
// answers.
func TestCoding_RulesCodeNetworkPurchasesAndTheDriverGivesTheJob(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		for _, body := range []map[string]any{
			{"match": map[string]string{"product": "DEF"}, "coding": map[string]string{"account": "Fluids"}},
			{"match": map[string]string{"cardNumber": f.driverCard}, "coding": map[string]string{"account": "Fuel:Card", "class": "North"}},
			{"coding": map[string]string{"account": "Fuel"}},
		} {
			if res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/coding-rules", Token: f.owner, Body: body}); res.Status != 201 {
				t.Fatalf("rule = %d %s", res.Status, res.Body)
			}
		}
		if res := f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/cards/" + f.driverCard + "/require-job", Token: f.owner,
			Body: map[string]any{"requireJob": true}}); res.Status != 200 {
			t.Fatalf("require job = %d %s", res.Status, res.Body)
		}
		var bought networkResult
		f.postPurchase("CODING-NET-1", f.driverCard, "50").Decode(t, &bought)
		if bought.Status != "APPROVED" {
			t.Fatalf("purchase %+v", bought)
		}
		var got codedItem
		f.api.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/wex/company/transactions/%d", bought.TransactionID), Token: f.owner}).Decode(t, &got)
		if got.Coding.Account != "Fuel:Card" || got.Coding.Class != "North" || !got.MissingJob {
			t.Fatalf("coded %+v, want the card's rule and a missing job", got)
		}
		var missing struct {
			Content []codedItem
			Page    struct{ TotalElements int }
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/transactions?missingJob=true", Token: f.owner}).Decode(t, &missing)
		if missing.Page.TotalElements != 1 || missing.Content[0].TransactionID != bought.TransactionID {
			t.Fatalf("missing job list %+v", missing)
		}
		// The driver's own count and their notice; another company sees none of it.
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/transactions?missingJob=true", Token: f.driver}).Decode(t, &missing)
		if missing.Page.TotalElements != 1 || missing.Content[0].TransactionID != bought.TransactionID {
			t.Fatalf("the driver's missing job list %+v", missing)
		}
		var notices struct {
			Content []struct {
				Kind          string
				URL           string
				TransactionID *int64
			}
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/notifications", Token: f.driver}).Decode(t, &notices)
		if len(notices.Content) == 0 || notices.Content[0].URL != fmt.Sprintf("/transactions/%d", bought.TransactionID) {
			t.Fatalf("the driver's notices %+v, want the job question first", notices.Content)
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/transactions?missingJob=true", Token: f.other}).Decode(t, &missing)
		if missing.Page.TotalElements != 0 {
			t.Fatalf("another company's missing job list %+v", missing)
		}
		res := f.api.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/api/wex/transactions/%d/job", bought.TransactionID), Token: f.driver,
			Body: map[string]string{"job": "  J-42 "}})
		if res.Status != 200 {
			t.Fatalf("driver's job = %d %s", res.Status, res.Body)
		}
		res.Decode(t, &got)
		if got.Coding.Job != "J-42" || got.Coding.Account != "Fuel:Card" || got.MissingJob {
			t.Errorf("after the driver's answer %+v", got)
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/transactions?missingJob=true", Token: f.owner}).Decode(t, &missing)
		if missing.Page.TotalElements != 0 {
			t.Errorf("still missing: %+v", missing)
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/transactions?missingJob=true", Token: f.driver}).Decode(t, &missing)
		if missing.Page.TotalElements != 0 {
			t.Errorf("the driver's list still missing: %+v", missing)
		}
	})
}

// The three formats parse back as CSV; the journal's debits equal its
// credits; a formula-looking memo is not a formula.
func TestAccountingExport_FormatsParseBack(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		id := approvedPurchase(f, f.demoCompany)
		f.api.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/api/wex/company/transactions/%d/coding", id), Token: f.owner,
			Body: map[string]string{"account": "@SUM(A1)", "memo": "=HYPERLINK(\"http://evil\",\"x\")"}})
		tr, _ := f.db.Transaction(context.Background(), fuelportal.TransactionScope{CompanyID: f.demoCompany}, id)
		day := tr.TransactionDate.Format("2006-01-02")
		from := tr.TransactionDate.AddDate(0, 0, -40).Format("2006-01-02")
		for _, c := range []struct {
			format string
			header string
		}{
			{"qbo-csv", "Date,Description,Amount"},
			{"qbo-expenses-csv", "Date,Ref No,Payee,Account,Amount,Class,Customer/Project,Memo"},
			{"xero-csv", "Date,Amount,Payee,Description,Reference"},
			{"journal-csv", "Date,Account,Debit,Credit,Class,Job,Memo,Reference"},
		} {
			t.Run(c.format, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "GET", Token: f.owner,
					Path: "/api/wex/company/accounting/export?format=" + c.format + "&from=" + from + "&to=" + day})
				if res.Status != 200 {
					t.Fatalf("= %d %s", res.Status, res.Body)
				}
				rows, err := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
				if err != nil || len(rows) < 2 || strings.Join(rows[0], ",") != c.header {
					t.Fatalf("parsed %d rows, header %v, %v", len(rows), rows[0], err)
				}
				var sum int64
				for _, row := range rows[1:] {
					for _, cell := range row {
						if cell != "" && strings.ContainsRune("=+@\t\r", rune(cell[0])) {
							t.Errorf("cell %q would be a formula", cell)
						}
					}
					if c.format == "journal-csv" {
						sum += csvCents(t, row[2]) - csvCents(t, row[3])
					}
				}
				if sum != 0 {
					t.Errorf("journal debits minus credits = %d cents, want 0", sum)
				}
				if !strings.Contains(string(res.Body), "'=HYPERLINK") && c.format != "qbo-csv" && c.format != "xero-csv" {
					t.Errorf("the formula memo is not neutralised:\n%s", res.Body)
				}
			})
		}
	})
}

func csvCents(t *testing.T, s string) int64 {
	if s == "" {
		return 0
	}
	n, err := fuelportal.ParseDecimal(s, 2)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	return n
}

// An export of a statement lists the purchases its movements pay for;
// another company's statement is 404, a bad id or a statement with a date
// range 400.
func TestAccountingExport_OfAStatement(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var list struct {
			Content []struct {
				ID     int64
				Status string
			}
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/statements", Token: f.owner}).Decode(t, &list)
		var closed int64
		for _, st := range list.Content {
			if st.Status == "CLOSED" {
				closed = st.ID
				break
			}
		}
		if closed == 0 {
			t.Fatalf("no closed statement in %+v", list.Content)
		}
		var lines struct {
			Lines []struct {
				Kind     string
				Purchase *struct{ InvoiceRef string }
			}
		}
		f.api.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/wex/company/statements/%d", closed), Token: f.owner}).Decode(t, &lines)
		want := map[string]bool{}
		for _, l := range lines.Lines {
			if l.Kind == "FUEL_PURCHASE" && l.Purchase != nil {
				want[l.Purchase.InvoiceRef] = true
			}
		}
		res := f.api.Do(apitest.Request{Method: "GET", Token: f.owner, Path: fmt.Sprintf("/api/wex/company/accounting/export?format=xero-csv&statementId=%d", closed)})
		if res.Status != 200 {
			t.Fatalf("= %d %s", res.Status, res.Body)
		}
		rows, err := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
		if err != nil || len(rows) != len(want)+1 || len(want) == 0 {
			t.Fatalf("%d rows for %d purchases of the statement, %v", len(rows), len(want), err)
		}
		for _, row := range rows[1:] {
			if !want[row[4]] {
				t.Errorf("row %v is not a purchase of the statement", row)
			}
		}
		var other struct{ Content []struct{ ID int64 } }
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/statements", Token: f.other}).Decode(t, &other)
		if len(other.Content) == 0 {
			t.Fatal("the other company has no statement")
		}
		for _, c := range []struct {
			query  string
			status int
		}{
			{fmt.Sprintf("format=qbo-csv&statementId=%d", other.Content[0].ID), 404},
			{fmt.Sprintf("format=qbo-csv&statementId=%d&from=2025-01-01&to=2025-01-31", closed), 400},
			{fmt.Sprintf("format=qbo-csv&statementId=%d&from=2025-01-01", closed), 400},
			{"format=qbo-csv&statementId=abc", 400},
			{"format=qbo-csv&statementId=0", 400},
			{"format=qbo-csv&statementId=", 400},
			{"format=qbo-csv&statementId=99999999999999999999", 400},
			{fmt.Sprintf("format=xls&statementId=%d", closed), 400},
		} {
			res := f.api.Do(apitest.Request{Method: "GET", Token: f.owner, Path: "/api/wex/company/accounting/export?" + c.query, BreaksContract: c.status == 400})
			if res.Status != c.status {
				t.Errorf("%s = %d %s, want %d", c.query, res.Status, res.Body, c.status)
			}
		}
	})
}

// A bookkeeper limited to a group keeps the group's coding rules only:
// the list holds the rules of the group or of its cards (never another
// group's card number, nor a rule of no group, which codes every group's
// purchases), and the group's cards that require a job; another rule is
// 404 to change or delete, as another company's; the rules they add are
// the group's, and another group's card or group is a field error as an
// unknown one.
func TestCoding_ABookkeeperLimitedToAGroupKeepsTheGroupsRules(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		north, south := f.twoGroups(t)
		plans := demo.CardPlans[demo.DemoFreight.Name]
		mineCard, theirCard := plans[0].CardNumber, plans[1].CardNumber
		f.api.Put("/api/wex/company/cards/"+mineCard+"/group", map[string]any{"groupId": north}, f.owner).ExpectStatus(t, 204)
		f.api.Put("/api/wex/company/cards/"+theirCard+"/group", map[string]any{"groupId": south}, f.owner).ExpectStatus(t, 204)
		for _, card := range []string{mineCard, theirCard} {
			f.api.Put("/api/wex/company/cards/"+card+"/require-job", map[string]any{"requireJob": true}, f.owner).ExpectStatus(t, 200)
		}
		type rule struct {
			ID    int64
			Match fuelportal.CodingMatch
		}
		add := func(token string, match map[string]any, account string) rule {
			var r rule
			f.api.Post("/api/wex/company/coding-rules", map[string]any{"match": match, "coding": map[string]string{"account": account}}, token).
				ExpectStatus(t, 201).Decode(t, &r)
			return r
		}
		ofMyCard := add(f.owner, map[string]any{"cardNumber": mineCard}, "Mine")
		ofTheirCard := add(f.owner, map[string]any{"cardNumber": theirCard}, "Theirs")
		ofMyGroupAndTheirCard := add(f.owner, map[string]any{"cardNumber": theirCard, "groupId": north}, "Mixed")
		ofTheirGroup := add(f.owner, map[string]any{"groupId": south}, "South")
		ofEveryGroup := add(f.owner, map[string]any{"product": "DSL"}, "Diesel")
		ofMyGroup := add(f.owner, map[string]any{"groupId": north}, "North")
		bookkeeper := f.member(t, f.owner, "north.books@example.com", "bookkeeper", north)

		type list struct {
			Content           []rule
			CardsRequiringJob []string
		}
		var seen list
		res := f.api.Get("/api/wex/company/coding-rules", bookkeeper).ExpectStatus(t, 200)
		res.Decode(t, &seen)
		if strings.Contains(string(res.Body), theirCard) {
			t.Fatalf("the group's bookkeeper reads another group's card number: %s", res.Body)
		}
		ids := []int64{}
		for _, r := range seen.Content {
			ids = append(ids, r.ID)
		}
		if fmt.Sprint(ids) != fmt.Sprint([]int64{ofMyCard.ID, ofMyGroup.ID}) || fmt.Sprint(seen.CardsRequiringJob) != fmt.Sprint([]string{mineCard}) {
			t.Fatalf("the group's bookkeeper sees rules %v and cards %v", ids, seen.CardsRequiringJob)
		}
		change := map[string]any{"match": map[string]any{}, "coding": map[string]string{"account": "Changed"}}
		for _, r := range []rule{ofTheirCard, ofMyGroupAndTheirCard, ofTheirGroup, ofEveryGroup} {
			path := fmt.Sprintf("/api/wex/company/coding-rules/%d", r.ID)
			f.api.Put(path, change, bookkeeper).ExpectStatus(t, 404)
			f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: bookkeeper}).ExpectStatus(t, 404)
		}

		// What they add or change is the group's; another group's card,
		// an unknown one and another group are refused alike.
		if mine := add(bookkeeper, map[string]any{"product": "DEF"}, "Fluids"); mine.Match.GroupID != north {
			t.Fatalf("the group's bookkeeper's rule matches %+v", mine.Match)
		}
		for field, match := range map[string]map[string]any{
			"match.cardNumber": {"cardNumber": theirCard},
			"match.groupId":    {"groupId": south},
		} {
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/coding-rules", Token: bookkeeper,
				Body: map[string]any{"match": match, "coding": map[string]string{"account": "X"}}}).ExpectFieldError(t, field, fuelportal.MsgRuleMatchUnknown)
		}
		unknown := theirCard[:len(theirCard)-4] + "0000"
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/coding-rules", Token: bookkeeper,
			Body: map[string]any{"match": map[string]any{"cardNumber": unknown}, "coding": map[string]string{"account": "X"}}}).
			ExpectFieldError(t, "match.cardNumber", fuelportal.MsgRuleMatchUnknown)
		var changed rule
		f.api.Put(fmt.Sprintf("/api/wex/company/coding-rules/%d", ofMyCard.ID), map[string]any{"match": map[string]any{"cardNumber": mineCard},
			"coding": map[string]string{"account": "Mine too"}}, bookkeeper).ExpectStatus(t, 200).Decode(t, &changed)
		if changed.Match.GroupID != north || changed.Match.CardNumber != mineCard {
			t.Fatalf("the group's bookkeeper's change matches %+v", changed.Match)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/coding-rules/%d", ofMyGroup.ID), Token: bookkeeper}).ExpectStatus(t, 204)

		// The owner sees every rule, untouched but for the group's.
		var all list
		f.api.Get("/api/wex/company/coding-rules", f.owner).ExpectStatus(t, 200).Decode(t, &all)
		if len(all.Content) != 6 || len(all.CardsRequiringJob) != 2 {
			t.Fatalf("the owner sees %d rules and cards %v", len(all.Content), all.CardsRequiringJob)
		}
	})
}

// A rule of a driver only (no group, no card) codes the purchases of the
// card the driver holds: a member limited to the group of that card sees
// it, changes it (it becomes the group's, and stays so) and deletes it; a
// rule of another group's driver stays hidden (404 to change or delete,
// as another company's), and naming that driver is a field error as an
// unknown one. Once the driver's card moves to another group, the rule
// leaves the member's list.
func TestCoding_AGroupsMemberKeepsTheRulesOfTheGroupsDrivers(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		north, south := f.twoGroups(t)
		mineCard := demo.CardPlans[demo.DemoFreight.Name][0].CardNumber // the demo driver's
		var mine account
		f.api.Get("/api/account", f.driver).ExpectStatus(t, 200).Decode(t, &mine)
		var theirs driverRequest
		for _, r := range f.driverRequests(t, f.owner) {
			if r.Email == demo.PendingDriverEmail {
				theirs = r
			}
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", theirs.ID), nil, f.owner).ExpectStatus(t, 200)
		f.api.Put("/api/wex/company/cards/"+mineCard+"/group", map[string]any{"groupId": north}, f.owner).ExpectStatus(t, 204)
		f.api.Put("/api/wex/company/cards/"+demo.PendingCardNumber+"/group", map[string]any{"groupId": south}, f.owner).ExpectStatus(t, 204)

		type rule struct {
			ID    int64
			Match fuelportal.CodingMatch
		}
		add := func(token string, match map[string]any, account string) rule {
			var r rule
			f.api.Post("/api/wex/company/coding-rules", map[string]any{"match": match, "coding": map[string]string{"account": account}}, token).
				ExpectStatus(t, 201).Decode(t, &r)
			return r
		}
		ofMyDriver := add(f.owner, map[string]any{"driverUserId": mine.ID}, "Dylan")
		ofMyDriversDiesel := add(f.owner, map[string]any{"driverUserId": mine.ID, "product": "DSL"}, "Dylan diesel")
		ofTheirDriver := add(f.owner, map[string]any{"driverUserId": theirs.ID}, "Steven")
		ofMyGroupAndTheirDriver := add(f.owner, map[string]any{"driverUserId": theirs.ID, "groupId": north}, "Mixed")
		bookkeeper := f.member(t, f.owner, "north.books@example.com", "bookkeeper", north)
		seen := func() []int64 {
			var list struct{ Content []rule }
			f.api.Get("/api/wex/company/coding-rules", bookkeeper).ExpectStatus(t, 200).Decode(t, &list)
			ids := []int64{}
			for _, r := range list.Content {
				ids = append(ids, r.ID)
			}
			return ids
		}
		if ids := seen(); fmt.Sprint(ids) != fmt.Sprint([]int64{ofMyDriver.ID, ofMyDriversDiesel.ID}) {
			t.Fatalf("the group's bookkeeper sees rules %v", ids)
		}
		// The bookkeeper reads no members: each rule names its driver.
		var named struct{ Content []struct{ DriverName string } }
		f.api.Get("/api/wex/company/coding-rules", bookkeeper).ExpectStatus(t, 200).Decode(t, &named)
		for _, r := range named.Content {
			if want := mine.FirstName + " " + mine.LastName; r.DriverName != want {
				t.Fatalf("the group's bookkeeper reads the rule's driver as %q, want %q", r.DriverName, want)
			}
		}
		change := map[string]any{"match": map[string]any{"driverUserId": mine.ID}, "coding": map[string]string{"account": "Changed"}}
		for _, r := range []rule{ofTheirDriver, ofMyGroupAndTheirDriver} {
			path := fmt.Sprintf("/api/wex/company/coding-rules/%d", r.ID)
			f.api.Put(path, change, bookkeeper).ExpectStatus(t, 404)
			f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: bookkeeper}).ExpectStatus(t, 404)
			f.api.Put(path, change, f.other).ExpectStatus(t, 404)
		}
		f.api.Put(fmt.Sprintf("/api/wex/company/coding-rules/%d", ofMyDriver.ID), change, f.other).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/coding-rules", Token: bookkeeper,
			Body: map[string]any{"match": map[string]any{"driverUserId": theirs.ID}, "coding": map[string]string{"account": "X"}}}).
			ExpectFieldError(t, "match.driverUserId", fuelportal.MsgRuleMatchUnknown)

		var changed rule
		f.api.Put(fmt.Sprintf("/api/wex/company/coding-rules/%d", ofMyDriver.ID), change, bookkeeper).ExpectStatus(t, 200).Decode(t, &changed)
		if changed.Match.GroupID != north || changed.Match.DriverUserID != mine.ID {
			t.Fatalf("the group's bookkeeper's change matches %+v", changed.Match)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/coding-rules/%d", ofMyDriversDiesel.ID), Token: bookkeeper}).ExpectStatus(t, 204)

		// The driver's card moves to South: the rule is no longer North's.
		f.api.Put("/api/wex/company/cards/"+mineCard+"/group", map[string]any{"groupId": south}, f.owner).ExpectStatus(t, 204)
		if ids := seen(); len(ids) != 0 {
			t.Fatalf("the group's bookkeeper sees rules %v once the driver's card is another group's", ids)
		}
		var all struct{ Content []rule }
		f.api.Get("/api/wex/company/coding-rules", f.owner).ExpectStatus(t, 200).Decode(t, &all)
		if len(all.Content) != 3 {
			t.Fatalf("the owner sees %d rules", len(all.Content))
		}
	})
}
