/**
 * One map read from its call, as the editor and the share view both open theirs: loading, refused (the server's
 * words for a missing map or a revoked link), failed (the network: `retry` reads again) or ready.
 */
import { useEffect, useState } from 'react';
import { type ApiDescriptor, callApi, useSeams } from '../../../src/engine/module-api';
import type { Answer } from './map-api';

export type MapLoad<T> =
  { state: 'loading' } | { state: 'refused'; message: string } | { state: 'failed' } | { state: 'ready'; map: T };

interface MapCall {
  api: ApiDescriptor;
  variables: Record<string, string>;
  /** The codes whose answer is a refusal to show, not a failure (not found, forbidden). */
  acceptCodes: number[];
  /** Refused before any call, with this message (a share link without its token). */
  refuseWith?: string;
}

export function useMapAnswer<T>({ api, variables, acceptCodes, refuseWith }: MapCall) {
  const seams = useSeams();
  const [load, setLoad] = useState<MapLoad<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(variables);

  useEffect(() => {
    if (refuseWith) {
      setLoad({ state: 'refused', message: refuseWith });
      return;
    }
    let live = true;
    setLoad({ state: 'loading' });
    callApi<Answer<T>>(seams, api, { variables: JSON.parse(key) as Record<string, string>, acceptCodes }).then(
      (answer) => {
        if (!live) return;
        if (answer.msgCode !== 0 || !answer.data) setLoad({ state: 'refused', message: answer.errMsg });
        else setLoad({ state: 'ready', map: answer.data });
      },
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
    // The call is fixed for the page; it is made again for other variables and on retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seams, key, refuseWith, attempt]);

  return { load, attempt, retry: () => setAttempt((count) => count + 1) };
}
