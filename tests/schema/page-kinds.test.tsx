/**
 * Page kinds of the renderer registry in jsdom with a recording transport: a `tabs` page shows other page files
 * inside it (each loaded when its tab is first shown), a `custom` page hands a module's registered renderer its
 * file's data and permission, and a dashboard whose panels need a project says so instead of calling without one.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPageRenderer } from '../../src/engine/renderers';
import { loadPage } from '../../src/engine/pages';
import { SchemaPage } from '../../src/engine/page/SchemaPage';
import { TabsPage } from '../../src/engine/page/tabs/TabsPage';
import { CustomPage } from '../../src/engine/page/custom/CustomPage';
import { registerCustomRenderer, type CustomRendererProps } from '../../src/engine/renderers';
import { EngineProvider, type EngineSeams, type RequestOptions } from '../../src/engine/seams';
import type { CustomPageFile, DashboardPageFile, TabsPageFile } from '../../src/engine/types';
import { DashboardPage } from '../../src/engine/page/dashboard/DashboardPage';
import { fakeSeams } from '../support/fake-seams';

afterEach(cleanup);

// Code and files load once before the tests: the tests are about behaviour, not cold load time.
beforeAll(async () => {
  await import('../../src/engine/built-in-kinds');
  await Promise.all([
    loadPageRenderer('crud'),
    loadPageRenderer('dashboard'),
    loadPage('dictionary'),
    loadPage('log'),
    loadPage('workbench'),
    import('../../src/engine/panels/display-panels'),
  ]);
});

const ok = (data: unknown) => ({ msgCode: 0, errMsg: '', data });

function answer(request: RequestOptions) {
  if (request.url === '/api/system/dictionary/list') {
    return ok({ dataList: [{ id: 'd1', type: 'nation', label: '汉族', value: '01', sort: 1 }], total: 1 });
  }
  if (request.url === '/api/system/test/systemLog/list') {
    return ok({ dataList: [{ id: 'l1', title: '登录系统', type: '1', createByName: '管理员' }], total: 1 });
  }
  if (request.url === '/api/smart/gantt') return ok([{ name: '基础施工', start: '2026-11-01', end: '2026-11-20' }]);
  return ok(null);
}

async function show(element: React.ReactNode, seams: EngineSeams) {
  await act(async () => {
    render(<EngineProvider seams={seams}>{element}</EngineProvider>);
  });
}

const noLink = () => undefined;

describe('tabs page kind', () => {
  const file: TabsPageFile = {
    kind: 'tabs',
    id: 'dictionary-and-logs',
    title: '字典与日志',
    tabs: [
      { title: '字典', page: 'dictionary' },
      { title: '日志', page: 'log' },
      { title: '角色', page: 'role', permission: 'sys:role:view' },
    ],
  };

  it('shows the first tab’s page, loads the next page file only when its tab is chosen, hides tabs not granted', async () => {
    const { seams, requests } = fakeSeams(answer);
    const permitted: EngineSeams = { ...seams, permissions: { has: (p) => p !== 'sys:role:view' } };
    await show(<TabsPage file={file} context={{}} open={noLink} />, permitted);
    await screen.findByText('汉族', undefined, { timeout: 5000 });
    expect(requests.some((request) => request.url === '/api/system/test/systemLog/list')).toBe(false);
    expect(screen.queryByText('角色')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByText('日志'));
    });
    await screen.findByText('登录系统', undefined, { timeout: 5000 });
    expect(requests.some((request) => request.url === '/api/system/test/systemLog/list')).toBe(true);
  });
});

describe('custom page kind', () => {
  const file: CustomPageFile = {
    kind: 'custom',
    id: 'schedule',
    title: '进度计划',
    permission: 'smart:gantt:view',
    renderer: 'test-gantt',
    data: {
      api: { method: 'GET', url: '/api/smart/gantt', resultPath: 'data' },
      params: { projectId: '{{project.projectId}}' },
    },
    options: { zoom: 'week' },
  };
  const received: CustomRendererProps[] = [];
  registerCustomRenderer('test-gantt', async () => (props: CustomRendererProps) => {
    received.push(props);
    const rows = props.data as { name: string }[];
    return (
      <ul>
        {rows.map((row) => (
          <li key={row.name}>{row.name}</li>
        ))}
      </ul>
    );
  });

  it('gives the registered renderer its file, its data (called with the context) and its options', async () => {
    const { seams, requests } = fakeSeams(answer);
    await show(<CustomPage file={file} context={{ project: { projectId: 'p-1' } }} open={noLink} />, seams);
    await screen.findByText('基础施工', undefined, { timeout: 5000 });
    expect(screen.getByText('进度计划')).toBeTruthy();
    expect(requests.find((request) => request.url === '/api/smart/gantt')).toMatchObject({
      query: { projectId: 'p-1' },
    });
    expect(received.at(-1)?.file.options).toEqual({ zoom: 'week' });
  });

  it('a user without the page’s permission is told so and nothing is called', async () => {
    const { seams, requests } = fakeSeams(answer);
    await show(<CustomPage file={file} context={{}} open={noLink} />, { ...seams, permissions: { has: () => false } });
    await screen.findByText('您没有访问该页面的权限');
    expect(requests).toEqual([]);
  });
});

describe('dashboard page kind (schemas/pages/workbench.json)', () => {
  it('without a project: the page says what to do, the panels that need one call nothing, the others still work', async () => {
    const { seams, requests } = fakeSeams(answer);
    await show(<SchemaPage pageId="workbench" context={{ user: { name: '孙八', loginName: '13712345679' } }} />, seams);
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-requirement').textContent).toContain('您还没有可用的项目'),
    );
    await screen.findByText('孙八', undefined, { timeout: 5000 });
    expect(requests.some((request) => request.url.includes('projectstatistics'))).toBe(false);
    expect(requests.some((request) => request.url.includes('weather'))).toBe(false);
    expect(screen.getByTestId('panel-age').textContent).toContain('暂无项目，加入项目后显示');
  });

  it('shows a panel behind a permission only to its holders, and calls it for no one else', async () => {
    const context = { user: { name: '孙八' }, project: { projectId: 'p1', projectName: '项目一' } };
    const without = fakeSeams(answer);
    await show(<SchemaPage pageId="workbench" context={context} />, {
      ...without.seams,
      permissions: { has: (permission: string) => permission !== 'iot:device:view' },
    });
    await screen.findByText('孙八', undefined, { timeout: 5000 });
    expect(screen.queryByTestId('panel-device-warnings')).toBeNull();
    expect(without.requests.some((request) => request.url.includes('iot-warning'))).toBe(false);
    cleanup();

    const holder = fakeSeams(answer);
    await show(<SchemaPage pageId="workbench" context={context} />, {
      ...holder.seams,
      permissions: { has: () => true },
    });
    await screen.findByTestId('panel-device-warnings', undefined, { timeout: 5000 });
    await waitFor(() => expect(holder.requests.some((request) => request.url.includes('iot-warning'))).toBe(true));
  });

  it('reads a panel with refreshMinutes again every so many minutes, and one without never', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const file: DashboardPageFile = {
        kind: 'dashboard',
        id: 'refreshing',
        title: '刷新',
        panels: [
          {
            id: 'logs',
            title: '日志',
            widget: 'list',
            api: { method: 'GET', url: '/api/system/test/systemLog/list', resultPath: 'data.dataList' },
            titleField: 'title',
            refreshMinutes: 5,
          },
          {
            id: 'dictionary',
            title: '字典',
            widget: 'list',
            api: { method: 'GET', url: '/api/system/dictionary/list', resultPath: 'data.dataList' },
            titleField: 'label',
          },
        ],
      };
      const { seams, requests } = fakeSeams(answer);
      await show(<DashboardPage file={file} context={{}} open={noLink} />, seams);
      await screen.findByText('登录系统');
      const reads = (url: string) => requests.filter((request) => request.url === url).length;
      expect([reads('/api/system/test/systemLog/list'), reads('/api/system/dictionary/list')]).toEqual([1, 1]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5 * 60_000 + 1000);
      });
      await waitFor(() => expect(reads('/api/system/test/systemLog/list')).toBe(2));
      expect(reads('/api/system/dictionary/list')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
