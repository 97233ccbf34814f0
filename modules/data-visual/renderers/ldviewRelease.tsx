/**
 * A release page (/ldview/#/release-page/<token>), open without a login: the published revision of one dashboard,
 * drawn by the engine's own dashboard renderer, each chart reading its figures from the release (the token names the
 * dashboard; the server answers only its charts' aggregates). A link taken back says so.
 */
import { DashboardView, Loading, useApi, type CustomRendererProps } from '../../../src/engine/module-api';
import { LdviewApi } from '../browser/ldview-api';
import type { ReleasedDashboard } from '../browser/ldview-types';
import '../browser/ldview.css';

const stay = () => undefined;

/** The token of `#/release-page/<token>`. */
export const releaseToken = (hash: unknown) =>
  decodeURIComponent((typeof hash === 'string' ? hash : '').replace(/^\/?release-page\//, '').split(/[/?]/)[0] ?? '');

export function ReleaseBody({ token, testId }: { token: string; testId: string }) {
  const { data, error, isLoading } = useApi<ReleasedDashboard>(token ? LdviewApi.release : null, { token });
  if (!token || error)
    return (
      <p className="ldview-release-gone" role="alert" data-testid="ldview-release-gone">
        发布链接无效或已被取消
      </p>
    );
  if (isLoading || !data) return <Loading />;
  return (
    <div className="ldview-release" data-testid={testId}>
      <p className="ldview-release-meta">
        {data.projectName} · 第 {data.revision} 版
      </p>
      <DashboardView file={data.file} context={{}} open={stay} />
    </div>
  );
}

export default function LdviewRelease({ context }: CustomRendererProps) {
  return (
    <div className="ldview-root ldview-public">
      <ReleaseBody token={releaseToken(context.hash)} testId="ldview-release" />
    </div>
  );
}
