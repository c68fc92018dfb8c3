/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * What each page that public/boot.js starts with its skeleton loads when it first renders: the
 * drawer shell (src/app/signed-in-shell.tsx) and the route's own modules (src/app/router.tsx,
 * src/app/dashboard-route.tsx), per role, with the en-US texts of the namespaces they use (src/lib/i18n/texts;
 * a Spanish viewer's load after them, one file a namespace).
 */
const signedInShell = [
  '/src/components/layout/AppShell.tsx',
  '/src/features/alerts/unread.ts',
  '/src/features/notifications/unread.ts',
  '/@mui/icons-material/Notifications.mjs',
];
const bootPageModules: Record<string, string[]> = {
  transactions: [...signedInShell, '/src/features/transactions/index.ts'],
  'dashboard-owner': [...signedInShell, '/src/features/dashboard/index.ts', '/src/features/fuel-cards/dashboard.ts'],
  'dashboard-driver': [...signedInShell, '/src/features/dashboard/index.ts', '/src/features/trips/dashboard.ts', '/src/features/transactions/dashboard.ts'],
  planner: [...signedInShell, '/src/features/planner/index.ts', '/src/features/planner/prefetch.ts', '/src/features/trips/planner.ts'],
};

/**
 * What every signed-in route's first screen loads beyond the app (src/app/router.tsx's lazy
 * pages with the shell), for the byte budget per route (scripts/check-bundle-size.mjs reads
 * dist/.vite/route-files.json). The planner's first screen is its map.
 */
const signedInRoutes: Record<string, string[]> = {
  ...bootPageModules,
  'transaction-detail': [...signedInShell, '/src/features/transactions/index.ts'],
  planner: [...signedInShell, '/src/features/planner/index.ts', '/src/features/planner/prefetch.ts', '/src/features/trips/planner.ts', '/src/features/planner/components/map/PlannerMap.tsx'],
  trips: [...signedInShell, '/src/features/trips/index.ts'],
  compliance: [...signedInShell, '/src/features/trips/index.ts'],
  settings: [...signedInShell, '/src/features/account/index.ts'],
  notifications: [...signedInShell, '/src/features/notifications/index.ts'],
  'fuel-cards': [...signedInShell, '/src/features/fuel-cards/index.ts'],
  alerts: [...signedInShell, '/src/features/alerts/index.ts'],
  integrations: [...signedInShell, '/src/features/integrations/index.ts'],
  vehicles: [...signedInShell, '/src/features/vehicles/index.ts'],
  ifta: [...signedInShell, '/src/features/ifta/index.ts'],
  members: [...signedInShell, '/src/features/members/index.ts'],
  coding: [...signedInShell, '/src/features/coding/index.ts'],
  statements: [...signedInShell, '/src/features/statements/index.ts'],
};

/**
 * The signed-in routes without a skeleton whose path is their name (/ifta, /vehicles, …): public/boot.js
 * asks for their chunks after the app's when a stored session opens them.
 */
const pagesNamedByPath = ['trips', 'compliance', 'settings', 'notifications', 'fuel-cards', 'alerts', 'integrations', 'vehicles', 'ifta', 'members', 'coding', 'statements'];

/** index.html's entry chunk (src/main.tsx); listAppModules checks the name. */
const entryChunk = /^assets\/index-[\w-]+\.js$/;

/**
 * index.html's entry (src/main.tsx) imports the app (src/start.tsx) dynamically: the sign-in
 * page starts without it. This lists the app's chunks and CSS (those index.html does not
 * already load) in `<meta name="app-modules">`, just before public/boot.js: public/boot.js asks for them
 * at once when the app starts right away (any page but the signed-out sign-in page), as static
 * imports would; the sign-in page asks for them on the first keystroke or press (src/main.tsx).
 * scripts/check-bundle-size.mjs counts what index.html itself loads.
 *
 * For the pages public/boot.js starts with their skeleton (a stored session opening /dashboard
 * or /transactions) and those named by their path (pagesNamedByPath) it also lists, in
 * `<meta name="page-modules" data-page=…>`, the chunks that page then loads (the drawer shell,
 * the route's page, the rest of the texts): boot.js asks for
 * them a few at a time, so that Vite's preload helper finds them asked for already instead of
 * appending ~40 links in the one task that starts the page (a 290 ms task on a phone).
 */
function listAppModules(): Plugin {
  let routeFilesJson = '';
  let outDir = 'dist';
  return {
    name: 'list-app-modules',
    apply: 'build',
    configResolved(config) {
      outDir = resolvePath(config.root, config.build.outDir);
    },
    // Beside Vite's manifest, once the build is written.
    closeBundle() {
      if (routeFilesJson) writeFileSync(resolvePath(outDir, '.vite', 'route-files.json'), routeFilesJson);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map(
          Object.values(ctx.bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
        );
        const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/src/start.tsx'));
        if (!start) throw new Error('list-app-modules: no chunk for src/start.tsx');
        // The entry's dynamic imports: the app and the steps that evaluate its libraries first (src/start-in-steps.ts).
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.dynamicImports.includes(start.fileName));
        if (!entry) throw new Error('list-app-modules: no entry chunk imports src/start.tsx');
        if (!entryChunk.test(entry.fileName)) throw new Error(`list-app-modules: the entry chunk ${entry.fileName} is not named as modulePreload expects`);
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (file: string) => {
          if (js.has(file)) return;
          js.add(file);
          const chunk = chunks.get(file)!;
          for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.add(sheet);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const file of entry.dynamicImports) visit(file);
        const files = [...css, ...js].filter((file) => !html.includes(`/${file}"`)).map((file) => `/${file}`);
        const appFiles = new Set([...js, ...css]);
        const listedPages = { ...bootPageModules, ...Object.fromEntries(pagesNamedByPath.map((page) => [page, signedInRoutes[page]])) };
        const pageMetas = Object.entries(listedPages).map(([page, modules]) => {
          js.clear();
          css.clear();
          for (const module of modules) {
            const chunk = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.endsWith(module)));
            if (!chunk) throw new Error(`list-app-modules: no chunk holds ${module} (page-modules, ${page})`);
            visit(chunk.fileName);
          }
          const pageFiles = [...css, ...js].filter((file) => !appFiles.has(file) && !html.includes(`/${file}"`)).map((file) => `/${file}`);
          return `<meta name="page-modules" data-page="${page}" content="${pageFiles.join(' ')}" />`;
        });
        // Every signed-in route's first load, whole: what index.html names, the app, the route's chunks.
        const upFront = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
        const routeFiles = Object.fromEntries(
          Object.entries(signedInRoutes).map(([route, modules]) => {
            js.clear();
            css.clear();
            for (const file of [entry.fileName, ...upFront.filter((file) => chunks.has(file)), ...entry.dynamicImports]) visit(file);
            for (const module of modules) {
              const chunk = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.endsWith(module)));
              if (!chunk) throw new Error(`list-app-modules: no chunk holds ${module} (signedInRoutes, ${route})`);
              visit(chunk.fileName);
            }
            return [route, [...new Set([...upFront, ...css, ...js])].sort()];
          }),
        );
        routeFilesJson = `${JSON.stringify(routeFiles, null, 1)}\n`;
        const boot = '<script src="/boot.js"></script>';
        if (!html.includes(boot)) throw new Error('list-app-modules: index.html does not load /boot.js');
        return html.replace(boot, [`<meta name="app-modules" content="${files.join(' ')}" />`, ...pageMetas, boot].join('\n    '));
      },
    },
  };
}

/** The UI libraries many pages share (vite.config's build.rolldownOptions: one chunk). */
const sharedUi =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is|stylis|hoist-non-react-statics)[\\/]/;

/** Whether an entry (index.html's src/main.tsx) imports the module statically, directly or not. */
function loadedByEntry(id: string, ctx: { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null }, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  return !!info && (info.isEntry || info.importers.some((importer) => loadedByEntry(importer, ctx, seen)));
}

/**
 * Test files that change what other files would see: replace a module (vi.mock), stub or redefine
 * a global (window, navigator, document, console), fake the timers, preload answers or switch the
 * language. Each runs in a fresh worker (test.projects); the rest share their worker's modules.
 * Found by what the file's source calls, so a new test file is sorted without a list to keep.
 */
const changesWhatOthersSee =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\b|defineProperty\(\s*(window|navigator|globalThis|document)\b|vi\.spyOn\(\s*(window|navigator|globalThis|document|console)\b|fuelportalPreloads|\bset(Format)?Language\(|changeLanguage\(/;
const testsDir = fileURLToPath(new URL('./src', import.meta.url));
const freshWorkerTests = readdirSync(testsDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && changesWhatOthersSee.test(readFileSync(resolvePath(testsDir, file), 'utf8')))
  .map((file) => `src/${file.split(sep).join('/')}`);

// The Go server embeds web/dist; web/dist/.keep must survive the build so the
// embed directive compiles on a fresh clone, hence emptyOutDir: false and the
// explicit clean in scripts/clean-dist.mjs.
export default defineConfig({
  plugins: [
    react(),
    listAppModules(),
    // Installable app (docs/decisions.md, Phones): web app manifest and a service worker that precaches the
    // app shell and serves index.html to every navigation when offline. The signed-in user's
    // GET /api/ answers are kept, network first, for offline use (public/offline-sw.js,
    // docs/decisions.md, Offline). Registered by src/lib/pwa; logout unregisters it and
    // deletes its caches (clearBrowserStorage, docs/product.md §4).
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'favicon.ico', 'robots.txt', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Fuel Portal',
        short_name: 'Fuel Portal',
        description: 'Fleet fuel cards, transactions and fuel stops on the route.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#0f1115',
        theme_color: '#0f1115',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and every page's code; the map (MapLibre, its worker, the atlas) is
        // cached the first time the planner opens instead of on install.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: ['**/.vite/**', '**/PlannerMap-*', '**/maplibre-gl-*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/robots\.txt$/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // Push notifications: the push and notificationclick handlers (docs/notifications.md);
        // the signed-in user's API answers for offline use (docs/decisions.md, Offline).
        importScripts: ['/push-sw.js', '/offline-sw.js'],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'app-assets', expiration: { maxEntries: 60 } },
          },
        ],
      },
    }),
    // Brotli and gzip copies of every text file next to it; the Go server picks one by
    // Accept-Encoding (http/spa.go).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|ico)$/,
      exclude: /\.vite\//,
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // maplibre-gl 6 ships its worker as an ES module (see docs/dependencies.md).
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/check-bundle-size.mjs reads what the first page loads.
    manifest: true,
    // The app's own chunks (src/start.tsx's, index.html's app-modules list) are public/boot.js's to
    // ask for, a few links a task: Vite's helper would append the ones boot.js has not reached yet
    // all at once when src/main.tsx imports the app (a 200-280 ms task on a phone).
    // The same for the entry's other dynamic imports (src/start-in-steps.ts: the app's libraries).
    // MUI, Emotion and their helpers that many pages share, in one chunk instead of ~40 of 1-3 KB:
    // over HTTP/1.1 (six connections) each file costs a round trip, and a phone's first screen
    // waited for all of them (bench/README, Web app). What the sign-in page's entry imports
    // statically stays with it (its budget: scripts/check-bundle-size.mjs).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              debugName: 'ui',
              name: (id, ctx) => (sharedUi.test(id) && !loadedByEntry(id, ctx) ? 'ui' : null),
              minShareCount: 6,
              // Not React and the other modules the libraries import: those stay where they are
              // (React with the entry); nothing in them imports the group back.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    modulePreload: {
      resolveDependencies: (filename, deps, { hostId, hostType }) =>
        hostType === 'js' && (/(^|\/)start-[\w-]+\.js$/.test(filename) || entryChunk.test(hostId)) ? [] : deps,
    },
  },
  server: {
    port: 15173,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:18080', changeOrigin: false } },
  },
  preview: { port: 15173, strictPort: true },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Generous limits, the same for every test (none sets its own): on a loaded host a first
    // render or a lazy page's first import takes seconds, and a limit only ends a test that
    // fails anyway (a passing one finishes as soon as its expectations hold), so they cost nothing.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 600_000 } },
    // A worker per core: Vitest's default leaves one core to its main process, which on a
    // 2-core machine means one worker and a core half idle (measured: 205 s at 1.1 cores busy,
    // 128 s at 1.8 with two workers; bench/README "Test suite time").
    maxWorkers: availableParallelism(),
    // A fresh worker per file costs ~3 s of CPU (jsdom, MUI, React, the app's modules): most files
    // share a worker's modules instead (bench/README "Test suite time"). The files that replace a
    // module (vi.mock), a global (stubGlobal, defineProperty on window or navigator, fake timers)
    // or the language keep a fresh worker each, so that nothing they change reaches another file.
    projects: [
      { extends: true, test: { name: 'fresh', include: freshWorkerTests } },
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: freshWorkerTests, isolate: false } },
    ],
    // notistack's CommonJS build exports enqueueSnackbar only once a provider mounts,
    // which Node's named-export snapshot never sees: use its ES build in tests.
    alias: { notistack: fileURLToPath(new URL('./node_modules/notistack/notistack.esm.js', import.meta.url)) },
    server: { deps: { inline: ['notistack'] } },
  },
});
