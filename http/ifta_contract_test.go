package http_test

import (
	"encoding/json"
	"slices"
	"testing"

	fphttp "fuelportal/http"
	"fuelportal/jurisdiction"
)

// The contract's jurisdiction lists (which the web app's forms offer) are
// the IFTA members the server accepts.
func TestIFTAContract_JurisdictionsAreTheMembers(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(fphttp.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"IFTAMilesCreate", "IFTAPurchaseCreate"} {
		var schema struct {
			Properties map[string]struct {
				Enum []string `json:"enum"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(doc.Components.Schemas[name], &schema); err != nil {
			t.Fatal(err)
		}
		if got := schema.Properties["jurisdiction"].Enum; !slices.Equal(got, jurisdiction.Members()) {
			t.Fatalf("%s jurisdiction enum = %v, want %v", name, got, jurisdiction.Members())
		}
	}
}
