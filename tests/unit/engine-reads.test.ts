/** Reads started before SWR is loaded (src/engine/reads.ts): handed once to the first taker of the same key. */
import { describe, expect, it, vi } from 'vitest';
import { apiKey, startRead, takeAnsweredRead, takeRead } from '../../src/engine/reads';
import type { EngineSeams, RequestOptions, Transport } from '../../src/engine/seams';
import type { ApiDescriptor } from '../../src/engine/types';

function seamsAnswering(answer: (options: RequestOptions) => unknown) {
  const requests: RequestOptions[] = [];
  const transport: Transport = {
    request: <T>(options: RequestOptions) => {
      requests.push(options);
      return Promise.resolve(answer(options) as T);
    },
  };
  return { seams: { transport } as unknown as EngineSeams, requests };
}

const menus: ApiDescriptor = { method: 'POST', url: '/api/zhgd/menu/roleMenuList', resultPath: 'data' };

describe('startRead / takeRead', () => {
  it('the read started early is the one taken for the same key, once; the next take asks again', async () => {
    const { seams, requests } = seamsAnswering(() => ({ msgCode: 0, errMsg: '', data: [requests.length] }));
    startRead(seams, menus, { type: 'a', officeId: 'o' });
    startRead(seams, menus, { type: 'a', officeId: 'o' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(1);
    await expect(takeRead(seams, menus, { type: 'a', officeId: 'o' })).resolves.toEqual([1]);
    expect(requests).toHaveLength(1);
    await expect(takeRead(seams, menus, { type: 'a', officeId: 'o' })).resolves.toEqual([2]);
    expect(requests).toHaveLength(2);
  });

  it('a read left untaken for 10 s answers no later screen: that one asks again', async () => {
    vi.useFakeTimers();
    try {
      const { seams, requests } = seamsAnswering(() => ({ msgCode: 0, errMsg: '', data: requests.length }));
      startRead(seams, menus, { type: 'late', officeId: 'o' });
      vi.advanceTimersByTime(10_000);
      await expect(takeRead(seams, menus, { type: 'late', officeId: 'o' })).resolves.toBe(2);
      expect(requests).toHaveLength(2);
      // A new start after the stale one is a new read, taken as usual.
      startRead(seams, menus, { type: 'late2', officeId: 'o' });
      vi.advanceTimersByTime(10_000);
      startRead(seams, menus, { type: 'late2', officeId: 'o' });
      await expect(takeRead(seams, menus, { type: 'late2', officeId: 'o' })).resolves.toBe(4);
      expect(requests).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('other params are another read', async () => {
    const { seams, requests } = seamsAnswering(() => ({ msgCode: 0, errMsg: '', data: 'x' }));
    startRead(seams, menus, { type: 'b', officeId: 'o' });
    await takeRead(seams, menus, { type: 'c', officeId: 'o' });
    expect(requests).toHaveLength(2);
    await takeRead(seams, menus, { type: 'b', officeId: 'o' });
    expect(requests).toHaveLength(2);
  });

  it('a failed early read fails where it is taken (and is not an unhandled rejection before that)', async () => {
    const { seams } = seamsAnswering(() => Promise.reject(new Error('无权限')));
    startRead(seams, menus, { type: 'failing', officeId: 'o' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(takeRead(seams, menus, { type: 'failing', officeId: 'o' })).rejects.toThrow();
  });
});

describe('a read started again right after a screen took it', () => {
  it('is the same read, not a second request; a screen that asks later asks anew', async () => {
    const { seams, requests } = seamsAnswering(() => ({ msgCode: 0, errMsg: '', data: requests.length }));
    const first = startRead(seams, menus, { type: 'again', officeId: 'o' });
    await expect(takeRead(seams, menus, { type: 'again', officeId: 'o' })).resolves.toBe(1);
    // The page prepared once more (its file arrived after its screen had mounted and taken the data).
    expect(startRead(seams, menus, { type: 'again', officeId: 'o' })).toBe(first);
    expect(requests).toHaveLength(1);
    await expect(takeRead(seams, menus, { type: 'again', officeId: 'o' })).resolves.toBe(2);
  });
});

describe('takeAnsweredRead', () => {
  it('takes a started read only once it has answered, and only once', async () => {
    const { seams, requests } = seamsAnswering(() => ({ msgCode: 0, errMsg: '', data: 'x' }));
    const key = apiKey(menus, { type: 'answered', officeId: 'o' });
    const { read } = startRead(seams, menus, { type: 'answered', officeId: 'o' });
    expect(takeAnsweredRead(key)).toBe(false);
    await read;
    expect(takeAnsweredRead(key)).toBe(true);
    expect(takeAnsweredRead(key)).toBe(false);
    // Taken: the next read asks again.
    await takeRead(seams, menus, { type: 'answered', officeId: 'o' });
    expect(requests).toHaveLength(2);
  });
});
