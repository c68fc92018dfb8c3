package http

// TakePlanSlots occupies n of the plan requests' concurrency slots, as n
// plans in progress would, until release is called.
func (s *Server) TakePlanSlots(n int) (release func()) {
	var releases []func()
	for range n {
		r, ok := s.planSlots.acquire(s.planConcurrency())
		if !ok {
			panic("no free plan slot")
		}
		releases = append(releases, r)
	}
	return func() {
		for _, r := range releases {
			r()
		}
	}
}
