/**
 * A library loaded on its first use instead of at start. An idle server then holds neither its code nor what it
 * builds when loaded (a font, a WebAssembly instance): resident memory is what a server needs to answer, and a
 * library most instances never call (Excel, the captcha rasteriser, the HTML sanitizer) only costs where it is used.
 * `load` runs once and every caller shares its result: a CommonJS library through `createRequire` (synchronous, so
 * its callers stay synchronous), an ES module through `import()` (a promise). A failed load is not kept: a throw, or
 * a promise that rejects, lets the next use try again.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => {
    if (loaded) return loaded.value;
    const value = load();
    loaded = { value };
    if (value instanceof Promise)
      value.catch(() => {
        loaded = undefined;
      });
    return value;
  };
}
