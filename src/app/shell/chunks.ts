/**
 * Loading a screen's code on demand (spec section 4: a 120-second timeout). A chunk that does not arrive in
 * time fails like a missing one (ChunkLoadError), so the route shows its retry message instead of waiting forever.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`页面代码加载超时（${timeoutMs / 1000} 秒）`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error && error.name === 'ChunkLoadError' ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}
