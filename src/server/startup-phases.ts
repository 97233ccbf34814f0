/**
 * Where a start's time goes: each phase's milliseconds, from the process's own start (so the loading of the
 * server's code counts too), logged at debug level once the server listens (`LOG_LEVEL=debug npm start`).
 */
export class StartupPhases {
  private last = 0;
  private readonly phases: Record<string, number> = {};

  /** Ends the phase `name` now. */
  end(name: string): void {
    const now = performance.now();
    this.phases[name] = Math.round(now - this.last);
    this.last = now;
  }

  /** The phases in order, and the total since the process started. */
  summary(): { phases: Record<string, number>; totalMs: number } {
    return { phases: { ...this.phases }, totalMs: Math.round(this.last) };
  }
}
