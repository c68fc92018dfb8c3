import { describe, expect, it } from 'vitest';
import { mapsAppFor, navigateLink } from './navigate-link';

const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const stop = { latitude: 33.2148, longitude: -97.1331, name: 'TA Denton (#42)' };

describe('mapsAppFor', () => {
  it.each([
    ['an Android phone', PIXEL, 0, 'android'],
    ['an iPhone', IPHONE, 5, 'apple'],
    ['an iPad that asks for desktop sites', IPAD_DESKTOP, 5, 'apple'],
    ['a Mac without touch', IPAD_DESKTOP, 0, 'google'],
    ['a Windows desktop', WINDOWS, 0, 'google'],
    ['an empty user agent', '', 0, 'google'],
  ] as const)('sends %s to %s', (_name, userAgent, touchPoints, app) => {
    expect(mapsAppFor(userAgent, touchPoints)).toBe(app);
  });
});

describe('navigateLink', () => {
  it('gives Android a geo: intent with the coordinates and the name as its label', () => {
    expect(navigateLink(stop, 'android')).toBe('geo:33.214800,-97.133100?q=33.214800,-97.133100(TA%20Denton%20%2342)');
  });
  it('leaves the label out of the geo: intent when the stop has no name', () => {
    expect(navigateLink({ latitude: 1, longitude: 2 }, 'android')).toBe('geo:1.000000,2.000000?q=1.000000,2.000000');
  });
  it('gives iOS Apple Maps driving directions', () => {
    expect(navigateLink(stop, 'apple')).toBe('https://maps.apple.com/?daddr=33.214800%2C-97.133100&dirflg=d&q=TA%20Denton%20%2342');
  });
  it('gives other devices Google Maps driving directions', () => {
    expect(navigateLink(stop, 'google')).toBe('https://www.google.com/maps/dir/?api=1&destination=33.214800%2C-97.133100&travelmode=driving');
  });
});
