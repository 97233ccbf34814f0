/** Running API descriptors (method, URL template, where the result sits) through the injected transport. */
import type { ApiDescriptor } from './types';
import type { EngineSeams, Transport } from './seams';

export type ApiVariables = Record<string, string | number | boolean | undefined>;

/** `/api/system/office/{id}` with { id: 7 } -> `/api/system/office/7`. A missing variable is an error. */
export function fillUrl(template: string, variables: ApiVariables = {}): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = variables[name];
    if (value === undefined || value === '') throw new Error(`URL ${template} needs "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** The variables a URL template does not consume: for reads they travel as the query string. */
function unusedVariables(template: string, variables: ApiVariables = {}): ApiVariables {
  const used = new Set([...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
  return Object.fromEntries(Object.entries(variables).filter(([name]) => !used.has(name)));
}

async function encryptFields(
  encryptor: EngineSeams['encryptor'],
  descriptor: ApiDescriptor,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = { ...body };
  for (const [field, cipher] of Object.entries(descriptor.encrypt ?? {})) {
    const plain = result[field];
    if (typeof plain === 'string' && plain !== '') result[field] = await encryptor.encrypt(cipher, plain);
  }
  return result;
}

// Where a result sits in a response (`resultPath`): one helper for the engine and the server.
export { pickPath } from '../shared/path';

export interface CallOptions {
  variables?: ApiVariables;
  /** JSON fields, or a file upload. */
  body?: Record<string, unknown> | FormData;
  acceptCodes?: readonly number[];
  responseType?: 'json' | 'blob';
}

/** Calls a descriptor and returns the whole envelope (the caller picks with `pickPath` or reads msgCode). */
export async function callApi<T = unknown>(
  seams: Pick<EngineSeams, 'transport' | 'encryptor'>,
  descriptor: ApiDescriptor,
  options: CallOptions = {},
): Promise<T> {
  const url = fillUrl(descriptor.url, options.variables);
  const isRead = descriptor.method === 'GET' || descriptor.method === 'DELETE';
  const body =
    options.body instanceof FormData
      ? options.body
      : options.body && !isRead
        ? await encryptFields(seams.encryptor, descriptor, options.body)
        : undefined;
  return seams.transport.request<T>({
    method: descriptor.method,
    url,
    query: isRead ? unusedVariables(descriptor.url, options.variables) : undefined,
    body,
    acceptCodes: options.acceptCodes,
    responseType: options.responseType,
  });
}

export type { Transport };
