/**
 * A read started before its screen (`preloadApi`, src/engine/use-api.ts): the screen's `useApi` takes it instead of
 * asking again, and when it has already answered, shows the answer in its first render, without a loading state.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineProvider, type EngineSeams, type RequestOptions, type Transport } from '../../src/engine/seams';
import type { ApiDescriptor } from '../../src/engine/types';
import { preloadApi, useApi } from '../../src/engine/use-api';

function seamsAnswering(answer: (count: number) => unknown) {
  const requests: RequestOptions[] = [];
  const transport: Transport = {
    request: <T,>(options: RequestOptions) => {
      requests.push(options);
      return Promise.resolve({ msgCode: 0, errMsg: '', data: answer(requests.length) } as T);
    },
  };
  return { seams: { transport } as unknown as EngineSeams, requests };
}

function List({ descriptor, renders }: { descriptor: ApiDescriptor; renders: string[] }) {
  const { data, isLoading } = useApi<string>(descriptor, { pageNo: 1 });
  renders.push(isLoading ? 'loading' : String(data));
  return <p>{isLoading ? '加载中' : data}</p>;
}

afterEach(cleanup);

describe('preloadApi and useApi', () => {
  it('an answered preload is the first render, with no second request and no loading state', async () => {
    const descriptor: ApiDescriptor = { method: 'GET', url: '/api/test/answered', resultPath: 'data' };
    const { seams, requests } = seamsAnswering((count) => `第${count}次`);
    await preloadApi(seams, descriptor, { pageNo: 1 });
    const renders: string[] = [];
    render(
      <EngineProvider seams={seams}>
        <List descriptor={descriptor} renders={renders} />
      </EngineProvider>,
    );
    expect(screen.getByText('第1次')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(1);
    expect(renders).not.toContain('loading');
  });

  it('a preload started again once its screen took the read neither asks again nor overwrites the screen', async () => {
    const descriptor: ApiDescriptor = { method: 'GET', url: '/api/test/again', resultPath: 'data' };
    const { seams, requests } = seamsAnswering((count) => `第${count}次`);
    void preloadApi(seams, descriptor, { pageNo: 1 });
    const renders: string[] = [];
    render(
      <EngineProvider seams={seams}>
        <List descriptor={descriptor} renders={renders} />
      </EngineProvider>,
    );
    await waitFor(() => expect(screen.getByText('第1次')).toBeTruthy());
    await preloadApi(seams, descriptor, { pageNo: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(1);
    expect(screen.getByText('第1次')).toBeTruthy();
  });

  it('a screen mounted before the preload answers waits for that same request', async () => {
    const descriptor: ApiDescriptor = { method: 'GET', url: '/api/test/pending', resultPath: 'data' };
    const { seams, requests } = seamsAnswering((count) => `第${count}次`);
    const preload = preloadApi(seams, descriptor, { pageNo: 1 });
    const renders: string[] = [];
    render(
      <EngineProvider seams={seams}>
        <List descriptor={descriptor} renders={renders} />
      </EngineProvider>,
    );
    await preload;
    await waitFor(() => expect(screen.getByText('第1次')).toBeTruthy());
    expect(requests).toHaveLength(1);
    expect(renders[0]).toBe('loading');
  });
});
