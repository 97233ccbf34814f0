/**
 * The stored permission strings the client asks about for every row's actions (src/app/session/storage.ts): the
 * answer follows what is stored, parsed again only when that changed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedPermissions, writeStored } from '../../src/app/session/storage';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('storedPermissions', () => {
  it('answers from the stored list, and nothing when nothing is stored', () => {
    expect(storedPermissions().size).toBe(0);
    writeStored('permissions', ['sys:dict:view', 'sys:dict:edit']);
    expect(storedPermissions().has('sys:dict:edit')).toBe(true);
    expect(storedPermissions().has('sys:user:edit')).toBe(false);
  });

  it('parses the stored list once while it stays the same, again when it changes', () => {
    writeStored('permissions', ['sys:dict:view']);
    const parse = vi.spyOn(JSON, 'parse');
    const first = storedPermissions();
    expect(storedPermissions()).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    writeStored('permissions', ['sys:dict:view', 'sys:user:edit']);
    expect(storedPermissions().has('sys:user:edit')).toBe(true);
    expect(parse).toHaveBeenCalledTimes(2);
    localStorage.removeItem('permissions');
    expect(storedPermissions().has('sys:dict:view')).toBe(false);
  });
});
