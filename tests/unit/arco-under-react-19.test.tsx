/**
 * Arco under React 19 in development, as tests and `npm run dev` run it: no "Accessing element.ref was removed"
 * warning (src/build/vite/arco-element-ref-plugin.ts), and an auto-sized textarea gets a number for its height
 * (tests/support/jsdom-computed-style.ts). The plugin fails the build when an Arco release changed what it rewrites.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Input, Tooltip } from '@arco-design/web-react';
import { createRef } from 'react';
import type { Plugin, TransformResult } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arcoElementRefPlugin } from '../../src/build/vite/arco-element-ref-plugin';

afterEach(cleanup);

const arcoRoot = createRequire(import.meta.url)
  .resolve('@arco-design/web-react/package.json')
  .replace(/package\.json$/, '');

function transform(plugin: Plugin, code: string, id: string): TransformResult | null {
  const hook = plugin.transform as (code: string, id: string) => TransformResult | null;
  return hook.call({}, code, id);
}

describe('Arco under React 19', () => {
  it('rewrites every read of element.ref in both of its builds, and leaves other files alone', () => {
    const plugin = arcoElementRefPlugin();
    for (const build of ['es', 'lib']) {
      for (const file of [
        '_util/react-dom.js',
        'Trigger/index.js',
        'AutoComplete/index.js',
        '_class/VirtualList/index.js',
      ]) {
        const id = `${arcoRoot}${build}/${file}`;
        const result = transform(plugin, readFileSync(id, 'utf8'), id);
        expect(result?.code, id).toContain('__portalElementRefOf(');
        // What is left reading `.ref` reads it from props or is the helper itself.
        expect(result?.code.match(/\b(?:children|popupChildren|usedTriggerElement|_a|_b)\.ref\b/g) ?? [], id).toEqual(
          [],
        );
      }
    }
    const other = `${arcoRoot}es/Button/index.js`;
    expect(transform(plugin, readFileSync(other, 'utf8'), other)).toBeNull();
  });

  it('fails the build, naming itself, when a file no longer reads element.ref as expected', () => {
    expect(() => transform(arcoElementRefPlugin(), 'export {}', `${arcoRoot}es/Trigger/index.js`)).toThrow(
      /arco-element-ref-plugin\.ts/,
    );
  });

  it("passes a tooltip's child its own ref and warns about nothing; an auto-sized textarea gets a height", async () => {
    const errors = vi.spyOn(console, 'error');
    const ref = createRef<HTMLButtonElement>();
    render(
      <>
        <Tooltip content="提示">
          <button ref={ref} type="button">
            悬停
          </button>
        </Tooltip>
        <Input.TextArea aria-label="备注" autoSize={{ minRows: 3, maxRows: 6 }} defaultValue="一行" />
      </>,
    );
    await act(async () => {
      fireEvent.mouseEnter(screen.getByText('悬停'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(ref.current?.textContent).toBe('悬停');
    expect(screen.getByLabelText('备注').style.height).toMatch(/^\d+(?:\.\d+)?px$/);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
