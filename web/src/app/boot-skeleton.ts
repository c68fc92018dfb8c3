import { authApi } from '@/lib/auth/auth-api';
import type { AppStore } from './store';

/**
 * index.html's signed-in skeleton (public/boot.js shows it for a stored session opening
 * /dashboard, /transactions or /navigation) stays over the app's loading spinner until a page has
 * mounted in its place (lazy-page.tsx), in the same commit, so that no frame shows neither.
 */
export function removeBootSkeleton() {
  const html = document.documentElement;
  if (html.dataset.boot !== 'app') return;
  delete html.dataset.boot;
  document.querySelector('.boot-skeleton')?.remove();
}

/**
 * No page comes when the session ends (sign-in page) or its account cannot load (the
 * app's error with a retry): the skeleton goes then too.
 */
export function watchBootSkeleton(store: AppStore) {
  if (document.documentElement.dataset.boot !== 'app') return;
  const selectAccount = authApi.endpoints.getAccount.select();
  const check = () => {
    const state = store.getState();
    if (document.documentElement.dataset.boot !== 'app') unsubscribe();
    else if (!state.auth.token || selectAccount(state).isError) {
      unsubscribe();
      removeBootSkeleton();
    }
  };
  const unsubscribe = store.subscribe(check);
  check();
}
