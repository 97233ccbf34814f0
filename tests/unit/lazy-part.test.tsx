/**
 * A part of a screen loaded apart (src/engine/lazy-part.tsx): its code is asked for once, again after a failure,
 * when the browser is idle after the screen rendered, and the part renders once it has arrived.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPart, usePreloadWhenIdle } from '../../src/engine/lazy-part';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

describe('lazyPart', () => {
  it('loads its code once, however often it is preloaded and rendered', async () => {
    let loads = 0;
    const part = lazyPart(async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([part.preload(), part.preload()]);
    await act(async () => {
      render(
        <Suspense fallback={<p>加载中</p>}>
          <part.Component name="张三" />
        </Suspense>,
      );
    });
    expect(await screen.findByText('你好，张三')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('renders in its first render, without the fallback, once its code is here', async () => {
    const part = lazyPart(async () => Greeting);
    await part.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <part.Component name="李四" />
      </Suspense>,
    );
    expect(screen.getByText('你好，李四')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('asks for its code again after a failed load', async () => {
    let loads = 0;
    const part = lazyPart(async () => {
      loads += 1;
      if (loads === 1) throw new Error('网络错误');
      return Greeting;
    });
    await expect(part.preload()).rejects.toThrow('网络错误');
    await expect(part.preload()).resolves.toBe(Greeting);
    expect(loads).toBe(2);
  });

  it('usePreloadWhenIdle loads the parts after the screen rendered, without rendering them', async () => {
    let loads = 0;
    const part = lazyPart(async () => {
      loads += 1;
      return Greeting;
    });
    function Screen() {
      usePreloadWhenIdle(part);
      return <p>列表</p>;
    }
    render(<Screen />);
    expect(loads).toBe(0);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    });
    expect(loads).toBe(1);
    expect(screen.queryByText(/你好/)).toBeNull();
  });
});
