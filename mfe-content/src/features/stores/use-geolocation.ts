import { useCallback, useState } from 'react';
import { roundPosition } from './stores-url';

export type GeolocationState = { status: 'idle' | 'locating' } | { status: 'failed'; message: string };

/**
 * The browser's position, on request only: the shopper presses "Use my location" first.
 * A refusal or an unsupported browser ends in a message that points to the ZIP field.
 */
export function useGeolocation() {
  const [state, setState] = useState<GeolocationState>({ status: 'idle' });
  const locate = useCallback((found: (position: { lat: number; lng: number }) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ status: 'failed', message: 'This browser can’t share your location. Enter a ZIP code instead.' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setState({ status: 'idle' });
        found(roundPosition({ lat: coords.latitude, lng: coords.longitude }));
      },
      (error) =>
        setState({
          status: 'failed',
          message:
            error.code === error.PERMISSION_DENIED
              ? 'Location access is turned off for this site. Allow it in your browser settings, or enter a ZIP code instead.'
              : 'We couldn’t find your location. Enter a ZIP code instead.',
        }),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }, []);
  return { state, locate };
}
