/**
 * The engine's view of the outside world: a few small interfaces that the app supplies (and tests replace).
 * The engine never imports the app; it receives these through one React context.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { FieldCipher } from './types';

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** msgCodes the caller handles itself: the transport resolves with the envelope instead of rejecting. */
  acceptCodes?: readonly number[];
  /** 'blob' for a download: a successful answer that is not JSON arrives as `data` of an ok envelope. */
  responseType?: 'json' | 'blob';
}

/** The one HTTP client, as the engine sees it: resolves with the whole envelope, rejects on failure. */
export interface Transport {
  request<T = unknown>(options: RequestOptions): Promise<T>;
  /**
   * The headers that sign a request in as the current user, for the few calls that speak another protocol than the
   * envelope's (resumable uploads by tus): asked again before each request, so a refreshed token is used.
   */
  authHeaders?(): Record<string, string>;
}

export interface Notifier {
  success(message: string): void;
  error(message: string): void;
}

export interface FieldEncryptor {
  encrypt(cipher: FieldCipher, plain: string): Promise<string>;
}

/** What the signed-in user may do: permission strings of the menus the user's roles grant. */
export interface Permissions {
  has(permission: string): boolean;
}

/**
 * The page's server-sent events (GET /api/events): `subscribe` calls `handler` with each event's data of `type`
 * ('message', 'message.read', ...; 'stream.open' when the stream opens again) until the returned function is called.
 */
export interface EventSubscriber {
  subscribe(type: string, handler: (data: unknown) => void): () => void;
}

export interface EngineSeams {
  transport: Transport;
  notify: Notifier;
  encryptor: FieldEncryptor;
  /** Absent: everything is shown (the server still refuses what is not allowed). */
  permissions?: Permissions;
  /** Absent: nothing is pushed (lists refresh when the user acts). */
  events?: EventSubscriber;
}

const SeamsContext = createContext<EngineSeams | null>(null);

export function EngineProvider({ seams, children }: { seams: EngineSeams; children: ReactNode }) {
  return <SeamsContext.Provider value={seams}>{children}</SeamsContext.Provider>;
}

export function useSeams(): EngineSeams {
  const seams = useContext(SeamsContext);
  if (!seams) throw new Error('EngineProvider is missing above this schema renderer');
  return seams;
}

/** Whether the signed-in user holds a permission a schema names (none named: everyone; no permission seam: all). */
export function useCan(): (permission?: string) => boolean {
  const { permissions } = useSeams();
  return (permission) => !permission || (permissions?.has(permission) ?? true);
}
