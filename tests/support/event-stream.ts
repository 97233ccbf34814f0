/**
 * A page's server-sent-events stream (GET /api/events?ticket=...) read the way EventSource reads it, for the tests
 * that watch events arrive across server instances: the events received so far, a wait for the next of a type,
 * and when the stream ended (the server closed it, or its instance died).
 */
import http from 'node:http';

export interface StreamEvent {
  id: string | undefined;
  type: string;
  data: unknown;
}

export interface OpenStream {
  events: StreamEvent[];
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves when the stream ends, however it ends. */
  ended: Promise<void>;
  next(type: string): Promise<StreamEvent>;
  close(): void;
}

export function openStream(base: string, ticket: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, (response) => {
      const events: StreamEvent[] = [];
      const waiters: { type: string; resolve: (event: StreamEvent) => void; from: number }[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          const id = /^id: (.+)$/m.exec(block)?.[1];
          if (type && data) events.push({ id, type, data: JSON.parse(data) as unknown });
        }
        for (const waiter of [...waiters]) {
          const found = events.slice(waiter.from).find((event) => event.type === waiter.type);
          if (found) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(found);
          }
        }
      });
      // A dropped connection (the instance killed) ends the stream as surely as the server's own end.
      const ended = new Promise<void>((done) => {
        response.on('end', () => done());
        response.on('close', () => done());
        response.on('error', () => done());
      });
      resolve({
        events,
        ended,
        status: response.statusCode ?? 0,
        headers: response.headers,
        next: (type) => new Promise((done) => waiters.push({ type, resolve: done, from: events.length })),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
