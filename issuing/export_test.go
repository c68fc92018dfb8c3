package issuing

// SetAccounts replaces the random account part of new card numbers.
func SetAccounts(s *Service, account func() uint64) { s.account = account }
