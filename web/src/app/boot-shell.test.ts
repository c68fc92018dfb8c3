import { render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import bootScript from '../../public/boot.js?raw';
import auth from '@/locales/en-US/auth.json';
import common from '@/locales/en-US/common.json';
import dashboard from '@/locales/en-US/dashboard.json';
import fuelCards from '@/locales/en-US/fuelCards.json';
import transactions from '@/locales/en-US/transactions.json';
import { bootCallsDone } from '@/test/boot-calls';

// index.html paints a static copy of the sign-in page's top (brand, heading, subtitle)
// before the app's code loads; public/boot.js decides whether it shows (and src/main.tsx
// whether the light sign-in page or the app starts).
const page = new DOMParser().parseFromString(indexHtml, 'text/html');
const shell = page.querySelector('#root > main.boot-shell');

const runBoot = (path: string) => {
  window.history.replaceState(null, '', path);
  document.documentElement.removeAttribute('data-boot');
  new Function(bootScript)();
  return document.documentElement.getAttribute('data-boot');
};

describe('index.html sign-in shell', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('carries the sign-in page texts inside #root', () => {
    expect(shell).not.toBeNull();
    expect(shell!.querySelector('.boot-app')?.textContent).toBe(common.appName);
    expect(shell!.querySelector('.boot-tagline')?.textContent).toBe(common.tagline);
    expect(shell!.querySelector('h1')?.textContent).toBe(auth.signIn.title);
    expect(shell!.querySelector('.boot-subtitle')?.textContent).toBe(auth.signIn.subtitle);
    expect(shell!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('loads boot.js before the app', () => {
    const scripts = [...page.querySelectorAll('script')].map((s) => s.getAttribute('src'));
    expect(scripts[0]).toBe('/boot.js');
    expect(page.querySelector('script[src="/boot.js"]')?.hasAttribute('async')).toBe(false);
  });

  it('shows the shell to a signed-out visitor of "/" and /signin only', () => {
    expect(runBoot('/')).toBe('signin');
    expect(runBoot('/signin')).toBe('signin');
    expect(runBoot('/signin/')).toBe('signin');
    expect(runBoot('/dashboard')).toBeNull();
    expect(runBoot('/signup')).toBeNull();
    expect(runBoot('/transactions')).toBeNull();
    localStorage.setItem('token', 'stored');
    expect(runBoot('/')).toBeNull();
    expect(runBoot('/signin')).toBeNull();
  });

  it("asks for the app's code at once for every visitor but the signed-out sign-in page", () => {
    const list = Object.assign(document.createElement('meta'), { name: 'app-modules', content: '/assets/start-1.js /assets/start-1.css' });
    document.head.append(list);
    const requested = () =>
      [...document.head.querySelectorAll('link')].map((link) => `${link.rel}${link.getAttribute('as') ? `:${link.getAttribute('as')}` : ''} ${link.getAttribute('href')}`);
    try {
      runBoot('/');
      expect(requested()).toEqual([]);
      // The sign-in page asks for it later (src/main.tsx), once however often it asks.
      window.fuelportalPrefetchApp!();
      window.fuelportalPrefetchApp!();
      expect(requested()).toEqual(['modulepreload /assets/start-1.js', 'preload:style /assets/start-1.css']);
      for (const link of document.head.querySelectorAll('link')) link.remove();
      runBoot('/dashboard');
      expect(requested()).toEqual(['modulepreload /assets/start-1.js', 'preload:style /assets/start-1.css']);
    } finally {
      list.remove();
      for (const link of document.head.querySelectorAll('link')) link.remove();
    }
  });

  it("asks for a page's listed chunks after the app's when a stored session opens it", () => {
    const metas = [
      Object.assign(document.createElement('meta'), { name: 'app-modules', content: '/assets/start-1.js' }),
      Object.assign(document.createElement('meta'), { name: 'page-modules', content: '/assets/ifta-1.js /assets/ifta-1.css' }),
    ];
    metas[1].dataset.page = 'ifta';
    document.head.append(...metas);
    const requested = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    try {
      localStorage.setItem('token', 'stored');
      runBoot('/ifta');
      expect(requested()).toEqual(['/assets/start-1.js', '/assets/ifta-1.js', '/assets/ifta-1.css']);
      for (const link of document.head.querySelectorAll('link')) link.remove();
      // Another path asks for the app's alone; so does the page without a stored session.
      runBoot('/vehicles');
      expect(requested()).toEqual(['/assets/start-1.js']);
      for (const link of document.head.querySelectorAll('link')) link.remove();
      localStorage.removeItem('token');
      runBoot('/ifta');
      expect(requested()).toEqual(['/assets/start-1.js']);
    } finally {
      localStorage.removeItem('token');
      metas.forEach((meta) => meta.remove());
      for (const link of document.head.querySelectorAll('link')) link.remove();
    }
  });

  it('is replaced when React mounts into #root', () => {
    const root = document.createElement('div');
    root.innerHTML = shell!.outerHTML;
    document.body.append(root);
    render(createElement('p', null, 'app'), { container: root });
    expect(root.querySelector('.boot-shell')).toBeNull();
    expect(root.textContent).toBe('app');
  });
});

describe('index.html signed-in skeleton', () => {
  const skeleton = page.querySelector('body > .boot-skeleton');
  const html = document.documentElement;
  // A real token's claims (http/token.go): an owner of the whole company, a driver holding a card.
  const jwt = (role: string) => `h.${btoa(JSON.stringify(role === 'ROLE_COMPANY' ? { role, mrole: 'owner' } : { role, mrole: 'driver', card: 7 })).replace(/=+$/, '')}.s`;
  beforeEach(() => {
    vi.spyOn(window, 'fetch').mockImplementation(() => Promise.resolve(Response.json({})));
  });
  afterEach(async () => {
    // boot.js asks for the page's calls after the first frame: let it, while fetch is mocked.
    await bootCallsDone();
    vi.restoreAllMocks();
    for (const name of ['data-boot', 'data-boot-page', 'data-boot-role', 'data-boot-drawer', 'data-boot-requests']) html.removeAttribute(name);
    localStorage.clear();
    delete window.fuelportalPreloads;
    window.history.replaceState(null, '', '/');
  });

  it("carries the pages' headings and the drawer's brand, outside #root and hidden from assistive technology", () => {
    expect(skeleton).not.toBeNull();
    expect(skeleton!.getAttribute('aria-hidden')).toBe('true');
    expect(skeleton!.querySelector('.boot-title-dashboard')?.textContent).toBe(dashboard.title);
    expect(skeleton!.querySelector('.boot-title-transactions')?.textContent).toBe(transactions.title);
    expect(skeleton!.querySelector('.boot-drawer-head span')?.textContent).toBe(common.appName);
    expect(skeleton!.querySelector('.boot-requests h2')?.textContent).toBe(fuelCards.requests.title);
  });

  it("marks the owner's dashboard when its driver-requests call lists waiting drivers, from a copy of the answer", async () => {
    const afterCalls = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    const answers: Response[] = [];
    const answerWith = (requests: unknown[]) =>
      vi.spyOn(window, 'fetch').mockImplementation((url) => {
        const answer = Response.json(String(url).endsWith('/driver-requests') ? requests : {});
        answers.push(answer);
        return Promise.resolve(answer);
      });
    localStorage.setItem('token', jwt('ROLE_COMPANY'));
    answerWith([{ id: 1 }]);
    runBoot('/dashboard');
    await afterCalls();
    expect(html.dataset.bootRequests).toBe('waiting');
    expect(answers.every((answer) => !answer.bodyUsed)).toBe(true);

    html.removeAttribute('data-boot-requests');
    answerWith([]);
    runBoot('/dashboard');
    await afterCalls();
    expect(html.dataset.bootRequests).toBeUndefined();
  });

  it("asks for the owner's driver-requests before the skeleton's first frame, every other call after it", () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(() => Promise.resolve(Response.json([])));
    localStorage.setItem('token', jwt('ROLE_COMPANY'));
    runBoot('/dashboard');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([`${location.origin}/api/wex/company/driver-requests`]);
    expect(window.fuelportalPreloads?.map((call) => call.url)).toEqual([`${location.origin}/api/wex/company/driver-requests`]);
    fetch.mockClear();
    delete window.fuelportalPreloads;
    runBoot('/transactions');
    localStorage.setItem('token', jwt('ROLE_USER'));
    runBoot('/dashboard');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for the page's calls after the first frame three a task, not all in one", async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(() => Promise.resolve(Response.json({})));
    localStorage.setItem('token', jwt('ROLE_USER'));
    runBoot('/dashboard');
    // The frame, then the task boot.js queued after it (queued before this test's own).
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(fetch).toHaveBeenCalledTimes(3);
    await bootCallsDone();
    expect(fetch).toHaveBeenCalledTimes(10);
  });

  it("holds the app's start on the owner's dashboard until its driver-requests answer has been drawn", async () => {
    const afterCalls = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    const started = vi.fn();
    localStorage.setItem('token', jwt('ROLE_USER'));
    runBoot('/dashboard');
    window.fuelportalWhenShown!(started);
    expect(started).toHaveBeenCalledTimes(1);
    for (const requests of [[{ id: 1 }], []]) {
      started.mockClear();
      vi.spyOn(window, 'fetch').mockImplementation((url) => Promise.resolve(Response.json(String(url).endsWith('/driver-requests') ? requests : {})));
      localStorage.setItem('token', jwt('ROLE_COMPANY'));
      html.removeAttribute('data-boot-requests');
      runBoot('/dashboard');
      window.fuelportalWhenShown!(started);
      expect(started).not.toHaveBeenCalled();
      await afterCalls();
      await afterCalls();
      expect(started).toHaveBeenCalledTimes(1);
    }
  });

  it('shows for a stored session opening /dashboard or /transactions, with its role and drawer', () => {
    localStorage.setItem('token', jwt('ROLE_COMPANY'));
    expect(runBoot('/dashboard')).toBe('app');
    expect([html.dataset.bootPage, html.dataset.bootRole, html.dataset.bootDrawer]).toEqual(['dashboard', 'owner', undefined]);
    localStorage.setItem('token', jwt('ROLE_USER'));
    localStorage.setItem('navigationDrawerOpen', 'false');
    expect(runBoot('/transactions/')).toBe('app');
    expect([html.dataset.bootPage, html.dataset.bootRole, html.dataset.bootDrawer]).toEqual(['transactions', 'driver', 'closed']);
    localStorage.setItem('token', 'unreadable');
    expect(runBoot('/dashboard')).toBe('app');
    expect(html.dataset.bootRole).toBe('driver');
  });

  it('shows the navigation alone on the planner, whose heading is for screen readers only', () => {
    localStorage.setItem('token', jwt('ROLE_COMPANY'));
    expect(runBoot('/navigation')).toBe('app');
    expect(html.dataset.bootPage).toBe('planner');
    const styles = page.querySelector('head > style')?.textContent ?? '';
    expect(styles).toMatch(/html\[data-boot-page='planner'\] \.boot-page \{ display: none; \}/);
  });

  it('does not show on other pages nor without a stored session', () => {
    expect(runBoot('/dashboard')).toBeNull();
    localStorage.setItem('token', jwt('ROLE_COMPANY'));
    expect(runBoot('/settings')).toBeNull();
    expect(runBoot('/transactions/INV-1')).toBeNull();
  });

  it('goes when a page mounts, or when the session ends before one does', async () => {
    const { removeBootSkeleton, watchBootSkeleton } = await import('./boot-skeleton');
    const { makeStore } = await import('./store');
    const { sessionExpired } = await import('@/lib/auth/actions');
    const mount = () => {
      const copy = skeleton!.cloneNode(true) as HTMLElement;
      document.body.append(copy);
      html.setAttribute('data-boot', 'app');
      return copy;
    };
    let copy = mount();
    removeBootSkeleton();
    expect(copy.isConnected).toBe(false);
    expect(html.hasAttribute('data-boot')).toBe(false);

    localStorage.setItem('token', jwt('ROLE_COMPANY'));
    const store = makeStore();
    copy = mount();
    watchBootSkeleton(store);
    expect(copy.isConnected).toBe(true);
    store.dispatch(sessionExpired({ reason: 'test' }));
    expect(copy.isConnected).toBe(false);
  });
});

