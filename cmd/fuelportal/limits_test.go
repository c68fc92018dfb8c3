package main

import (
	"testing"
	"time"
)

func TestLimitsFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    Config
		wantErr bool
	}{
		{"defaults set a 1 GiB memory limit", nil, Config{MemoryLimit: 1 << 30}, false},
		{"GOMEMLIMIT is left to the runtime", map[string]string{"GOMEMLIMIT": "600MiB"}, Config{}, false},
		{"explicit settings", map[string]string{"FUELPORTAL_PLAN_TIMEOUT": "3s", "FUELPORTAL_PLAN_CONCURRENCY": "5", "FUELPORTAL_MEMORY_LIMIT": "512MiB", "GOMEMLIMIT": "2GiB"},
			Config{PlanTimeout: 3 * time.Second, PlanConcurrency: 5, MemoryLimit: 512 << 20}, false},
		{"plain bytes", map[string]string{"FUELPORTAL_MEMORY_LIMIT": "700000000"}, Config{MemoryLimit: 700000000}, false},
		{"decimal units", map[string]string{"FUELPORTAL_MEMORY_LIMIT": "2GB"}, Config{MemoryLimit: 2e9}, false},
		{"bad timeout", map[string]string{"FUELPORTAL_PLAN_TIMEOUT": "10"}, Config{}, true},
		{"database timeout", map[string]string{"FUELPORTAL_DB_TIMEOUT": "1500ms", "GOMEMLIMIT": "1GiB"}, Config{DBTimeout: 1500 * time.Millisecond}, false},
		{"bad database timeout", map[string]string{"FUELPORTAL_DB_TIMEOUT": "5"}, Config{}, true},
		{"zero database timeout", map[string]string{"FUELPORTAL_DB_TIMEOUT": "0s"}, Config{}, true},
		{"zero concurrency", map[string]string{"FUELPORTAL_PLAN_CONCURRENCY": "0"}, Config{}, true},
		{"bad memory limit", map[string]string{"FUELPORTAL_MEMORY_LIMIT": "lots"}, Config{}, true},
		{"negative memory limit", map[string]string{"FUELPORTAL_MEMORY_LIMIT": "-1GiB"}, Config{}, true},
		{"overflowing memory limit", map[string]string{"FUELPORTAL_MEMORY_LIMIT": "9999999999GiB"}, Config{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c Config
			err := limitsFromEnv(&c, func(k string) string { return tt.env[k] })
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %t", err, tt.wantErr)
			}
			if err == nil && (c.PlanTimeout != tt.want.PlanTimeout || c.PlanConcurrency != tt.want.PlanConcurrency || c.MemoryLimit != tt.want.MemoryLimit || c.DBTimeout != tt.want.DBTimeout) {
				t.Fatalf("config %+v, want %+v", c, tt.want)
			}
		})
	}
}
