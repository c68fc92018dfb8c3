import { namespaceOf } from './namespace';

// Every en-US namespace but the first bundle's (./index): one chunk, loaded by loadAllTexts.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/en-US/*.json', '!../../locales/en-US/common.json', '!../../locales/en-US/auth.json'],
  { eager: true, import: 'default' },
);

export const moreTexts: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(files).map(([file, texts]) => [namespaceOf(file), texts]),
);
