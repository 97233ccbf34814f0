/**
 * Running an action of a schema file (`{ api, params, successMessage }`): its params rendered against the
 * context, sent as the query of a read or the body of a write, through the one transport.
 */
import { callApi, type ApiVariables } from './api';
import type { EngineSeams } from './seams';
import { renderTemplate, type TemplateContext } from './template';
import type { ApiDescriptor, EngineAction } from './types';

function isRead(api: ApiDescriptor): boolean {
  return api.method === 'GET' || api.method === 'DELETE';
}

/** Query variables keep only plain values: an absent or structured value is left out of the URL. */
export function toVariables(values: Record<string, unknown>): ApiVariables {
  const variables: ApiVariables = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') variables[name] = value;
  }
  return variables;
}

export interface RunActionOptions {
  acceptCodes?: readonly number[];
}

/** The whole envelope of a successful (or accepted) call; rejects as the transport does. */
export async function runAction<T = unknown>(
  seams: EngineSeams,
  action: Pick<EngineAction, 'api' | 'params' | 'successMessage'>,
  context: TemplateContext,
  options: RunActionOptions = {},
): Promise<T> {
  const sent = (action.params ? renderTemplate(action.params, context) : context) as Record<string, unknown>;
  const envelope = await callApi<T>(
    seams,
    action.api,
    isRead(action.api)
      ? { variables: toVariables(sent), acceptCodes: options.acceptCodes }
      : { variables: toVariables(sent), body: sent, acceptCodes: options.acceptCodes },
  );
  if (action.successMessage) seams.notify.success(action.successMessage);
  return envelope;
}
