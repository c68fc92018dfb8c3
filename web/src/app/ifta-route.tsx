import type { AppDispatch } from '@/lib/store';
import { lazyPage } from './lazy-page';
import type { SessionHint } from './role-hint';

const LazyIftaPage = lazyPage(async () => (await import('@/features/ifta')).IftaPage);

/** /ifta: the owner's IFTA return. */
export function IftaPage() {
  return <LazyIftaPage />;
}
/**
 * The page's code and its first data at once (src/app/preload.ts): the permissions its guard waits
 * for and, once they allow it, the return are asked for beside the page's code.
 */
IftaPage.preload = async (_hint: SessionHint, dispatch: AppDispatch) => {
  const code = LazyIftaPage.preload();
  // Settles once the return is asked for (after the permissions' answer), with the code.
  await Promise.all([dispatch((await import('@/features/ifta/prefetch')).prefetchIfta(window.location.search)), code]);
};
