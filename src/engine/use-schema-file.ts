/**
 * Loads a schema file of the registry while `active`, with a retry for a failed load (a lost chunk, say). A file
 * that `peek` finds in memory is there from the first render.
 */
import { useEffect, useState } from 'react';

export interface SchemaFileState<T> {
  file: T | null;
  error: unknown;
  retry: () => void;
}

export function useSchemaFile<T>(
  load: (id: string) => Promise<T>,
  id: string,
  active = true,
  peek?: (id: string) => T | undefined,
): SchemaFileState<T> {
  const [file, setFile] = useState<T | null>(() => (active ? (peek?.(id) ?? null) : null));
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!active) return;
    const inMemory = peek?.(id);
    if (inMemory !== undefined) {
      setFile(inMemory);
      return;
    }
    let live = true;
    setError(null);
    load(id).then(
      (loaded) => live && setFile(loaded),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [load, id, active, attempt]);

  return { file, error, retry: () => setAttempt((count) => count + 1) };
}
