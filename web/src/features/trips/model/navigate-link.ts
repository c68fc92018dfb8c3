import type { TripPoint } from '../api/trip-types';

export type MapsApp = 'android' | 'apple' | 'google';

/**
 * Which maps app a device hands a destination to, from its user agent: Android's own `geo:`
 * intent (the driver's chosen maps app), Apple Maps on iPhone and iPad (an iPad in desktop mode
 * calls itself a Mac; only its touch points tell it apart), Google Maps' site elsewhere.
 */
export function mapsAppFor(userAgent: string, maxTouchPoints = 0): MapsApp {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'apple';
  return 'google';
}

/**
 * A link handing a stop to the phone's maps app, the destination by coordinates (6 decimals,
 * about 10 cm) with its name as the label where the app shows one:
 * `geo:lat,lng?q=lat,lng(Name)` on Android, Apple Maps' directions URL on iOS, Google Maps'
 * directions URL elsewhere.
 */
export function navigateLink(point: TripPoint & { name?: string }, app: MapsApp): string {
  const where = `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;
  // Parentheses would end the geo: label early; the rest is percent-encoded.
  const name = point.name?.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  switch (app) {
    case 'android':
      return `geo:${where}?q=${where}${name ? `(${encodeURIComponent(name)})` : ''}`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${encodeURIComponent(where)}&dirflg=d${name ? `&q=${encodeURIComponent(name)}` : ''}`;
    case 'google':
      return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(where)}&travelmode=driving`;
  }
}

/** The link for this browser. */
export function deviceNavigateLink(point: TripPoint & { name?: string }): string {
  return navigateLink(point, mapsAppFor(navigator.userAgent, navigator.maxTouchPoints ?? 0));
}
