import { afterEach, describe, expect, it } from 'vitest';
import { setFormatLanguage } from '@/lib/format';
import { formatDateTime } from './format';

describe('trip dates', () => {
  afterEach(() => setFormatLanguage('en'));

  it('follow the app’s Spanish date in Spanish', () => {
    setFormatLanguage('es');
    expect(formatDateTime('2026-11-21T20:03:00Z')).toMatch(/^21 nov 2026, \d{1,2}:03 [AP]M$/);
  });
});
