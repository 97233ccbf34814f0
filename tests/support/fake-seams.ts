/**
 * Engine seams for component tests in jsdom: a transport that records calls and answers from a table.
 * (End-to-end tests use the real server; this only isolates the renderer.)
 */
import type { EngineSeams, RequestOptions } from '../../src/engine/seams';

export function fakeSeams(answer: (request: RequestOptions) => unknown = () => ({ msgCode: 0, errMsg: '' })) {
  const requests: RequestOptions[] = [];
  const messages: string[] = [];
  const seams: EngineSeams = {
    transport: {
      async request<T>(options: RequestOptions) {
        requests.push(options);
        return answer(options) as T;
      },
    },
    notify: { success: (text) => messages.push(text), error: (text) => messages.push(text) },
    encryptor: { encrypt: async (cipher, plain) => `${cipher}(${plain})` },
  };
  return { seams, requests, messages };
}
