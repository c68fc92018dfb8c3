package http_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

// routeActions reads routes.go: each route's action (s.permit), or "" for
// a route every signed-in caller may use (s.requireAuth). Public routes
// are left out.
func routeActions(t *testing.T) map[string]fuelportal.Action {
	t.Helper()
	src, err := os.ReadFile("routes.go")
	if err != nil {
		t.Fatal(err)
	}
	// The action constants' values, from the root package's source.
	file, err := parser.ParseFile(token.NewFileSet(), "../permissions.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]fuelportal.Action{}
	ast.Inspect(file, func(n ast.Node) bool {
		if spec, ok := n.(*ast.ValueSpec); ok && len(spec.Values) == len(spec.Names) {
			for i, name := range spec.Names {
				if lit, ok := spec.Values[i].(*ast.BasicLit); ok && strings.HasPrefix(name.Name, "Action") {
					v, _ := strconv.Unquote(lit.Value)
					values[name.Name] = fuelportal.Action(v)
				}
			}
		}
		return true
	})
	routes := map[string]fuelportal.Action{}
	for _, m := range regexp.MustCompile(`(?m)^\tmux\.HandleFunc\("([A-Z]+ /api/[^"]*)", s\.(permit\(fuelportal\.(\w+)|requireAuth\()`).FindAllStringSubmatch(string(src), -1) {
		if m[3] == "" {
			routes[m[1]] = ""
			continue
		}
		action, ok := values[m[3]]
		if !ok {
			t.Fatalf("%s: no action constant %s in permissions.go", m[1], m[3])
		}
		routes[m[1]] = action
	}
	return routes
}

// contractRoutes returns every operation of openapi.json as "METHOD
// /path", sorted.
func contractRoutes(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var routes []string
	for path, ops := range doc.Paths {
		for method := range ops {
			if method != "parameters" && method != "summary" && method != "description" {
				routes = append(routes, strings.ToUpper(method)+" "+path)
			}
		}
	}
	sort.Strings(routes)
	return routes
}

// walkSkips are routes the walk leaves alone because they end the
// caller's session, account or company (TestCompanyClose checks who may
// close it).
var walkSkips = map[string]bool{"POST /api/logout": true, "GET /api/account/delete": true, "POST /api/wex/company/close": true}

// TestPermissions_EveryRouteAnswersAsTheTableSays walks every signed-in
// route of openapi.json as each of the five roles, as a member limited to
// a group and as another company's owner: a route whose action the role
// lacks answers 403 fuelportal.MsgRoleForbidden, every other never does
// (nor 401 or 500), and GET /api/account/permissions returns the table.
func TestPermissions_EveryRouteAnswersAsTheTableSays(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		actions := routeActions(t)
		var routes []string
		for _, route := range contractRoutes(t) {
			if _, signedIn := actions[route]; signedIn && !walkSkips[route] {
				routes = append(routes, route)
			}
		}
		if len(routes) < 100 {
			t.Fatalf("only %d signed-in routes in openapi.json", len(routes))
		}

		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		var group struct{ ID int64 }
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "North yard"}, owner).ExpectStatus(t, 201).Decode(t, &group)
		callers := []struct {
			name    string
			role    fuelportal.MemberRole
			token   string
			limited bool // to a group
		}{
			{"owner", fuelportal.MemberOwner, owner, false},
			{"admin", fuelportal.MemberAdmin, f.member(t, owner, "admin@example.com", "admin", 0), false},
			{"dispatcher", fuelportal.MemberDispatcher, f.member(t, owner, "disp@example.com", "dispatcher", 0), false},
			{"bookkeeper", fuelportal.MemberBookkeeper, f.member(t, owner, "book@example.com", "bookkeeper", 0), false},
			{"driver", fuelportal.MemberDriver, f.api.Login(demo.DriverEmail, demo.Password).Token, false},
			{"group dispatcher", fuelportal.MemberDispatcher, f.member(t, owner, "north@example.com", "dispatcher", group.ID), true},
			{"group bookkeeper", fuelportal.MemberBookkeeper, f.member(t, owner, "north.books@example.com", "bookkeeper", group.ID), true},
			{"group admin", fuelportal.MemberAdmin, f.member(t, owner, "north.admin@example.com", "admin", group.ID), true},
			{"other company's owner", fuelportal.MemberOwner, f.api.Login(demo.OtherOwnerEmail, demo.Password).Token, false},
		}
		card := demo.CardPlans[demo.DemoFreight.Name][0].CardNumber
		params := strings.NewReplacer("{cardNumber}", card, "{id}", "999999999", "{year}", "1999", "{quarter}", "1")
		mismatches, checked := 0, 0
		for _, c := range callers {
			var perms struct {
				Role            fuelportal.MemberRole
				Actions         []fuelportal.Action
				WithheldByGroup []fuelportal.Action
			}
			f.api.Get("/api/account/permissions", c.token).ExpectStatus(t, 200).Decode(t, &perms)
			if perms.Role != c.role || fmt.Sprint(perms.Actions) != fmt.Sprint(fuelportal.ActionsOf(c.role, c.limited)) ||
				perms.WithheldByGroup == nil || fmt.Sprint(perms.WithheldByGroup) != fmt.Sprint(fuelportal.WithheldByGroup(c.role, c.limited)) {
				t.Errorf("%s: permissions = %+v", c.name, perms)
				mismatches++
			}
			for _, route := range routes {
				method, path, _ := strings.Cut(route, " ")
				res := f.api.Do(apitest.Request{Method: method, Path: params.Replace(path), Body: "{}", Token: c.token, BreaksContract: true})
				forbidden := res.Status == 403 && strings.Contains(string(res.Body), fuelportal.MsgRoleForbidden)
				action := actions[route]
				want := action == "" || c.role.CanAs(action, c.limited)
				switch {
				case res.Status == 401 || res.Status >= 500 && res.Status != 503:
					t.Errorf("%s %s: %d %s", c.name, route, res.Status, res.Body)
					mismatches++
				case want == forbidden:
					t.Errorf("%s %s (%s): allowed %v by the table, answered %d %s", c.name, route, action, want, res.Status, res.Body)
					mismatches++
				case forbidden && slices.Contains(perms.WithheldByGroup, action) != strings.Contains(string(res.Body), fuelportal.MsgWholeCompanyOnly):
					// The app words its refusal from withheldByGroup: the
					// group limit when it names the action, else the role.
					t.Errorf("%s %s (%s): withheld by the group %v in the permissions, refused with %s", c.name, route, action,
						slices.Contains(perms.WithheldByGroup, action), res.Body)
					mismatches++
				}
				checked++
			}
		}
		// Without a session every one of them is 401 in the API's error
		// format: no token, a token that is not one, and one whose signature
		// is another's (the owner's claims under a forged signature).
		forged := owner[:strings.LastIndexByte(owner, '.')+1] + "AAAA"
		for _, token := range []string{"", "not-a-token", forged} {
			for _, route := range routes {
				method, path, _ := strings.Cut(route, " ")
				res := f.api.Do(apitest.Request{Method: method, Path: params.Replace(path), Body: "{}", Token: token, BreaksContract: true})
				var body struct{ Status int }
				if res.Status != 401 || json.Unmarshal(res.Body, &body) != nil || body.Status != 401 {
					t.Errorf("%s with token %q: %d %s, want 401 in the error format", route, token, res.Status, res.Body)
					mismatches++
				}
				checked++
			}
		}
		t.Logf("%d calls (%d routes × %d callers, and 3 without a session), %d mismatches", checked, len(routes), len(callers), mismatches)
	})
}
