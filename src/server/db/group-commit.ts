/**
 * Group commit: callers that arrive while a statement runs wait together for the next one, which does all their
 * work in one round trip (thousands of devices reporting every few seconds would otherwise cost a statement
 * each). A caller's promise settles only when the statement that carried its item has completed, so an
 * acknowledgement sent after it still means "stored". One statement runs at a time: batches never race each other
 * for the same rows (no lock waits, no deadlocks between two batches of one instance).
 *
 * When a batch of several items fails, each item is tried again alone, so that one bad item fails only its own
 * caller.
 */
/** A group commit's figures since they were last read (runtime stats). */
export interface GroupCommitFigures {
  /** Items waiting for the next statement now. */
  queued: number;
  statements: number;
  items: number;
  /** The largest batch, and the longest statement (ms). */
  maxBatch: number;
  maxMs: number;
}

export class GroupCommit<In, Out> {
  private queue: { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private running = false;
  private figures = { statements: 0, items: 0, maxBatch: 0, maxMs: 0 };

  constructor(
    /** Does the work of all items in one statement; answers one result per item, in their order. */
    private readonly run: (items: In[]) => Promise<Out[]>,
    /** Items per statement at most (the rest wait for the next one). */
    private readonly maxItems = 500,
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Callers of the same turn of the event loop (a burst of MQTT packets, parsed HTTP bodies) share the first
        // statement.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxItems);
      const started = performance.now();
      try {
        const results = await this.run(batch.map((entry) => entry.item));
        this.count(batch.length, performance.now() - started);
        batch.forEach((entry, index) => entry.resolve(results[index]));
      } catch (error) {
        if (batch.length === 1) batch[0].reject(error);
        else
          for (const entry of batch)
            await this.run([entry.item]).then(
              ([result]) => entry.resolve(result),
              (alone: unknown) => entry.reject(alone),
            );
      }
    }
    this.running = false;
  }

  private count(items: number, ms: number): void {
    const figures = this.figures;
    figures.statements += 1;
    figures.items += items;
    figures.maxBatch = Math.max(figures.maxBatch, items);
    figures.maxMs = Math.max(figures.maxMs, Math.round(ms));
  }

  /** Items waiting for the next statement now (a backlog that grows says the database does not keep up). */
  get waiting(): number {
    return this.queue.length;
  }

  /** The figures since the last call (and starts counting again). */
  takeFigures(): GroupCommitFigures {
    const taken = { queued: this.queue.length, ...this.figures };
    this.figures = { statements: 0, items: 0, maxBatch: 0, maxMs: 0 };
    return taken;
  }
}
