import { namespaceOf } from './namespace';

// Every namespace of every language but the first bundle's (./index): one chunk, loaded by loadAllTexts.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/*.json', '!../../locales/*/common.json', '!../../locales/*/auth.json'],
  { eager: true, import: 'default' },
);

/** Texts by language code (en-US, es), then namespace. */
export const moreTexts: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(files)) (moreTexts[file.split('/').at(-2)!] ??= {})[namespaceOf(file)] = texts;
