/**
 * How the server stops on SIGTERM or SIGINT: it stops taking users (readiness 503), finishes what it acknowledged
 * (Fastify's close lets requests in flight end; plugins end their streams, jobs and brokers), then exits. A close
 * that hangs (a resource that never lets go) is cut at the deadline, and a second signal ends the process at once:
 * a server must never outlive the signals sent to stop it. Writing to an output pipe that closed (the parent went
 * away) must not break the way out either.
 */
import type { EventEmitter } from 'node:events';

export interface ShutdownOptions {
  /** Stops the server and its resources. */
  close(): Promise<void>;
  /** Ends the process (process.exit). */
  exit(code: number): void;
  /** How long `close` may take before the process exits anyway. */
  deadlineMs: number;
  /** Tells the operator, best effort (the output may be gone). */
  say(message: string): void;
  /** Where the signals arrive (the process). */
  signals?: EventEmitter;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export function exitOnSignals(options: ShutdownOptions): void {
  const { close, exit, deadlineMs } = options;
  const signals = options.signals ?? process;
  const say = (message: string) => {
    try {
      options.say(message);
    } catch {
      // The output pipe is gone: nothing to tell, nothing to stop for.
    }
  };
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      say(`${signal} again: exiting now`);
      exit(1);
      return;
    }
    stopping = true;
    say(`${signal}: shutting down (at most ${deadlineMs} ms)`);
    const deadline = setTimeout(() => {
      say(`shutdown took longer than ${deadlineMs} ms: exiting`);
      exit(1);
    }, deadlineMs);
    deadline.unref();
    close().then(
      () => {
        clearTimeout(deadline);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        say(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  for (const signal of SIGNALS) signals.on(signal, () => stop(signal));
}

/** A closed output pipe (EPIPE) must not become an uncaught error that leaves a half-stopped process. */
export function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
}
