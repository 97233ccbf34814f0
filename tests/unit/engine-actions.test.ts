import { describe, expect, it } from 'vitest';
import { runAction } from '../../src/engine/actions';
import { renderTemplate, templatePaths } from '../../src/engine/template';
import { fakeSeams } from '../support/fake-seams';

describe('renderTemplate', () => {
  const context = { phone: '13800000001', steps: { company: { unitName: '甲公司' } }, count: 3 };

  it('replaces a whole {{path}} by the value, keeping its type', () => {
    expect(renderTemplate({ phone: '{{phone}}', n: '{{count}}', vo: '{{steps.company}}' }, context)).toEqual({
      phone: '13800000001',
      n: 3,
      vo: { unitName: '甲公司' },
    });
  });

  it('sends other values as written, with no interpolation inside text', () => {
    expect(renderTemplate({ purpose: 'register', text: 'call {{phone}}', flag: true }, context)).toEqual({
      purpose: 'register',
      text: 'call {{phone}}',
      flag: true,
    });
  });

  it('gives undefined for a missing path and renders arrays member by member', () => {
    expect(renderTemplate(['{{nothing.here}}', '{{phone}}'], context)).toEqual([undefined, '13800000001']);
  });

  it('lists the paths a template reads', () => {
    expect(templatePaths({ a: '{{phone}}', b: ['{{steps.company}}', 'x'] })).toEqual(['phone', 'steps.company']);
  });
});

describe('runAction', () => {
  it('sends the rendered params as the query of a read', async () => {
    const { seams, requests } = fakeSeams();
    await runAction(
      seams,
      { api: { method: 'GET', url: '/api/system/sendCode/getCode' }, params: { phone: '{{phone}}', purpose: 'login' } },
      { phone: '13800000001', other: 'not sent' },
    );
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', query: { phone: '13800000001', purpose: 'login' }, body: undefined }),
    ]);
  });

  it('sends the rendered params as the body of a write, encrypting what the descriptor names', async () => {
    const { seams, requests } = fakeSeams();
    await runAction(
      seams,
      {
        api: { method: 'POST', url: '/api/register/passwardUpdate', encrypt: { password: 'rsa' } },
        params: { username: '{{phoneNumber}}', password: '{{password}}' },
      },
      { phoneNumber: '13800000001', password: 'Passw0rd2026' },
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: { username: '13800000001', password: 'rsa(Passw0rd2026)' },
    });
  });

  it('without params sends the context itself, and shows the success message', async () => {
    const { seams, requests, messages } = fakeSeams();
    await runAction(seams, { api: { method: 'POST', url: '/api/x' }, successMessage: '验证成功' }, { a: 1 });
    expect(requests[0].body).toEqual({ a: 1 });
    expect(messages).toEqual(['验证成功']);
  });

  it('shows no success message when the call fails', async () => {
    const { seams, messages } = fakeSeams(() => {
      throw new Error('网络错误: offline');
    });
    await expect(
      runAction(seams, { api: { method: 'POST', url: '/api/x' }, successMessage: '验证成功' }, {}),
    ).rejects.toThrow('offline');
    expect(messages).toEqual([]);
  });
});
