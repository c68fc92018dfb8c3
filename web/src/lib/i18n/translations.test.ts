import { describe, expect, it } from 'vitest';
import { TRANSLATED_NAMESPACES } from './driver-texts';
import { namespaceOf } from './namespace';

/**
 * Every driver namespace says the same things in every language: the same keys, the same
 * {{placeholders}} and <tags> in each text, and a translation rather than the English sentence.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

type Texts = Record<string, string>;
const byLanguage: Record<string, Record<string, Texts>> = {};
for (const [file, texts] of Object.entries(files)) (byLanguage[file.split('/').at(-2)!] ??= {})[namespaceOf(file)] = flatten(texts);

/** { a: { b: 'x' }, faq: [{ q: 'y' }] } → { 'a.b': 'x', 'faq.0.q': 'y' } */
function flatten(value: unknown, prefix = '', into: Texts = {}): Texts {
  if (typeof value === 'string') into[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const markers = (text: string) => [...text.matchAll(/\{\{\s*[\w.]+\s*\}\}|<\/?\w+>/g)].map(([marker]) => marker.replace(/\s/g, '')).sort();

/** An English sentence: three words or more (names, units and codes such as "DEF" or "{{gallons}} gal" may stay). */
const isSentence = (text: string) => text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ').split(/\s+/).filter((word) => /[a-z]{2}/i.test(word)).length >= 3;

/** English sentences that read the same in Spanish, at most a handful. */
const SAME_IN_SPANISH = new Set<string>([]);
const MAX_UNTRANSLATED = 5;

export function compareTranslation(english: Record<string, Texts>, other: Record<string, Texts>) {
  const missing: string[] = [];
  const extra: string[] = [];
  const wrongMarkers: string[] = [];
  const untranslated: string[] = [];
  for (const namespace of TRANSLATED_NAMESPACES) {
    const en = english[namespace] ?? {};
    const local = other[namespace] ?? {};
    for (const key of Object.keys(en)) {
      const id = `${namespace}:${key}`;
      if (!(key in local)) missing.push(id);
      else if (markers(en[key]).join() !== markers(local[key]).join()) wrongMarkers.push(id);
      else if (local[key] === en[key] && isSentence(en[key]) && !SAME_IN_SPANISH.has(id)) untranslated.push(id);
    }
    for (const key of Object.keys(local)) if (!(key in en)) extra.push(`${namespace}:${key}`);
  }
  return { missing, extra, wrongMarkers, untranslated };
}

describe('translations of the driver namespaces', () => {
  const english = byLanguage['en-US'];
  const others = Object.keys(byLanguage).filter((code) => code !== 'en-US');

  it('exist for Spanish, with no namespace but the translated ones', () => {
    expect(others).toContain('es');
    for (const code of others) expect(Object.keys(byLanguage[code]).sort()).toEqual([...TRANSLATED_NAMESPACES].sort());
    for (const namespace of TRANSLATED_NAMESPACES) expect(Object.keys(english)).toContain(namespace);
  });

  it.each(others)('%s has every en-US key and no other, with the same placeholders and tags', (code) => {
    const { missing, extra, wrongMarkers } = compareTranslation(english, byLanguage[code]);
    expect(missing, `keys in en-US but not in ${code}: translate them in src/locales/${code}/`).toEqual([]);
    expect(extra, `keys in ${code} but not in en-US`).toEqual([]);
    expect(wrongMarkers, `texts whose {{placeholders}} or <tags> differ from en-US`).toEqual([]);
  });

  it.each(others)('%s leaves at most a handful of English sentences untranslated', (code) => {
    const { untranslated } = compareTranslation(english, byLanguage[code]);
    expect(untranslated.length, `still the English sentence: ${untranslated.join(', ')}`).toBeLessThanOrEqual(MAX_UNTRANSLATED);
  });

  it('finds a missing key, a changed placeholder and English left in place', () => {
    const en = { common: { 'a.b': 'Save your changes now', c: 'Hi {{name}}', d: 'Your card was declined today', e: 'OK' } };
    const es = { common: { 'a.b': 'Guarde sus cambios ahora', c: 'Hola {{nombre}}', d: 'Your card was declined today', e: 'OK', z: 'extra' } };
    expect(compareTranslation(en, { common: {} }).missing).toEqual(['common:a.b', 'common:c', 'common:d', 'common:e']);
    const found = compareTranslation(en, es);
    expect(found).toEqual({ missing: [], extra: ['common:z'], wrongMarkers: ['common:c'], untranslated: ['common:d'] });
  });
});

/** Driver-facing namespaces whose figures carry a unit (alerts' texts are kept with the server's). */
const FIGURE_NAMESPACES = ['account', 'common', 'dashboard', 'planner', 'transactions', 'trips', 'vehicles'];

/** "12.5 gal", "{{miles}} mi", "10 %": a figure and its unit with a space a line may break at. */
export function figuresSplitFromUnits(texts: Texts): string[] {
  return Object.entries(texts)
    .filter(([, text]) => /(\{\{[\w.]+\}\}|\d) (gal|mi|%)(?![a-z])/i.test(text))
    .map(([key]) => key);
}

describe('figures and their units', () => {
  it.each(Object.keys(byLanguage))('%s keeps a figure on the line of its unit (gal, mi, per cent): a no-break space between them', (code) => {
    const split = FIGURE_NAMESPACES.flatMap((namespace) => figuresSplitFromUnits(byLanguage[code][namespace] ?? {}).map((key) => `${namespace}:${key}`));
    expect(split, 'write \\u00a0 between the figure and its unit').toEqual([]);
  });

  it('finds a breaking space before gal, mi or %, and not in a word that begins so', () => {
    expect(figuresSplitFromUnits({ a: 'Buy {{gallons}} gal', b: 'plus 10 %', c: '{{miles}} mi away', d: 'Buy {{gallons}}\u00a0gal', e: '2 millas', f: '3 galones' })).toEqual(['a', 'b', 'c']);
  });
});


describe('the driver id', () => {
  it('has one name in Spanish on the card, the pump prompt, the decline and the purchase', () => {
    // The owner sets it on the card (fuelCards), the driver reads it on the dashboard and the purchase (transactions).
    const names = new Set(
      ['fuelCards', 'transactions'].flatMap((namespace) =>
        Object.values(byLanguage.es[namespace] ?? {}).flatMap((text) => [...text.matchAll(/\bID del? (\p{L}+)/gu)].map((match) => match[0])),
      ),
    );
    expect([...names]).toEqual(['ID del chofer']);
  });
});
