/** Runs the version check when the user moves to another screen, at most once every 30 seconds. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { checkVersions } from './version-check';

const MIN_INTERVAL_MS = 30_000;

export function useVersionCheck(): void {
  const location = useLocation();
  const lastCheck = useRef(0);
  useEffect(() => {
    if (Date.now() - lastCheck.current < MIN_INTERVAL_MS) return;
    lastCheck.current = Date.now();
    void checkVersions();
  }, [location.pathname]);
}
