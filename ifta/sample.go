package ifta

import (
	"bytes"
	_ "embed"
	"fmt"
)

//go:embed testdata/sample-rates-2026q3.csv
var sampleRatesCSV []byte

// SampleRates are the sample rate file's rates (made up, not for filing;
// docs/ifta.md) relabelled as year and quarter, for demo data and trials.
func SampleRates(year, quarter int) (Rates, error) {
	if err := checkPeriod(year, quarter); err != nil {
		return nil, err
	}
	text := bytes.ReplaceAll(sampleRatesCSV, []byte("\n2026,3,"), fmt.Appendf(nil, "\n%d,%d,", year, quarter))
	return ParseRatesCSV(bytes.NewReader(text))
}
