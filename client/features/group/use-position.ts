import { useState } from 'react';

export type PositionState =
  { state: 'idle' } | { state: 'asking' } | { state: 'known'; latitude: number; longitude: number } | { state: 'refused'; message: string };

/**
 * The client's position, asked only when they press the button (the browser then asks their
 * consent) and kept in this page: nothing is sent to the server.
 */
export function usePosition(): [PositionState, () => void] {
  const [position, setPosition] = useState<PositionState>({ state: 'idle' });
  const ask = () => {
    if (!('geolocation' in navigator)) {
      setPosition({ state: 'refused', message: 'This browser cannot tell where you are.' });
      return;
    }
    setPosition({ state: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (p) => setPosition({ state: 'known', latitude: p.coords.latitude, longitude: p.coords.longitude }),
      (e) =>
        setPosition({
          state: 'refused',
          message:
            e.code === e.PERMISSION_DENIED
              ? 'Locations stay in the group’s order: your position was not shared.'
              : 'Your position could not be found just now.',
        }),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  return [position, ask];
}
