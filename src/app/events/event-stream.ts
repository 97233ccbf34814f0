/**
 * The one server-sent-events stream of this page (GET /api/events). It opens when the first subscriber comes and
 * closes when the last one goes. EventSource cannot send the Access-Token header, so each connection starts with
 * a single-use ticket from POST /api/events/ticket (through the one HTTP client, which refreshes an expired token);
 * a used ticket cannot reconnect, so after any error the stream is closed and opened again with a new ticket,
 * waiting longer each time (up to 30 s) while the server cannot be reached.
 */
import type { EventSubscriber, Transport } from '../../engine/seams';
import { STREAM_OPEN } from '../../engine/use-events';

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

type Handler = (data: unknown) => void;

export interface EventStreamDeps {
  transport: Transport;
  /** Whether someone is logged in (no stream for the login page). */
  loggedIn(): boolean;
  createSource?: (url: string) => EventSource;
}

export function createEventStream(deps: EventStreamDeps): EventSubscriber {
  const handlers = new Map<string, Set<Handler>>();
  let source: EventSource | undefined;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connecting = false;
  const createSource = deps.createSource ?? ((url: string) => new EventSource(url));

  const subscribers = () => [...handlers.values()].reduce((n, set) => n + set.size, 0);

  function listenTo(target: EventSource, type: string) {
    target.addEventListener(type, (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const handler of [...(handlers.get(type) ?? [])]) handler(data);
    });
  }

  async function connect() {
    if (source || connecting || !deps.loggedIn() || subscribers() === 0) return;
    connecting = true;
    try {
      const answer = await deps.transport.request<{ data?: { ticket: string } }>({
        method: 'POST',
        url: '/api/events/ticket',
      });
      if (!answer.data || subscribers() === 0) return;
      const opened = createSource(`/api/events?ticket=${encodeURIComponent(answer.data.ticket)}`);
      source = opened;
      for (const type of handlers.keys()) listenTo(opened, type);
      opened.onopen = () => {
        retryMs = RETRY_FIRST_MS;
        // Whatever happened while no stream was open is fetched again by the subscribers.
        for (const handler of [...(handlers.get(STREAM_OPEN) ?? [])]) handler({});
      };
      opened.onerror = () => {
        opened.close();
        if (source === opened) source = undefined;
        scheduleReconnect();
      };
    } catch {
      scheduleReconnect();
    } finally {
      connecting = false;
    }
  }

  function scheduleReconnect() {
    if (retryTimer || subscribers() === 0) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, wait);
  }

  function disconnect() {
    source?.close();
    source = undefined;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  return {
    subscribe(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
        if (source) listenTo(source, type);
      }
      set.add(handler);
      void connect();
      return () => {
        set.delete(handler);
        if (subscribers() === 0) disconnect();
      };
    },
  };
}
