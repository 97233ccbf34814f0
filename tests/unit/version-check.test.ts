import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkVersions, versionsChanged } from '../../src/app/shell/version-check';

afterEach(() => sessionStorage.clear());

function files(table: Record<string, string | null>) {
  return async (url: string) => {
    const version = table[url.split('?')[0]];
    return version === null || version === undefined
      ? new Response('missing', { status: 404 })
      : new Response(JSON.stringify({ version }), { status: 200 });
  };
}

describe('version check (spec section 4)', () => {
  it('compares only files known before', () => {
    expect(versionsChanged({}, { '/app/version.json': '2' })).toBe(false);
    expect(versionsChanged({ '/app/version.json': '1' }, { '/app/version.json': '1' })).toBe(false);
    expect(versionsChanged({ '/app/version.json': '1' }, { '/app/version.json': '2' })).toBe(true);
  });

  it('stores the versions the first time, then reloads when any of the three changed', async () => {
    const reload = vi.fn();
    const table = { '/app/version.json': 'a1', '/systemProject/version.json': 's1', '/other/version.json': null };
    expect(await checkVersions(reload, files(table))).toBe(false);
    expect(await checkVersions(reload, files(table))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(await checkVersions(reload, files({ ...table, '/systemProject/version.json': 's2' }))).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a file that disappears or fails is no reason to reload', async () => {
    const reload = vi.fn();
    await checkVersions(reload, files({ '/app/version.json': 'a1' }));
    expect(await checkVersions(reload, files({ '/app/version.json': null }))).toBe(false);
    expect(await checkVersions(reload, async () => Promise.reject(new Error('offline')))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
