/** API descriptors: URL templates, result paths, and calls through the transport and encryptor seams. */
import { describe, expect, it, vi } from 'vitest';
import { callApi, fillUrl, pickPath } from '../../src/engine/api';
import type { FieldEncryptor, RequestOptions, Transport } from '../../src/engine/seams';
import type { ApiDescriptor, FieldCipher } from '../../src/engine/types';

function seams(answer: unknown = { msgCode: 0, errMsg: '', data: { ok: true } }) {
  const requests: RequestOptions[] = [];
  const transport: Transport = {
    request: <T>(options: RequestOptions) => {
      requests.push(options);
      return Promise.resolve(answer as T);
    },
  };
  const encrypt = vi.fn(async (cipher: FieldCipher, plain: string) => `${cipher}(${plain})`);
  const encryptor: FieldEncryptor = { encrypt };
  return { transport, encryptor, requests, encrypt };
}

describe('fillUrl', () => {
  it('fills every {name} from the variables', () => {
    expect(fillUrl('/api/system/office/{id}', { id: 7 })).toBe('/api/system/office/7');
    expect(fillUrl('/api/provideLDF/weather/{id}/{type}', { id: 'p1', type: 'all' })).toBe(
      '/api/provideLDF/weather/p1/all',
    );
  });

  it('encodes the values', () => {
    expect(fillUrl('/api/system/dictionary/{type}/list', { type: 'a b/c' })).toBe(
      '/api/system/dictionary/a%20b%2Fc/list',
    );
  });

  it('a template without variables is returned as is', () => {
    expect(fillUrl('/api/pub/ping')).toBe('/api/pub/ping');
  });

  it('a missing or empty variable throws', () => {
    expect(() => fillUrl('/api/user/{id}', {})).toThrow(/id/);
    expect(() => fillUrl('/api/user/{id}')).toThrow(/id/);
    expect(() => fillUrl('/api/user/{id}', { id: '' })).toThrow(/id/);
    expect(() => fillUrl('/api/user/{id}', { id: undefined })).toThrow(/id/);
  });

  it('0 and false are values, not missing', () => {
    expect(fillUrl('/x/{a}/{b}', { a: 0, b: false })).toBe('/x/0/false');
  });
});

describe('pickPath', () => {
  const envelope = { msgCode: 0, data: { pcMenu: { childList: [1, 2] } }, item: { officeTree: [] as unknown[] } };

  it('walks a dotted path', () => {
    expect(pickPath(envelope, 'data.pcMenu.childList')).toEqual([1, 2]);
    expect(pickPath(envelope, 'item.officeTree')).toEqual([]);
    expect(pickPath(envelope, 'msgCode')).toBe(0);
  });

  it('no path gives the whole value', () => {
    expect(pickPath(envelope)).toBe(envelope);
    expect(pickPath(envelope, '')).toBe(envelope);
  });

  it('a missing step gives undefined instead of throwing', () => {
    expect(pickPath(envelope, 'data.nothing.deeper')).toBeUndefined();
    expect(pickPath(null, 'data')).toBeUndefined();
    expect(pickPath({ data: 'text' }, 'data.length')).toBeUndefined();
  });
});

describe('callApi', () => {
  it('GET puts the variables the URL does not use in the query', async () => {
    const s = seams();
    const descriptor: ApiDescriptor = { method: 'GET', url: '/api/system/office/{id}/treeData' };
    const envelope = await callApi(s, descriptor, { variables: { id: 'o1', isShowHide: 1, name: 'x' } });
    expect(envelope).toEqual({ msgCode: 0, errMsg: '', data: { ok: true } });
    expect(s.requests).toEqual([
      {
        method: 'GET',
        url: '/api/system/office/o1/treeData',
        query: { isShowHide: 1, name: 'x' },
        body: undefined,
        acceptCodes: undefined,
      },
    ]);
  });

  it('GET sends no body even when given one', async () => {
    const s = seams();
    await callApi(s, { method: 'GET', url: '/api/user/list' }, { body: { a: 1 }, variables: { pageNo: 1 } });
    expect(s.requests[0].body).toBeUndefined();
    expect(s.requests[0].query).toEqual({ pageNo: 1 });
  });

  it('DELETE also reads its extra variables from the query', async () => {
    const s = seams();
    await callApi(s, { method: 'DELETE', url: '/api/user/{id}' }, { variables: { id: 5, force: true } });
    expect(s.requests[0]).toMatchObject({ method: 'DELETE', url: '/api/user/5', query: { force: true } });
  });

  it('POST encrypts the fields named in descriptor.encrypt through the encryptor seam', async () => {
    const s = seams();
    const descriptor: ApiDescriptor = {
      method: 'POST',
      url: '/api/login',
      encrypt: { password: 'rsa', oldPassword: 'sm2' },
    };
    const body = { username: 'admin', password: 'Admin@2026', oldPassword: 'old', validateCode: '1234' };
    await callApi(s, descriptor, { body, acceptCodes: [-16001] });
    expect(s.encrypt).toHaveBeenCalledTimes(2);
    expect(s.encrypt).toHaveBeenCalledWith('rsa', 'Admin@2026');
    expect(s.encrypt).toHaveBeenCalledWith('sm2', 'old');
    expect(s.requests[0]).toEqual({
      method: 'POST',
      url: '/api/login',
      query: undefined,
      body: { username: 'admin', password: 'rsa(Admin@2026)', oldPassword: 'sm2(old)', validateCode: '1234' },
      acceptCodes: [-16001],
    });
    // The caller's object is left alone.
    expect(body.password).toBe('Admin@2026');
  });

  it('POST does not encrypt absent or empty fields, nor put variables in the query', async () => {
    const s = seams();
    await callApi(
      s,
      { method: 'POST', url: '/api/role/{id}/assign', encrypt: { password: 'rsa', secret: 'sm2' } },
      { variables: { id: 'r1', extra: 'x' }, body: { password: '' } },
    );
    expect(s.encrypt).not.toHaveBeenCalled();
    expect(s.requests[0]).toMatchObject({ url: '/api/role/r1/assign', query: undefined, body: { password: '' } });
  });

  it('PUT sends its body', async () => {
    const s = seams();
    await callApi(s, { method: 'PUT', url: '/api/user/{id}' }, { variables: { id: 3 }, body: { name: '张三' } });
    expect(s.requests[0]).toMatchObject({ method: 'PUT', url: '/api/user/3', body: { name: '张三' } });
  });

  it('a missing URL variable rejects before anything is sent', async () => {
    const s = seams();
    await expect(callApi(s, { method: 'GET', url: '/api/user/{id}' })).rejects.toThrow(/id/);
    expect(s.requests).toHaveLength(0);
  });

  it('a failing encryptor rejects and sends nothing', async () => {
    const s = seams();
    s.encrypt.mockRejectedValueOnce(new Error('密码加密失败，请刷新页面后重试'));
    await expect(
      callApi(s, { method: 'POST', url: '/api/login', encrypt: { password: 'rsa' } }, { body: { password: 'p' } }),
    ).rejects.toThrow('密码加密失败');
    expect(s.requests).toHaveLength(0);
  });
});
