import { afterEach, describe, expect, it } from 'vitest';
import { setFormatLanguage } from '@/lib/format';
import { longUsDate } from './formats';

describe('purchase dates in Spanish', () => {
  afterEach(() => setFormatLanguage('en'));

  it('follow the app’s Spanish date, not the browser’s long Spanish form', () => {
    setFormatLanguage('es');
    expect(longUsDate('2026-11-21T20:03:00Z')).toMatch(/^21 nov 2026, \d{1,2}:03 [AP]M$/);
  });

  it('stay the long US date in English', () => {
    expect(longUsDate('2026-11-21T20:03:00Z')).toMatch(/^November 21, 2026 at \d{1,2}:03 [AP]M$/);
  });
});
