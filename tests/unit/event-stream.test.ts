/**
 * The page's event stream (src/app/events/event-stream.ts) against a stand-in EventSource: it opens with a ticket
 * only once someone listens, hands each event's data to the subscribers of its type, opens again with a new ticket
 * after an error (a used ticket cannot reconnect), tells subscribers when it (re)opens, and closes with the last
 * subscriber.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventStream } from '../../src/app/events/event-stream';
import type { RequestOptions, Transport } from '../../src/engine/seams';

class FakeSource {
  static opened: FakeSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

let tickets = 0;
const asked: RequestOptions[] = [];
const transport: Transport = {
  request: async <T>(options: RequestOptions) => {
    asked.push(options);
    tickets += 1;
    return { msgCode: 0, errMsg: '', data: { ticket: `t${tickets}` } } as T;
  },
};

const stream = () =>
  createEventStream({
    transport,
    loggedIn: () => true,
    createSource: (url) => new FakeSource(url) as unknown as EventSource,
  });

/** Lets the ticket request's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.opened = [];
  tickets = 0;
  asked.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('event stream', () => {
  it('opens with a ticket on the first subscriber and delivers events by type', async () => {
    const events = stream();
    expect(FakeSource.opened).toHaveLength(0);
    const messages: unknown[] = [];
    const stop = events.subscribe('message', (data) => messages.push(data));
    await settle();
    expect(asked).toEqual([{ method: 'POST', url: '/api/events/ticket' }]);
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/api/events?ticket=t1']);
    FakeSource.opened[0].emit('message', { kind: 'urge', title: '请审批' });
    FakeSource.opened[0].emit('other', { ignored: true });
    expect(messages).toEqual([{ kind: 'urge', title: '请审批' }]);
    stop();
    expect(FakeSource.opened[0].closed).toBe(true);
  });

  it('after an error opens again with a new ticket, and says so to subscribers', async () => {
    const events = stream();
    let reopened = 0;
    events.subscribe('message', () => undefined);
    events.subscribe('stream.open', () => (reopened += 1));
    await settle();
    const first = FakeSource.opened[0];
    first.onopen?.();
    expect(reopened).toBe(1);
    first.onerror?.();
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/api/events?ticket=t1', '/api/events?ticket=t2']);
    FakeSource.opened[1].onopen?.();
    expect(reopened).toBe(2);
  });

  it('waits longer after each failure in a row', async () => {
    const events = stream();
    events.subscribe('message', () => undefined);
    await settle();
    FakeSource.opened[0].onerror?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.opened).toHaveLength(2);
    FakeSource.opened[1].onerror?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.opened).toHaveLength(3);
  });
});
