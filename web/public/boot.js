// Runs before the app's code (index.html, a classic script: the CSP allows no inline
// script). A signed-out visitor of the sign-in page ("/" or /signin) gets data-boot="signin":
// index.html's static sign-in shell shows at once and src/main.tsx starts the light sign-in
// page, which loads the app only when it is needed (window.fuelportalPrefetchApp, below).
// Everyone else (other routes, a visitor with a stored session, sent on to the dashboard)
// gets the app: its code is asked for here, while the entry loads.
(function () {
  var prefetched = false;
  // Downloads the app's code (index.html's app-modules list, vite.config.ts) without running it.
  function prefetchApp() {
    if (prefetched) return;
    prefetched = true;
    var list = document.querySelector('meta[name="app-modules"]');
    var files = list ? list.getAttribute('content').split(' ') : [];
    for (var i = 0; i < files.length; i++) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      var css = /\.css$/.test(files[i]);
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.setAttribute('as', 'style');
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
  }
  window.fuelportalPrefetchApp = prefetchApp;

  var signIn = false;
  try {
    var path = location.pathname.replace(/\/+$/, '') || '/';
    signIn = (path === '/' || path === '/signin') && !localStorage.getItem('token');
  } catch (e) {
    /* no storage: the app decides */
  }
  if (signIn) {
    document.documentElement.setAttribute('data-boot', 'signin');
  } else {
    prefetchApp();
  }
})();
