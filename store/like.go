package store

import "strings"

// likePattern returns a LIKE pattern matching s anywhere, lower-cased, with
// the wildcards of s escaped (use with ESCAPE '\').
func likePattern(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
	return "%" + s + "%"
}
