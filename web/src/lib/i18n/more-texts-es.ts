import { byNamespace } from './namespace';

// Every es namespace but the first bundle's (./index): one chunk, loaded by loadAllTexts for a Spanish viewer only.
export const moreTexts = byNamespace(
  import.meta.glob<Record<string, unknown>>(['../../locales/es/*.json', '!**/common.json', '!**/auth.json'], { eager: true, import: 'default' }),
);
