/**
 * The CRUD page renderer with a recording transport: the table comes from the list call, search and pages
 * become its params, actions the user may not take are not shown, delete asks first, and the dialog saves to
 * the URL of the row. (The real endpoints are covered by the API tests; the real pages by the browser tests.)
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPageRenderer } from '../../src/engine/renderers';
import { loadPage } from '../../src/engine/pages';
import { loadForm } from '../../src/engine/schema-files';
import { preparePage, SchemaPage } from '../../src/engine/page/SchemaPage';
import { EngineProvider, type EngineSeams, type RequestOptions } from '../../src/engine/seams';
import { fakeSeams } from '../support/fake-seams';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// The page's code, file and forms load once before the tests (a cold load on a busy machine takes seconds; the
// tests are about behaviour, not load time).
beforeAll(async () => {
  await import('../../src/engine/built-in-kinds');
  await Promise.all([
    loadPageRenderer('crud'),
    loadPage('dictionary'),
    loadForm('search-dictionary'),
    loadForm('admin-dictionary'),
  ]);
});

const rows = Array.from({ length: 10 }, (_, index) => ({
  id: `d${index}`,
  type: 'nation',
  label: `民族${index}`,
  value: String(index).padStart(2, '0'),
  description: '民族',
  sort: index,
}));

function answer(request: RequestOptions) {
  if (request.url === '/api/system/dictionary/list') {
    return { msgCode: 0, errMsg: '', data: { dataList: rows, total: 25 } };
  }
  if (request.url.startsWith('/api/system/dictionary/') && request.method === 'GET') {
    return { msgCode: 0, errMsg: '', data: rows[0] };
  }
  return { msgCode: 0, errMsg: '' };
}

async function renderPage(permissions?: string[]) {
  const fake = fakeSeams(answer);
  const seams: EngineSeams = permissions
    ? { ...fake.seams, permissions: { has: (permission) => permissions.includes(permission) } }
    : fake.seams;
  await act(async () => {
    render(
      <EngineProvider seams={seams}>
        <SchemaPage pageId="dictionary" />
      </EngineProvider>,
    );
  });
  return fake;
}

describe('CRUD page (schemas/pages/dictionary.json)', () => {
  it('lists the rows of the first page and asks for the next page with its params', async () => {
    const { requests } = await renderPage();
    await screen.findByText('民族3', undefined, { timeout: 5000 });
    expect(requests[0]).toMatchObject({ method: 'GET', query: { pageNo: 1, pageSize: 10 } });
    await act(async () => {
      fireEvent.click(within(document.querySelector('.crud-pagination') as HTMLElement).getByText('2'));
    });
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ query: { pageNo: 2, pageSize: 10 } }));
  });

  it('search values become list params and return to page one', async () => {
    const { requests } = await renderPage();
    await screen.findByText('民族3', undefined, { timeout: 5000 });
    fireEvent.change(await screen.findByPlaceholderText('请输入标签'), { target: { value: '汉' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('crud-search').querySelector('form')!);
    });
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ query: { label: '汉', pageNo: 1 } }));
  });

  it('a user without the edit permission sees the list but no 新增, 编辑 or 删除', async () => {
    await renderPage(['sys:dict:view']);
    await screen.findByText('民族3', undefined, { timeout: 5000 });
    expect(screen.queryByText('新增')).toBeNull();
    expect(screen.queryAllByText('编辑')).toEqual([]);
    expect(screen.queryAllByText('删除')).toEqual([]);
  });

  it('a user without the view permission is told so', async () => {
    await renderPage([]);
    await screen.findByText('您没有访问该页面的权限');
  });

  it('delete asks first, then calls the row URL', async () => {
    const { requests } = await renderPage(['sys:dict:view', 'sys:dict:edit']);
    await screen.findByText('民族3', undefined, { timeout: 5000 });
    fireEvent.click(screen.getAllByText('删除')[3]);
    const confirm = await screen.findByText('确定删除该字典项吗？使用它的下拉选项将不再显示。');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    const popup = confirm.closest('.arco-popconfirm') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(popup).getByText('删除'));
    });
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'DELETE')).toMatchObject({
        url: '/api/system/dictionary/d3',
      }),
    );
  });

  it('edit loads the row and saves it to its URL', async () => {
    const { requests } = await renderPage();
    await screen.findByText('民族3', undefined, { timeout: 5000 });
    await act(async () => {
      fireEvent.click(screen.getAllByText('编辑')[0]);
    });
    const form = await screen.findByTestId('crud-dialog-form');
    await waitFor(() => expect(within(form).getByDisplayValue('民族0')).toBeTruthy());
    await act(async () => {
      fireEvent.submit(form.querySelector('form')!);
    });
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
        url: '/api/system/dictionary/d0',
        body: expect.objectContaining({ label: '民族0', type: 'nation' }),
      }),
    );
  });

  it('preparing the page waits for its first list answer, so that the render after it shows the rows', async () => {
    let answerList: () => void = () => undefined;
    const fake = fakeSeams((request) =>
      request.url === '/api/system/dictionary/list'
        ? new Promise((resolve) => (answerList = () => resolve(answer(request))))
        : answer(request),
    );
    // Reads the pages of the tests before started are shared for seconds (src/engine/reads.ts): this one is later.
    const later = Date.now() + 60_000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    let prepared = false;
    const preparing = preparePage(fake.seams, 'dictionary').then(() => (prepared = true));
    await waitFor(() => expect(fake.requests.map((request) => request.url)).toContain('/api/system/dictionary/list'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(prepared).toBe(false);
    answerList();
    await preparing;
    expect(prepared).toBe(true);
  });
});
