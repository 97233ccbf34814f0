/**
 * One shared token refresh: however many requests fail with an expired token at once, the first starts the
 * refresh and every other waits on the same promise, then each replays itself.
 */
export function createRefreshQueue(refresh: () => Promise<void>) {
  let running: Promise<void> | null = null;
  return function refreshOnce(): Promise<void> {
    running ??= refresh().finally(() => {
      running = null;
    });
    return running;
  };
}
