import { DEFAULT_CHAIN_LOGO, DEFAULT_LOGO_CHAINS } from './constants';
import type { ChainOption } from './types';

/** Logo URL of a station's chain: the default logo for AMBEST or a missing chain (docs/product.md §2.7). */
export function chainLogoUrl(chain: string | null | undefined, chains: ReadonlyMap<string, ChainOption>): string {
  if (!chain || DEFAULT_LOGO_CHAINS.has(chain.toUpperCase())) return DEFAULT_CHAIN_LOGO;
  return chains.get(chain)?.imageUrl ?? `/api/locations/logos/${encodeURIComponent(chain)}.svg`;
}

/** Chain or affiliate options keyed by their code. */
export const optionsByValue = (options: readonly ChainOption[] | undefined): Map<string, ChainOption> =>
  new Map((options ?? []).map((option) => [option.value, option]));
