/**
 * The weather card's adapter against a local fake provider (Amap-style API), the unconfigured answer, timeouts and
 * failures; image uploads and their limits.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPortalConfig } from '../../src/server/portal-config.js';
import type { StoredFile } from '../../src/server/portal/uploads.js';
import type { WeatherData } from '../../src/server/portal/weather.js';
import { addOtherCompany, type Caller, OTHER, PROJECTS, useLogins } from './portal-helpers.js';
import { json, useTestApp } from './test-app.js';
import { multipart, PNG } from './upload-helpers.js';

interface FakeProvider {
  url: string;
  requests: URL[];
  mode: 'ok' | 'slow' | 'error' | 'refuse';
  close(): Promise<void>;
}

const LIVE = {
  province: '浙江',
  city: '滨江区',
  adcode: '330108',
  weather: '多云',
  temperature: '18',
  winddirection: '东北',
  windpower: '≤3',
  humidity: '62',
  reporttime: '2026-11-21 14:00:00',
};
const CASTS = [
  {
    date: '2026-11-21',
    week: '6',
    dayweather: '多云',
    nightweather: '小雨',
    daytemp: '20',
    nighttemp: '12',
    daywind: '东北',
    nightwind: '东北',
    daypower: '1-3',
    nightpower: '1-3',
  },
  {
    date: '2026-11-22',
    week: '7',
    dayweather: '小雨',
    nightweather: '阴',
    daytemp: '16',
    nighttemp: '10',
    daywind: '北',
    nightwind: '北',
    daypower: '4',
    nightpower: '3',
  },
];

async function fakeProvider(key: string): Promise<FakeProvider> {
  const state = { requests: [] as URL[], mode: 'ok' as FakeProvider['mode'] };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    state.requests.push(url);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (state.mode === 'slow') return void setTimeout(() => send(200, { status: '1', lives: [LIVE] }), 1500);
    if (state.mode === 'error') return send(502, { message: 'bad gateway' });
    if (url.searchParams.get('key') !== key || state.mode === 'refuse')
      return send(200, { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' });
    if (url.searchParams.get('extensions') === 'all')
      return send(200, {
        status: '1',
        forecasts: [{ city: LIVE.city, adcode: LIVE.adcode, province: LIVE.province, casts: CASTS }],
      });
    return send(200, { status: '1', lives: [{ ...LIVE, adcode: url.searchParams.get('city') }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3/weather/weatherInfo`,
    get requests() {
      return state.requests;
    },
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let provider: FakeProvider;
beforeAll(async () => {
  provider = await fakeProvider('weather-key');
});
afterAll(async () => {
  await provider?.close();
});

// The provider's address exists once it listens (beforeAll above).
const configured = useTestApp(() => ({
  portal: defaultPortalConfig({
    weather: { url: provider.url, key: 'weather-key', timeoutMs: 500 },
    uploadMaxBytes: 64 * 1024,
  }),
}));
beforeAll(() => addOtherCompany(configured.db));
const unconfigured = useTestApp();
const [staff, manager] = useLogins(configured, 'staff', 'manager');
const [plain] = useLogins(unconfigured, 'staff');

describe('weather', () => {
  it('without a provider: msgCode 0 and configured false', async () => {
    const body = await plain.post<WeatherData>(`/api/provideLDF/weather/${PROJECTS.binjiang.id}/all`);
    expect(body).toEqual({ msgCode: 0, errMsg: '', data: { configured: false, message: '未配置天气服务' } });
    expect((await plain.post<WeatherData>(`/api/provideLDF/weather/${PROJECTS.binjiang.id}`)).data).toMatchObject({
      configured: false,
    });
  });

  it("type all: current weather and forecast of the project's area, through the adapter", async () => {
    const body = await staff.post<WeatherData>(`/api/provideLDF/weather/${PROJECTS.binjiang.id}`);
    expect(body.msgCode).toBe(0);
    expect(body.data).toEqual({
      configured: true,
      adcode: '330108',
      province: '浙江',
      city: '滨江区',
      live: {
        weather: '多云',
        temperature: '18',
        windDirection: '东北',
        windPower: '≤3',
        humidity: '62',
        reportTime: '2026-11-21 14:00:00',
      },
      forecast: [
        expect.objectContaining({
          date: '2026-11-21',
          dayWeather: '多云',
          nightWeather: '小雨',
          dayTemp: '20',
          nightTemp: '12',
        }),
        expect.objectContaining({ date: '2026-11-22', dayWeather: '小雨', dayPower: '4' }),
      ],
    });
    const asked = provider.requests.filter((u) => u.searchParams.get('city') === '330108');
    expect(asked.map((u) => u.searchParams.get('extensions')).sort()).toEqual(['all', 'base']);
    expect(asked[0].pathname).toBe('/v3/weather/weatherInfo');
  });

  it('type base: current only; a 6-digit area code works as the id; answers are cached', async () => {
    const before = provider.requests.length;
    const body = await staff.post<WeatherData>('/api/provideLDF/weather/440305/base');
    expect(body.data).toMatchObject({ configured: true, adcode: '440305', forecast: [] });
    expect(provider.requests.length).toBe(before + 1);
    await staff.post<WeatherData>('/api/provideLDF/weather/440305/base');
    expect(provider.requests.length).toBe(before + 1);
  });

  it('scoping and validation', async () => {
    expect((await manager.post(`/api/provideLDF/weather/${OTHER.projectId}/all`)).msgCode).toBe(-403);
    expect(await staff.post(`/api/provideLDF/weather/${PROJECTS.binjiang.id}/week`)).toMatchObject({
      msgCode: -400,
      errMsg: '天气类型只能是 all 或 base',
    });
    expect(json(await configured.app.inject({ method: 'POST', url: '/api/provideLDF/weather/x/all' })).msgCode).toBe(
      -401,
    );
  });

  it('a slow, failing or refusing provider: -500 天气服务暂不可用，请稍后重试', async () => {
    const codes = ['110101', '110102', '110105'];
    for (const [i, mode] of (['slow', 'error', 'refuse'] as const).entries()) {
      provider.mode = mode;
      const started = Date.now();
      const body = await staff.post(`/api/provideLDF/weather/${codes[i]}/base`);
      expect(body, mode).toEqual({ msgCode: -500, errMsg: '天气服务暂不可用，请稍后重试' });
      expect(Date.now() - started).toBeLessThan(1400);
    }
    provider.mode = 'ok';
    // A failure is not cached.
    expect((await staff.post<WeatherData>('/api/provideLDF/weather/110101/base')).data).toMatchObject({
      configured: true,
    });
  });
});

describe('uploads', () => {
  const upload = (caller: Caller, parts: Parameters<typeof multipart>[0]) =>
    caller.raw({ method: 'POST', url: '/api/zhgd/base/updateFile', ...multipart(parts) });

  it('stores an image under a random name and serves it back with its type and nosniff', async () => {
    const response = await upload(staff, [{ name: 'file', filename: 'logo.png', type: 'image/png', body: PNG }]);
    const body = json<StoredFile>(response);
    expect(body.msgCode).toBe(0);
    expect(body.data).toMatchObject({ size: PNG.length, contentType: 'image/png' });
    expect(body.data!.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(body.data!.url).toBe(`/api/zhgd/base/file/${body.data!.name}`);

    const served = await configured.app.inject({ method: 'GET', url: body.data!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = json<StoredFile>(await upload(staff, [{ name: 'file', filename: 'logo.png', body: PNG }]));
    expect(second.data!.name).not.toBe(body.data!.name);
  });

  it('deletes a record’s uploaded files with the record: the link answers 文件不存在 afterwards', async () => {
    const uploaded = json<StoredFile>(await upload(manager, [{ name: 'file', filename: 'a.png', body: PNG }])).data!;
    const kept = json<StoredFile>(await upload(manager, [{ name: 'file', filename: 'b.png', body: PNG }])).data!;
    const course = await manager.post<{ id: string }>('/api/data/safety-course', {
      projectId: PROJECTS.binjiang.id,
      title: '带课件的课程',
      courseType: 'special',
      hours: 2,
      attachments: [uploaded.url],
    });
    expect(course.msgCode, course.errMsg).toBe(0);
    expect((await configured.app.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(200);
    const removed = await manager.raw({ method: 'DELETE', url: `/api/data/safety-course/${course.data!.id}` });
    expect(json(removed).msgCode).toBe(0);
    const gone = await configured.app.inject({ method: 'GET', url: uploaded.url });
    expect(json(gone)).toEqual({ msgCode: -404, errMsg: '文件不存在' });
    // A file no deleted record held stays.
    expect((await configured.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
  });

  it('recognises images by content: a disguised script or an SVG is refused', async () => {
    const disguised = await upload(staff, [
      { name: 'file', filename: 'x.png', type: 'image/png', body: '<script>alert(1)</script>' },
    ]);
    expect(json(disguised)).toEqual({ msgCode: -400, errMsg: '只能上传 PNG、JPG、GIF 或 WebP 图片' });
    const svg = await upload(staff, [
      { name: 'file', filename: 'x.svg', type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    ]);
    expect(json(svg).msgCode).toBe(-400);
    const jpeg = await upload(staff, [
      { name: 'file', filename: 'a.bin', body: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
    ]);
    expect(json<StoredFile>(jpeg).data!.contentType).toBe('image/jpeg');
  });

  it('limits: size, missing file, not multipart, login', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(70 * 1024)]);
    expect(json(await upload(staff, [{ name: 'file', filename: 'big.png', body: big }]))).toEqual({
      msgCode: -400,
      errMsg: '文件不能超过 0.1MB',
    });
    expect(json(await upload(staff, [{ name: 'note', body: 'hello' }]))).toEqual({
      msgCode: -400,
      errMsg: '请选择要上传的文件',
    });
    const notMultipart = await staff.raw({ method: 'POST', url: '/api/zhgd/base/updateFile', payload: { file: 'x' } });
    expect(json(notMultipart)).toEqual({ msgCode: -400, errMsg: '请以 multipart/form-data 上传文件' });
    const anonymous = await configured.app.inject({
      method: 'POST',
      url: '/api/zhgd/base/updateFile',
      ...multipart([{ name: 'file', filename: 'logo.png', body: PNG }]),
    });
    expect(json(anonymous).msgCode).toBe(-401);
  });

  it('serves only well-formed names of existing files', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fpackage.json', 'x.html']) {
      const response = await configured.app.inject({ method: 'GET', url: `/api/zhgd/base/file/${name}` });
      expect(json(response)).toEqual({ msgCode: -404, errMsg: '文件不存在' });
    }
  });
});
