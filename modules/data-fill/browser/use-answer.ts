/**
 * One read of the module's calls, as its screens show it: loading, refused (the server's words for a missing fill
 * or a bad link), failed (the network: `retry` reads again) or ready; `reload` reads again without the spinner.
 */
import { useCallback, useEffect, useState } from 'react';
import { type ApiDescriptor, callApi, useSeams } from '../../../src/engine/module-api';
import type { Answer } from './fill-api';

export type Load<T> =
  { state: 'loading' } | { state: 'refused'; message: string } | { state: 'failed' } | { state: 'ready'; value: T };

interface Read {
  api: ApiDescriptor;
  variables?: Record<string, string>;
  /** Codes whose answer is a refusal to show, not a failure (not found, forbidden). */
  acceptCodes?: number[];
}

export function useAnswer<T>({ api, variables, acceptCodes }: Read) {
  const seams = useSeams();
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([api.url, variables ?? {}, acceptCodes ?? []]);

  useEffect(() => {
    let live = true;
    const [, vars, codes] = JSON.parse(key) as [string, Record<string, string>, number[]];
    callApi<Answer<T>>(seams, api, { variables: vars, acceptCodes: codes }).then(
      (answer) => {
        if (!live) return;
        if (answer.msgCode !== 0 || answer.data === undefined) setLoad({ state: 'refused', message: answer.errMsg });
        else setLoad({ state: 'ready', value: answer.data });
      },
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
    // The call is fixed by `key`; it is made again for other variables and on retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seams, key, attempt]);

  const retry = useCallback(() => {
    setLoad({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  /** Replaces the value with what a write answered (the fill after 暂存), without reading again. */
  const replace = useCallback((value: T) => setLoad({ state: 'ready', value }), []);
  return { load, retry, reload, replace };
}
