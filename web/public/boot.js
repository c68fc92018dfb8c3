// Runs before the app's code (index.html, a classic script: the CSP allows no inline
// script). A signed-out visitor of the sign-in page ("/" or /signin) gets data-boot="signin":
// index.html's static sign-in shell shows at once and src/main.tsx starts the light sign-in
// page, which loads the app only when it is needed (window.fuelportalPrefetchApp, below).
// Everyone else (other routes, a visitor with a stored session, sent on to the dashboard)
// gets the app: its code is asked for here, while the entry loads. A stored session opening
// /dashboard, /transactions or /navigation first gets index.html's signed-in skeleton (data-boot="app"),
// and after its first frame the app's code and the page's first calls (the owner's dashboard's
// driver-requests call, which decides the skeleton's largest text, goes before that frame).
(function () {
  var prefetched = false;
  // Downloads the app's code (index.html's app-modules list, vite.config.ts) without running it,
  // then the page's own chunks that are listed (pageFiles).
  function prefetchApp(pageFiles) {
    if (prefetched) return;
    prefetched = true;
    appendPreloads(listed('meta[name="app-modules"]').concat(pageFiles || []), 0);
  }
  function listed(selector) {
    var meta = document.querySelector(selector);
    return meta ? meta.getAttribute('content').split(' ') : [];
  }
  // A few links a task: appending a link costs ~1.5 ms on a phone, and the whole list at once
  // was one 150-240 ms task (Lighthouse's Total Blocking Time). Each batch asks the network at once.
  var PRELOADS_PER_TASK = 8;
  // A fetch() costs ~2.5 ms on a phone, and a page's ten first calls at once were one ~50 ms task
  // after the skeleton's first paint (Lighthouse's Total Blocking Time, four times over).
  var CALLS_PER_TASK = 3;
  function appendPreloads(files, from) {
    for (var i = from; i < files.length && i < from + PRELOADS_PER_TASK; i++) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      var css = /\.css$/.test(files[i]);
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.setAttribute('as', 'style');
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
    if (from + PRELOADS_PER_TASK < files.length)
      setTimeout(function () {
        appendPreloads(files, from + PRELOADS_PER_TASK);
      }, 0);
  }
  window.fuelportalPrefetchApp = function () {
    prefetchApp();
  };

  // src/main.tsx starts evaluating the app's code through this: on the owner's dashboard once the
  // skeleton has drawn what its driver-requests call decides (1 s at most; below), else at once.
  var held = null;
  window.fuelportalWhenShown = function (callback) {
    if (held) held.push(callback);
    else callback();
  };
  function release() {
    if (!held) return;
    var callbacks = held;
    held = null;
    for (var i = 0; i < callbacks.length; i++) callbacks[i]();
  }

  // The sign-in page (src/features/auth/components/sign-in) calls this once the credentials are
  // accepted, before the app has loaded: the destination's first calls go now, with the new token,
  // while the app's code loads and runs (its queries take the answers, as after a reload).
  window.fuelportalPreloadPage = function (jwt, destination) {
    var to = destination === '/transactions' ? 'transactions' : destination === '/dashboard' ? 'dashboard' : null;
    if (!to) return;
    var who = accessOf(jwt);
    if (to === 'dashboard' && who.access === 'everything') preloadCalls(jwt, ['/wex/company/driver-requests']);
    preloadPageData(jwt, who, to);
  };

  var html = document.documentElement;
  var path = '/';
  var token = null;
  try {
    path = location.pathname.replace(/\/+$/, '') || '/';
    token = localStorage.getItem('token');
  } catch (e) {
    /* no storage: the app decides */
  }
  if ((path === '/' || path === '/signin') && !token) {
    document.documentElement.setAttribute('data-boot', 'signin');
    return;
  }
  // The pages started with index.html's skeleton, by path.
  var skeletonPages = { '/dashboard': 'dashboard', '/transactions': 'transactions', '/navigation': 'planner' };
  var page = Object.prototype.hasOwnProperty.call(skeletonPages, path) ? skeletonPages[path] : null;
  if (!token || !page) {
    // A stored session opening another page whose path is its name (/ifta, /vehicles, …) asks for
    // that page's chunks too, a few a task: else the app's preload of the route (Vite's helper)
    // appends all of them in the one task that starts the page.
    var name = path.slice(1);
    prefetchApp(token && /^[a-z-]+$/.test(name) ? listed('meta[name="page-modules"][data-page="' + name + '"]') : []);
    return;
  }
  var who = accessOf(token);
  var role = who.role;
  // index.html's signed-in skeleton: the navigation and the page's heading (src/app/boot-skeleton.ts).
  html.setAttribute('data-boot', 'app');
  html.setAttribute('data-boot-page', page);
  html.setAttribute('data-boot-role', role === 'ROLE_COMPANY' ? 'owner' : 'driver');
  try {
    if (localStorage.getItem('navigationDrawerOpen') === 'false') html.setAttribute('data-boot-drawer', 'closed');
  } catch (e) {
    /* the drawer's default: open */
  }
  // After the skeleton's first frame: requests started before it count against the first
  // paint in Lighthouse's simulation (slow 4G), which would then wait for the app's code.
  // The page's own chunks (the drawer shell's, the route's) follow the app's: asked for here, they
  // are already under way when the app's preload of the route (Vite's helper) looks for them.
  // The owner's dashboard's largest text is the driver-requests card's title, which the skeleton
  // paints once boot.js's own call lists waiting drivers (showWaitingDrivers): that call goes now,
  // before the first frame. Asked for with the rest after it, its answer's paint came after ~20-60
  // of the app's chunks had ended, and Lighthouse's simulated LCP (slow 4G) counted every one of them.
  // The app's evaluation (not its download) waits for that paint too: its first steps' tasks kept
  // the answer's paint back by up to 130 ms, when more of the chunks had ended.
  if (page === 'dashboard' && who.access === 'everything') {
    held = [];
    setTimeout(release, 1000);
    preloadCalls(token, ['/wex/company/driver-requests']);
  }
  afterFirstFrame(function () {
    preloadPageData(token, who, page);
    prefetched = true;
    var pageKey = page === 'dashboard' ? 'dashboard-' + (role === 'ROLE_COMPANY' ? 'owner' : 'driver') : page;
    setTimeout(function () {
      appendPreloads(listed('meta[name="app-modules"]').concat(listed('meta[name="page-modules"][data-page="' + pageKey + '"]')), 0);
    }, 0);
  });

  function afterFirstFrame(callback) {
    // A tab opened in the background paints nothing (and runs no frames) until shown.
    if (document.visibilityState === 'hidden') callback();
    else
      requestAnimationFrame(function () {
        setTimeout(callback, 0);
      });
  }

  // What the stored access token's claims tell of the member (http/token.go; src/app/role-hint.ts
  // reads them alike): only a guess of which calls to make early, the account decides. An owner of
  // the whole company may make every call (permissions.go: owners have every office action); a
  // driver with a card is approved and makes a driver's own calls; a driver without one waits for
  // approval (or was declined), and every call but the account's is refused; any other office
  // member's calls wait for the permissions' answer, the server's one table (preloadPermitted).
  function accessOf(jwt) {
    var claims = {};
    try {
      claims = JSON.parse(atob((jwt.split('.')[1] || '').replace(/-/g, '+').replace(/_/g, '/'))) || {};
    } catch (e) {
      /* unreadable: a driver's guess, with nothing to ask for early */
    }
    if (claims.role === 'ROLE_COMPANY')
      return { role: 'ROLE_COMPANY', access: claims.mrole === 'owner' && !claims.gid ? 'everything' : 'asked' };
    return { role: 'ROLE_USER', access: claims.card ? 'driver' : 'none' };
  }

  // The calls the page makes first, asked for now with the stored token instead of after the
  // app's code has loaded and run: the same URLs (parameters in the same order) and headers as
  // the app's, whose base query takes each answer once (src/lib/api/preloaded.ts) or else asks
  // the server itself. Changing one of these calls in the app means changing it here too
  // (src/lib/api/preloaded.test.ts compares them). An office call names the action its route
  // needs (http/routes.go), for the members whose permissions decide.
  function preloadPageData(jwt, who, page) {
    var owner = who.role === 'ROLE_COMPANY';
    var now = new Date();
    // The account and what its role may do (src/app/preload.ts asks for both first).
    var calls = ['/account', '/account/permissions'];
    if (who.access === 'none') {
      preloadCalls(jwt, calls);
      return;
    }
    var office = [];
    if (page === 'dashboard' && owner) {
      office.push(
        ['/wex/company/wallet', 'wallet.read'],
        ['/wex/company/contract', 'contract.read'],
        ['/wex/company/total-spendings?lastDays=7', 'transactions.read'],
        ['/wex/company/get-cards', 'cards.read'],
        ['/wex/company/transactions?page=0&size=3&sort=transactionDate%2Cdesc', 'transactions.read'],
        // The wallet's money buttons and low-balance line, the first steps, the IFTA tile.
        ['/config', null],
        ['/wex/company/wallet/low-balance', 'wallet.read'],
        ['/wex/company/ifta/summary', 'ifta.read']
        // and '/wex/company/driver-requests', asked for before the first frame (above) when the
        // member may do everything, else with the rest once the permissions allow it
      );
      if (who.access === 'asked') office.push(['/wex/company/driver-requests', 'drivers.approve']);
    } else if (page === 'dashboard') {
      calls.push(
        '/wex/total-spendings?lastDays=' + now.getDate(),
        '/wex/transactions?page=0&size=3&sort=transactionDate%2Cdesc',
        '/trips?page=0&size=1&status=ACTIVE',
        // The driver's card: its rules, and the latest decline among the newest purchases.
        '/wex/card',
        '/wex/transactions?page=0&size=20&sort=transactionDate%2Cdesc',
        // The pump check's open questions, the purchases missing a job.
        '/wex/challenges',
        '/wex/transactions?page=0&size=20&sort=transactionDate%2Cdesc&missingJob=true'
      );
    } else if (page === 'planner') {
      // The station list of the map's opening view (the country, the cheapest first: the planner's
      // viewport.ts listSearchFor, constants.ts US_CENTER), its chains' and affiliates' names.
      calls.push(
        '/locations?' + query({ latitude: 39.8283, longitude: -98.5795, radius: 5000, orderBy: 'price,asc' }),
        '/locations/chainCodes/filter',
        '/locations/affiliateCodes'
      );
      // A driver's active trip, shown above the list on phones (the theme's md breakpoint: AppShell's useIsPhone).
      if (!owner && window.matchMedia && window.matchMedia('(max-width:899.95px)').matches) calls.push('/trips?page=0&size=1&status=ACTIVE');
    } else if (!location.search) {
      var list = query({ page: 0, size: 20, sort: 'transactionDate,desc', dateFrom: dayStart(monthBefore(now)), dateTo: dayEnd(now) });
      if (owner) office.push(['/wex/company/transactions?' + list, 'transactions.read'], ['/wex/company/get-cards', 'cards.read']);
      else calls.push('/wex/transactions?' + list);
    }
    // The navigation's unread count: the office's alerts, the driver's notifications.
    if (owner) office.push(['/wex/company/alerts?unread=true&page=0&size=1', 'alerts.read']);
    else calls.push('/notifications?unread=true&page=0&size=1');
    if (who.access === 'asked') {
      preloadPermitted(jwt, calls, office);
      return;
    }
    for (var i = 0; i < office.length; i++) calls.push(office[i][0]);
    preloadCalls(jwt, calls);
  }
  // An office member other than a whole company's owner: the account's calls now, each office
  // call once the permissions' answer (read from a copy) holds its action. Without an answer the
  // app asks for what its pages need itself.
  function preloadPermitted(jwt, calls, office) {
    var permissions = preloadCalls(jwt, calls)[1];
    permissions
      .then(function (answer) {
        return answer.ok ? answer.clone().json() : null;
      })
      .then(function (answer) {
        var actions = (answer && answer.actions) || [];
        var permitted = [];
        for (var i = 0; i < office.length; i++) {
          if (office[i][1] === null || actions.indexOf(office[i][1]) >= 0) permitted.push(office[i][0]);
        }
        if (answer) preloadCalls(jwt, permitted);
      })
      .catch(function () {
        /* the app asks for what it needs */
      });
  }
  // A few calls a task (CALLS_PER_TASK, above): the first go now, the rest a few a task after.
  // Returns the answers (the network's own promises, as fetch gives them) of those made now.
  function preloadCalls(jwt, calls) {
    var preloads = (window.fuelportalPreloads = window.fuelportalPreloads || []);
    var responses = [];
    if (calls.length > CALLS_PER_TASK)
      setTimeout(function () {
        preloadCalls(jwt, calls.slice(CALLS_PER_TASK));
      }, 0);
    for (var i = 0; i < calls.length && i < CALLS_PER_TASK; i++) {
      var url = location.origin + '/api' + calls[i];
      var headers = { Accept: 'application/json', Authorization: 'Bearer ' + jwt };
      var response = fetch(url, { headers: headers });
      if (calls[i] === '/wex/company/driver-requests') showWaitingDrivers(response);
      responses.push(response);
      preloads.push({
        url: url,
        token: jwt,
        at: Date.now(),
        // A failed call is the app's to make again: never an unhandled rejection here.
        response: response.catch(function () {
          return null;
        }),
      });
    }
    return responses;
  }
  // The skeleton's driver-requests card (index.html) shows when drivers wait, as the app's
  // section does; read from a copy, the answer itself stays the app's.
  function showWaitingDrivers(response) {
    response
      .then(function (answer) {
        return answer.ok ? answer.clone().json() : null;
      })
      .then(function (requests) {
        if (requests && requests.length > 0 && html.getAttribute('data-boot') === 'app') {
          html.setAttribute('data-boot-requests', 'waiting');
          afterFirstFrame(release);
        } else release();
      })
      .catch(function () {
        /* the app shows what it gets */
        release();
      });
  }
  function query(params) {
    return new URLSearchParams(params).toString();
  }
  function pad(n) {
    return (n < 10 ? '0' : '') + n;
  }
  // A local date as YYYY-MM-DD (dayjs's format, as the app sends it).
  function day(date) {
    return date.getFullYear() + '-' + pad(date.getMonth() + 1) + '-' + pad(date.getDate());
  }
  // The start and end of a local day with the viewer's offset then, as the app sends them
  // (src/lib/format/instant.ts, viewerDayBound: 2026-11-22T23:59:59.999-06:00).
  function dayStart(date) {
    return day(date) + 'T00:00:00.000' + offset(new Date(date.getFullYear(), date.getMonth(), date.getDate()));
  }
  function dayEnd(date) {
    return day(date) + 'T23:59:59.999' + offset(new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999));
  }
  function offset(date) {
    var minutes = -date.getTimezoneOffset();
    var sign = minutes < 0 ? '-' : '+';
    minutes = Math.abs(minutes);
    return sign + pad(Math.floor(minutes / 60)) + ':' + pad(minutes % 60);
  }
  // dayjs's subtract(1, 'month'): the same day a month before, or that month's last day.
  function monthBefore(date) {
    var lastDay = new Date(date.getFullYear(), date.getMonth(), 0).getDate();
    return new Date(date.getFullYear(), date.getMonth() - 1, Math.min(date.getDate(), lastDay));
  }
})();
