/**
 * POST /api/device/base/v2.0/companyTree with the IoT platform: every project of the caller's tree lists its
 * devices and whether each is online; a device of another company's project never shows to an outsider.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { telemetryHeaders } from '../support/device-calls.js';
import type { CompanyTreeDevice, CompanyTreeNode } from '../../src/shared/projects.js';
import { useCallers } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { json, useTestApp } from './test-app.js';

const t = useTestApp();
const who = useCallers(t);

beforeAll(async () => {
  await addOutsiderProject(t.db);
});

function flatten(nodes: CompanyTreeNode[]): CompanyTreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.childList)]);
}

async function tree(caller: typeof who.manager): Promise<CompanyTreeNode[]> {
  const answer = await caller.call<CompanyTreeNode[]>('POST', '/api/device/base/v2.0/companyTree');
  expect(answer.msgCode, answer.errMsg).toBe(0);
  return flatten(answer.data!);
}

const devicesOf = (nodes: CompanyTreeNode[], projectId: string): CompanyTreeDevice[] =>
  nodes.find((node) => node.projectId === projectId)?.deviceList ?? [];

describe('companyTree with devices', () => {
  it("lists each project's devices with their state, online once one reports", async () => {
    let nodes = await tree(who.manager);
    const binjiang = devicesOf(nodes, 'project-binjiang');
    expect(binjiang.map((d) => d.serial)).toContain('BJ-TC-01');
    expect(binjiang.find((d) => d.serial === 'BJ-TC-01')).toEqual({
      id: 'iot-bj-01',
      name: expect.any(String),
      serial: 'BJ-TC-01',
      deviceType: 'tower-crane',
      deviceTypeName: '塔吊监测',
      online: false,
      onlineLabel: '未接入',
      lastSeen: null,
    });
    expect(devicesOf(nodes, 'project-expressway').map((d) => d.serial)).toEqual(
      expect.arrayContaining(['EX-ENV-01', 'EX-WB-01', 'EX-CT-01']),
    );

    const issued = await who.manager.call<{ secret: string }>('POST', '/api/iot/v1.0/devices/iot-bj-01/secret');
    nodes = await tree(who.manager);
    expect(devicesOf(nodes, 'project-binjiang').find((d) => d.id === 'iot-bj-01')).toMatchObject({
      online: false,
      onlineLabel: '未上报',
    });
    const raw = JSON.stringify({
      values: { load: 2, momentPercent: 40, windSpeed: 2, radius: 20, height: 30, slewAngle: 5, tilt: 0.1 },
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/iot/v1.0/telemetry',
      headers: telemetryHeaders('iot-bj-01', issued.data!.secret, raw),
      payload: raw,
    });
    expect(json(sent).msgCode).toBe(0);
    nodes = await tree(who.staff);
    expect(devicesOf(nodes, 'project-binjiang').find((d) => d.id === 'iot-bj-01')).toMatchObject({
      online: true,
      onlineLabel: '在线',
      lastSeen: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("shows another company's devices to the administrator only", async () => {
    const created = await who.admin.call<{ id: string }>('POST', '/api/data/iot-device', {
      projectId: OTHER_COMPANY_PROJECT,
      name: '外单位扬尘监测',
      deviceType: 'environment',
      serial: 'OUT-ENV-01',
    });
    expect(created.msgCode, created.errMsg).toBe(0);
    const all = await tree(who.admin);
    expect(devicesOf(all, OTHER_COMPANY_PROJECT).map((d) => d.serial)).toEqual(['OUT-ENV-01']);
    for (const caller of [who.manager, who.staff]) {
      const nodes = await tree(caller);
      expect(nodes.some((node) => node.projectId === OTHER_COMPANY_PROJECT)).toBe(false);
      expect(nodes.flatMap((node) => node.deviceList ?? []).some((d) => d.serial === 'OUT-ENV-01')).toBe(false);
    }
  });

  it('keeps project nodes without devices free of a device list', async () => {
    const nodes = await tree(who.admin);
    expect(nodes.filter((node) => node.clickFlag !== '1').every((node) => node.deviceList === undefined)).toBe(true);
  });
});
