import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadAllTexts } from '@/lib/i18n';
import { server } from './server';

// Tests render pages without the route that loads their texts (lazyPage), in either language.
await loadAllTexts(['en', 'es']);

// Pages load their code when their route first renders (src/app/router.tsx); the first
// import of a page in a test file can take seconds to transform on a loaded machine. Every
// findBy and waitFor waits as long as the test itself may run (vite.config.ts's testTimeout):
// no limit inside a test is tighter than the test's own, so none depends on the host's speed
// (a passing test goes on as soon as what it waits for is there).
configure({ asyncUtilTimeout: 600_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
window.scrollTo = () => {};
