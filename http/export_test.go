package http

// SetPasswordCheckHook makes s call fn before each password hash check of a
// sign-in, so tests can count how many attempts were really checked.
func SetPasswordCheckHook(s *Server, fn func()) { s.passwordChecked = fn }
