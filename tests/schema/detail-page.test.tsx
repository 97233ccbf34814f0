/**
 * The `detail` page kind in jsdom with a recording transport (the collections' API is the lead's; the calls here
 * follow its contract): the record in sections with the crud cell formats, its photos, a related list called
 * with the record's id, the timeline of its status changes, and the status steps its status allows, each a form
 * dialog whose submit sends the step to the record's transition call.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadForm } from '../../src/engine/schema-files';
import { DetailPage } from '../../src/engine/page/detail/DetailPage';
import { EngineProvider, type RequestOptions } from '../../src/engine/seams';
import type { DetailPageFile } from '../../src/engine/types';
import { fakeSeams } from '../support/fake-seams';

afterEach(cleanup);

// The step's form loads once before the tests: they are about behaviour, not cold load time.
beforeAll(async () => {
  await loadForm('search-dictionary');
});

const ok = (data: unknown) => ({ msgCode: 0, errMsg: '' as string, data });

const hazard = (status: string) => ({
  id: 'h1',
  projectId: 'p1',
  title: '脚手架连墙件缺失',
  level: '2',
  deadline: '2026-11-30T00:00:00.000Z',
  status,
  version: 3,
  photos: ['/uploads/a.jpg', '/uploads/b.jpg'],
});

const file: DetailPageFile = {
  kind: 'detail',
  id: 'hazard-detail',
  title: '隐患详情',
  load: { api: { method: 'GET', url: '/api/data/hazard/{id}', resultPath: 'data' }, params: { id: '{{params.id}}' } },
  titleField: 'title',
  statusField: 'status',
  sections: [
    {
      title: '基本信息',
      fields: [
        { field: 'level', title: '隐患等级', format: 'map', map: { '1': '一般', '2': '较大', '3': '重大' } },
        { field: 'deadline', title: '整改期限', format: 'date' },
      ],
    },
  ],
  media: [{ title: '现场照片', field: 'photos', type: 'image' }],
  related: [
    {
      title: '检查记录',
      api: { method: 'GET', url: '/api/data/inspection', resultPath: 'data' },
      params: { projectId: '{{record.projectId}}', hazardId: '{{record.id}}' },
      rows: 'dataList',
      columns: [{ field: 'area', title: '检查区域' }],
    },
  ],
  timeline: {
    api: { method: 'GET', url: '/api/data/hazard/{id}/history', resultPath: 'data' },
    params: { id: '{{record.id}}' },
  },
  actions: [
    {
      label: '提交整改',
      when: ['待整改'],
      form: 'search-dictionary',
      submit: {
        api: { method: 'POST', url: '/api/data/hazard/{id}/transition', resultPath: 'data' },
        params: { id: '{{record.id}}', to: '待复查', version: '{{record.version}}', remark: '{{label}}' },
      },
    },
    {
      label: '复查通过',
      when: ['待复查'],
      form: 'search-dictionary',
      permission: 'safety:hazard:recheck',
      submit: { api: { method: 'POST', url: '/api/data/hazard/{id}/transition' }, params: { to: '已闭合' } },
    },
  ],
};

function answerFor(status: string) {
  return (request: RequestOptions) => {
    if (request.url === '/api/data/hazard/h1') return ok(hazard(status));
    if (request.url === '/api/data/inspection') return ok({ dataList: [{ id: 'i1', area: '3号楼外架' }], total: 1 });
    if (request.url === '/api/data/hazard/h1/history') {
      return ok([
        { from: null, to: '待整改', byName: '李安全', at: '2026-11-20 09:00:00', remark: '巡检发现', photos: [] },
      ]);
    }
    if (request.url === '/api/data/hazard/h1/transition') return ok(hazard('待复查'));
    return ok(null);
  };
}

async function showDetail(status: string, permissions: string[] = []) {
  const fake = fakeSeams(answerFor(status));
  const seams = { ...fake.seams, permissions: { has: (permission: string) => permissions.includes(permission) } };
  await act(async () => {
    render(
      // A cache of its own: each test's record is its own.
      <SWRConfig value={{ provider: () => new Map() }}>
        <EngineProvider seams={seams}>
          <DetailPage file={file} context={{ params: { id: 'h1' } }} open={() => undefined} />
        </EngineProvider>
      </SWRConfig>,
    );
  });
  await screen.findByText('脚手架连墙件缺失', undefined, { timeout: 5000 });
  return fake;
}

describe('detail page kind', () => {
  it('shows the record in sections with cell formats, its photos, a related list and the status timeline', async () => {
    const { requests } = await showDetail('待整改');
    expect(within(document.querySelector('.detail-header') as HTMLElement).getByText('待整改')).toBeTruthy();
    expect(screen.getByText('较大')).toBeTruthy();
    expect(screen.getByText('2026-11-30')).toBeTruthy();
    const photos = within(screen.getByTestId('detail-media-photos')).getAllByRole('img');
    expect(photos.map((photo) => photo.getAttribute('src'))).toEqual(['/uploads/a.jpg', '/uploads/b.jpg']);
    await screen.findByText('3号楼外架');
    expect(requests.find((request) => request.url === '/api/data/inspection')).toMatchObject({
      query: { projectId: 'p1', hazardId: 'h1' },
    });
    await within(screen.getByTestId('detail-timeline')).findByText('巡检发现');
    expect(within(screen.getByTestId('detail-timeline')).getByText('李安全')).toBeTruthy();
  });

  it('offers only the steps the status allows and the user may take', async () => {
    await showDetail('待复查');
    expect(screen.queryByRole('button', { name: '提交整改' })).toBeNull();
    expect(screen.queryByRole('button', { name: '复查通过' })).toBeNull();
    cleanup();
    await showDetail('待复查', ['safety:hazard:recheck']);
    expect(screen.getByRole('button', { name: '复查通过' })).toBeTruthy();
  });

  it('a step opens its form and sends the step with the record version to the transition call', async () => {
    const { requests } = await showDetail('待整改');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交整改' }));
    });
    const form = await screen.findByTestId('detail-action-form', undefined, { timeout: 5000 });
    fireEvent.change(await within(form).findByPlaceholderText('请输入标签'), { target: { value: '已加装连墙件' } });
    await act(async () => {
      fireEvent.submit(form.querySelector('form')!);
    });
    await waitFor(() =>
      expect(requests.find((request) => request.url === '/api/data/hazard/h1/transition')).toMatchObject({
        method: 'POST',
        body: { to: '待复查', version: 3, remark: '已加装连墙件' },
      }),
    );
    // The record and its timeline are asked for again.
    await waitFor(() => expect(requests.filter((request) => request.url === '/api/data/hazard/h1').length).toBe(2));
  });
});
