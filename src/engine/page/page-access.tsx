/**
 * What every page kind does before its own work: a user whose permissions do not admit the page sees so plainly,
 * and a page that shows one record (detail, approval) loads it with a retry on failure and a spinner meanwhile.
 */
import { Empty } from '@arco-design/web-react';
import '@arco-design/web-react/es/Empty/style/css.js';
import type { ReactNode } from 'react';
import { LoadFailure, Loading } from '../feedback';
import type { ApiDescriptor } from '../types';
import { useApi } from '../use-api';
import { useEvents } from '../use-events';
import './page-access.css';

export function PageDenied() {
  return <Empty className="page-denied" description="您没有访问该页面的权限" />;
}

interface PageRecordProps<T> {
  /** Whether the user may see the page: the call is not made, and PageDenied is shown, when not. */
  allowed: boolean;
  api: ApiDescriptor;
  params: Record<string, unknown>;
  /** Server events after which the record is read again. */
  refreshOn?: string[];
  children(record: T, reload: () => void): ReactNode;
}

/** The page's record from its `load` call, handed to `children` once it is there. */
export function PageRecord<T>({ allowed, api, params, refreshOn, children }: PageRecordProps<T>) {
  const { data, error, isLoading, mutate } = useApi<T>(allowed ? api : null, params);
  const reload = () => void mutate();
  useEvents(refreshOn, reload);
  if (!allowed) return <PageDenied />;
  if (error) return <LoadFailure error={error} onRetry={reload} />;
  if (isLoading || !data) return <Loading />;
  return <>{children(data, reload)}</>;
}
