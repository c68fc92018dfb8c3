package statements_test

import (
	"os"
	"testing"

	"fuelportal/store/storetest"
)

// TestMain drops the PostgreSQL template databases the tests made.
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
