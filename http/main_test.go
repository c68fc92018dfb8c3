package http_test

import (
	"os"
	"testing"

	"fuelportal/store/storetest"
)

// TestMain drops the PostgreSQL template databases of the demo fixture
// (newFixtureFor) when the tests are done.
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
