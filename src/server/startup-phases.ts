/**
 * Where a start's time goes: each phase's milliseconds of wall time and of CPU time (user + system, all threads),
 * from the process's own start (so the loading of the server's code counts too), logged at debug level once the
 * server listens (`LOG_LEVEL=debug npm start`). CPU time says more than wall time on a busy machine.
 */
interface Phase {
  ms: number;
  cpuMs: number;
}

export class StartupPhases {
  private lastMs = 0;
  private lastCpuMs = 0;
  private readonly phases: Record<string, Phase> = {};

  /** Ends the phase `name` now. */
  end(name: string): void {
    const ms = performance.now();
    const { user, system } = process.cpuUsage();
    const cpuMs = (user + system) / 1000;
    this.phases[name] = { ms: Math.round(ms - this.lastMs), cpuMs: Math.round(cpuMs - this.lastCpuMs) };
    this.lastMs = ms;
    this.lastCpuMs = cpuMs;
  }

  /** The phases in order, and the totals since the process started. */
  summary(): { phases: Record<string, Phase>; totalMs: number; totalCpuMs: number } {
    return { phases: { ...this.phases }, totalMs: Math.round(this.lastMs), totalCpuMs: Math.round(this.lastCpuMs) };
  }
}
