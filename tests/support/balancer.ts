/**
 * A round-robin HTTP load balancer in front of several portal instances, doing for the multi-instance test what
 * nginx's `upstream` does in a deployment: each request goes to the next instance; one that refuses the connection
 * is skipped for a few seconds and the request goes to the next (it never reached the refused one, so this is safe
 * for a POST too, like nginx's `proxy_next_upstream error`); responses stream through unbuffered, so server-sent
 * events arrive as they are written, and a stream whose instance dies ends for the page, which opens another.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  readonly origin: string;
  /** Requests each backend answered, by its port. */
  readonly served: Map<number, number>;
  close(): Promise<void>;
}

/** The response header naming the port of the instance that answered. */
export const UPSTREAM_HEADER = 'x-upstream-port';

/** How long a backend that refused a connection is left out. */
const LEFT_OUT_MS = 5000;

export async function startBalancer(backendPorts: readonly number[]): Promise<Balancer> {
  const served = new Map(backendPorts.map((port) => [port, 0]));
  const downUntil = new Map<number, number>();
  let next = 0;

  /** The backends in the order to try for one request: round-robin, those left out last. */
  function order(): number[] {
    const start = next++ % backendPorts.length;
    const turn = backendPorts.map((_, i) => backendPorts[(start + i) % backendPorts.length]);
    const now = Date.now();
    return [
      ...turn.filter((port) => (downUntil.get(port) ?? 0) <= now),
      ...turn.filter((port) => (downUntil.get(port) ?? 0) > now),
    ];
  }

  function forward(
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    candidates: number[],
  ): void {
    const [port, ...rest] = candidates;
    if (port === undefined) {
      response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('no instance answered');
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      },
      (answer) => {
        served.set(port, (served.get(port) ?? 0) + 1);
        // Which instance answered, for a test to know where a page's event stream landed.
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: String(port) });
        response.flushHeaders();
        answer.pipe(response);
        // The instance died mid-answer: the page's connection ends too, as behind a real balancer.
        answer.on('error', () => response.destroy());
        answer.on('aborted', () => response.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) return void response.destroy();
      if (error.code === 'ECONNREFUSED') {
        downUntil.set(port, Date.now() + LEFT_OUT_MS);
        return forward(request, body, response, rest);
      }
      // Reset after the request was sent: it may have been done, so it is not sent again (the page sees 502).
      response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error.code ?? error));
    });
    response.on('close', () => upstream.destroy());
    upstream.end(body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, order()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
