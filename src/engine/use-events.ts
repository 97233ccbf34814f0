/**
 * Server-sent events for schema pages: a page that declares `refreshOn: ["message", ...]` reads its data again
 * when one of those events reaches this page (and when the stream opens again after a break), instead of polling.
 */
import { useEffect, useRef } from 'react';
import { useSeams } from './seams';

/** The stream's own event when it (re)opens: whatever was missed meanwhile is read again. */
export const STREAM_OPEN = 'stream.open';

export function useEvents(types: readonly string[] | undefined, onEvent: () => void): void {
  const { events } = useSeams();
  // The latest callback without resubscribing on every render.
  const callback = useRef(onEvent);
  callback.current = onEvent;
  const key = (types ?? []).join(',');
  useEffect(() => {
    if (!events || key === '') return;
    const all = [...key.split(','), STREAM_OPEN];
    const stops = all.map((type) => events.subscribe(type, () => callback.current()));
    return () => stops.forEach((stop) => stop());
  }, [events, key]);
}
