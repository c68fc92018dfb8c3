package qbo

import (
	"os"
	"testing"

	"fuelportal/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
