// Runs before the app's code (index.html, a classic script: the CSP allows no inline
// script). A signed-out visitor of the sign-in page ("/" or /signin) sees index.html's
// static sign-in shell at once; React replaces it when it mounts. Every other route, and a
// visitor with a stored session (who is sent on to the dashboard), keeps it hidden.
(function () {
  try {
    var path = location.pathname.replace(/\/+$/, '') || '/';
    if ((path === '/' || path === '/signin') && !localStorage.getItem('token')) {
      document.documentElement.setAttribute('data-boot', 'signin');
    }
  } catch (e) {
    /* no storage: keep the shell hidden */
  }
})();
