package store

import "testing"

func TestRebindDollar(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"numbers placeholders in order", "SELECT ? , ?", "SELECT $1 , $2"},
		{"keeps question marks in strings", "SELECT '?', ? WHERE x = 'a''?'", "SELECT '?', $1 WHERE x = 'a''?'"},
		{"keeps question marks in identifiers", `SELECT "a?" FROM t WHERE b = ?`, `SELECT "a?" FROM t WHERE b = $1`},
		{"leaves text without placeholders", "SELECT 1", "SELECT 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rebindDollar(tt.in); got != tt.want {
				t.Fatalf("rebindDollar(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
