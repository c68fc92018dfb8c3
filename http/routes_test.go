package http

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestRoutes_AreAllInTheContract keeps routes.go and openapi.json in step:
// every /api route must be documented, and every documented one routed.
func TestRoutes_AreAllInTheContract(t *testing.T) {
	src, err := os.ReadFile("routes.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	routed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\tmux\.HandleFunc\("([A-Z]+) (/api/[^"]*)"`).FindAllStringSubmatch(string(src), -1) {
		method, path := strings.ToLower(m[1]), m[2]
		routed[method+" "+path] = true
		if _, ok := doc.Paths[path][method]; !ok {
			t.Errorf("%s %s is routed but not in openapi.json", m[1], path)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if method == "parameters" || method == "summary" || method == "description" {
				continue
			}
			if !routed[method+" "+path] {
				t.Errorf("%s %s is in openapi.json but not routed", strings.ToUpper(method), path)
			}
		}
	}
	if len(routed) < 10 {
		t.Fatalf("only %d routes found: has the route syntax in routes.go changed?", len(routed))
	}
}
