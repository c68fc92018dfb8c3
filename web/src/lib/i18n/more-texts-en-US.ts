import { byNamespace } from './namespace';

// Every en-US namespace but the first bundle's (./index): one chunk, loaded by loadAllTexts.
export const moreTexts = byNamespace(
  import.meta.glob<Record<string, unknown>>(['../../locales/en-US/*.json', '!**/common.json', '!**/auth.json'], { eager: true, import: 'default' }),
);
