import { describe, expect, it } from 'vitest';
import { i18n, loadAllTexts } from './index';
import { namespaceOf } from './namespace';
import { moreTexts } from './more-texts';

const allFiles = Object.keys(import.meta.glob('../../locales/en-US/*.json'));

describe('en-US texts', () => {
  it('keeps only common and auth in the first bundle; every other namespace loads with loadAllTexts', async () => {
    const first = ['auth', 'common'];
    expect(Object.keys(moreTexts).sort()).toEqual(allFiles.map(namespaceOf).filter((ns) => !first.includes(ns)).sort());
    expect(i18n.options.ns).toEqual(expect.arrayContaining(first));
    await loadAllTexts();
    for (const namespace of allFiles.map(namespaceOf)) expect(i18n.hasResourceBundle('en-US', namespace)).toBe(true);
    expect(i18n.t('dashboard:title', { defaultValue: '' })).not.toBe('');
  });
});
