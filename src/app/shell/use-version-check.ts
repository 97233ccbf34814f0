/**
 * Runs the version check when the user moves to another screen, at most once every 30 seconds. The check starts a
 * few seconds after the screen opens: its three fetches would otherwise take three of the six connections the
 * browser opens to the server while the screen's own code and data are still on the way.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { checkVersions } from './version-check';

const MIN_INTERVAL_MS = 30_000;
const AFTER_SCREEN_MS = 3_000;

export function useVersionCheck(): void {
  const location = useLocation();
  const lastCheck = useRef(0);
  useEffect(() => {
    if (Date.now() - lastCheck.current < MIN_INTERVAL_MS) return;
    lastCheck.current = Date.now();
    // Not cancelled when the user moves on meanwhile: the check belongs to the session, not to the screen.
    window.setTimeout(() => void checkVersions(), AFTER_SCREEN_MS);
  }, [location.pathname]);
}
