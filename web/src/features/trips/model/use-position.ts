import { useCallback, useEffect, useState } from 'react';
import type { TripPoint } from '../api/trip-types';

export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

export type PositionStatus = 'idle' | 'locating' | 'located' | 'unavailable';

export interface CurrentPosition {
  position: TripPoint | null;
  status: PositionStatus;
  locate: () => Promise<TripPoint | null>;
}

/**
 * The browser's position, asked for only when the user taps (`locate`) or, with `auto`, when
 * the site already holds the permission, so that no page opens with a permission prompt.
 */
export function useCurrentPosition(auto = true): CurrentPosition {
  const [status, setStatus] = useState<PositionStatus>('idle');
  const [position, setPosition] = useState<TripPoint | null>(null);

  const locate = useCallback((): Promise<TripPoint | null> => {
    if (!('geolocation' in navigator)) {
      setStatus('unavailable');
      return Promise.resolve(null);
    }
    setStatus('locating');
    return new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => {
          const point = { latitude: coords.latitude, longitude: coords.longitude };
          setPosition(point);
          setStatus('located');
          resolve(point);
        },
        (error) => {
          console.warn('Geolocation failed', error);
          setStatus('unavailable');
          resolve(null);
        },
        POSITION_OPTIONS,
      );
    });
  }, []);

  useEffect(() => {
    if (!auto) return;
    let live = true;
    const permissions = (navigator as Navigator & { permissions?: Permissions }).permissions;
    permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (live && permission.state === 'granted') void locate();
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [auto, locate]);

  return { position, status, locate };
}
