/**
 * The way out on SIGTERM/SIGINT (src/server/shutdown.ts): a clean close exits 0; a close that hangs is cut at the
 * deadline; a second signal exits at once; a broken output does not stop the way out.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitOnSignals } from '../../src/server/shutdown';

afterEach(() => {
  vi.useRealTimers();
});

function harness(close: () => Promise<void>, say: (message: string) => void = () => undefined) {
  const signals = new EventEmitter();
  const exits: number[] = [];
  exitOnSignals({ close, exit: (code) => exits.push(code), deadlineMs: 1000, say, signals });
  return { signals, exits };
}

describe('shutdown on signals', () => {
  it('exits 0 once the close finished', async () => {
    const { signals, exits } = harness(async () => undefined);
    signals.emit('SIGTERM');
    await vi.waitFor(() => expect(exits).toEqual([0]));
  });

  it('exits 1 at the deadline when the close hangs', async () => {
    vi.useFakeTimers();
    const { signals, exits } = harness(() => new Promise<void>(() => undefined));
    signals.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
  });

  it('exits at once on a second signal', () => {
    const { signals, exits } = harness(() => new Promise<void>(() => undefined));
    signals.emit('SIGTERM');
    expect(exits).toEqual([]);
    signals.emit('SIGINT');
    expect(exits).toEqual([1]);
  });

  it('still stops when telling the operator fails (a closed output pipe)', async () => {
    const { signals, exits } = harness(
      async () => undefined,
      () => {
        throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
      },
    );
    signals.emit('SIGTERM');
    await vi.waitFor(() => expect(exits).toEqual([0]));
  });

  it('exits 1 when the close fails', async () => {
    const { signals, exits } = harness(async () => {
      throw new Error('database gone');
    });
    signals.emit('SIGTERM');
    await vi.waitFor(() => expect(exits).toEqual([1]));
  });
});
