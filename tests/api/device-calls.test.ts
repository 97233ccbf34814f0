/**
 * The one way devices sign their calls (src/server/devices/device-calls.ts), checked the same on every signed route:
 * a gate's pass, a weighbridge's pass and an IoT reading. Each refuses an unknown device, a wrong secret, a changed
 * body, a call signed for another route, a call outside the clock window, a malformed nonce and a nonce used before,
 * with the same code and reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CALL_HEADERS, signDeviceCall } from '../../src/server/module-api.js';
import { useCallers } from './admin-helpers.js';
import { openApiDocument, operationsOf } from './openapi-requests.js';
import { json, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const t = useTestApp();
const who = useCallers(t);

interface SignedRoute {
  name: string;
  path: string;
  body: () => string;
  device: { deviceId: string; secret: string };
}

const routes: SignedRoute[] = [];

async function iotDevice(serial: string, deviceType: string): Promise<{ deviceId: string; secret: string }> {
  const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: `签名测试 ${serial}`,
    deviceType,
    serial,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const issued = await who.manager.call<{ deviceId: string; secret: string }>(
    'POST',
    `/api/iot/v1.0/devices/${created.data!.id}/secret`,
  );
  expect(issued.msgCode, issued.errMsg).toBe(0);
  return { deviceId: issued.data!.deviceId, secret: issued.data!.secret };
}

beforeAll(async () => {
  const gateSecret = 'SignedGate0123456789abcdefGHIJKLMNOP';
  const gate = await who.manager.call<{ id: string }>('POST', '/api/data/labour-gate', {
    projectId: PROJECT,
    name: '签名测试闸机',
    secret: gateSecret,
    enabled: true,
  });
  expect(gate.msgCode, gate.errMsg).toBe(0);
  routes.push(
    {
      name: 'gate pass',
      path: '/api/labour/gate/pass',
      // An unknown worker: the call passes the signature checks and is refused after them (-404).
      body: () =>
        JSON.stringify({ idCardNumber: '11010119900101999X', time: new Date().toISOString(), direction: 'in' }),
      device: { deviceId: gate.data!.id, secret: gateSecret },
    },
    {
      name: 'weighbridge pass',
      path: '/api/weighbridge/v1.0/passes',
      body: () => JSON.stringify({ plateNo: '粤B13579', weight: 31.5 }),
      device: await iotDevice('SIGN-WB', 'weighbridge'),
    },
    {
      name: 'IoT reading',
      path: '/api/iot/v1.0/telemetry',
      body: () => JSON.stringify({ values: { total: 1 } }),
      device: await iotDevice('SIGN-WM', 'water-meter'),
    },
  );
});

interface Call {
  path?: string;
  deviceId?: string;
  secret?: string;
  timestamp?: string;
  nonce?: string;
  signedBody?: string;
  signedPath?: string;
}

async function send(route: SignedRoute, call: Call = {}) {
  const body = route.body();
  const deviceId = call.deviceId ?? route.device.deviceId;
  const timestamp = call.timestamp ?? String(Date.now());
  const nonce = call.nonce ?? `n${Math.random().toString(36).slice(2)}${Date.now()}`;
  const path = call.path ?? route.path;
  const signature = signDeviceCall(call.secret ?? route.device.secret, {
    method: 'POST',
    path: call.signedPath ?? path,
    deviceId,
    timestamp,
    nonce,
    body: call.signedBody ?? body,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      [DEVICE_CALL_HEADERS.device]: deviceId,
      [DEVICE_CALL_HEADERS.timestamp]: timestamp,
      [DEVICE_CALL_HEADERS.nonce]: nonce,
      [DEVICE_CALL_HEADERS.signature]: signature,
    },
    payload: body,
  });
  return { ...json<{ reason?: string }>(response), nonce, timestamp };
}

describe.each(['gate pass', 'weighbridge pass', 'IoT reading'])('a signed %s', (name) => {
  const route = () => routes.find((r) => r.name === name)!;

  it('is taken when signed right', async () => {
    const answer = await send(route());
    // The gate's worker is unknown on purpose: the signature held, the pass itself was refused.
    expect(answer.msgCode, answer.errMsg).toBe(name === 'gate pass' ? -404 : 0);
  });

  it('is refused for an unknown device, a wrong secret, a changed body or another route', async () => {
    const refused = (reason: string) => ({ msgCode: -401, data: { reason } });
    expect(await send(route(), { deviceId: 'no-such-device' })).toMatchObject({
      ...refused('unknown-device'),
      errMsg: '设备未登记或未生成密钥',
    });
    expect(await send(route(), { deviceId: 'bad id\u0000' })).toMatchObject(refused('unknown-device'));
    expect(await send(route(), { secret: 'not-the-secret' })).toMatchObject({
      ...refused('bad-signature'),
      errMsg: '签名不正确',
    });
    expect(await send(route(), { signedBody: '{"changed":true}' })).toMatchObject(refused('bad-signature'));
    expect(await send(route(), { signedPath: '/api/some/other/route' })).toMatchObject(refused('bad-signature'));
  });

  it('is refused outside the clock window, with a malformed nonce, and when its nonce was used before', async () => {
    for (const timestamp of [String(Date.now() - 6 * 60_000), String(Date.now() + 6 * 60_000), 'yesterday', ''])
      expect(await send(route(), { timestamp })).toMatchObject({
        msgCode: -401,
        errMsg: '请求时间与服务器时间相差超过5分钟，请校准设备时钟',
        data: { reason: 'stale-request' },
      });
    for (const nonce of ['short', 'a'.repeat(65), 'has space!'])
      expect(await send(route(), { nonce })).toMatchObject({ msgCode: -400, data: { reason: 'bad-nonce' } });
    const first = await send(route());
    expect(first.msgCode).not.toBe(-409);
    expect(await send(route(), { nonce: first.nonce })).toMatchObject({
      msgCode: -409,
      errMsg: '重复的请求（随机串已使用），已拒绝',
      data: { reason: 'replayed' },
    });
  });
});

it('covers every signed route of the OpenAPI document: a new one is added here, or this fails naming it', async () => {
  const signed = operationsOf(await openApiDocument(t.app))
    .filter(({ operation }) =>
      (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === DEVICE_CALL_HEADERS.device),
    )
    .map(({ method, template }) => `${method.toUpperCase()} ${template}`);
  expect(signed.sort()).toEqual(routes.map((route) => `POST ${route.path}`).sort());
});

it('answers a call without any signature as from an unknown device', async () => {
  for (const route of routes) {
    const answer = json(
      await t.app.inject({
        method: 'POST',
        url: route.path,
        headers: { 'content-type': 'application/json' },
        payload: route.body(),
      }),
    );
    expect(answer, route.name).toMatchObject({ msgCode: -401, data: { reason: 'unknown-device' } });
  }
});
