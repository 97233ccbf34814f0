/**
 * A small in-process cache with a time to live and a size bound (oldest entries go first). Only a cache: the
 * database stays the source of truth, so several instances may run side by side.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly loading = new Map<K, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The cached value, or the result of `load` (one load per key at a time, however many callers wait). */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started: Promise<V> = load().then(
      (value) => {
        // A set() or delete() while loading wins over the (possibly stale) loaded value.
        if (this.loading.get(key) === started) {
          this.loading.delete(key);
          this.store(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === started) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, started);
    return started;
  }

  set(key: K, value: V): void {
    this.loading.delete(key);
    this.store(key, value);
  }

  private store(key: K, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
