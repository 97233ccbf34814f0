/** What a schema renderer shows while its file loads, or when loading it failed. */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import './feedback.css';

export function Loading({ label = '加载中…' }: { label?: string }) {
  return (
    <div className="engine-loading" role="status" aria-live="polite">
      <span className="engine-spinner" aria-hidden />
      {label}
    </div>
  );
}

/** A failed chunk or schema load: say so plainly and offer a retry instead of a blank area. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div className="engine-load-failure" role="alert">
      <p>页面资源加载失败，请检查网络后重试。</p>
      <p className="engine-load-detail">{detail}</p>
      <Button type="primary" onClick={onRetry}>
        重新加载
      </Button>
    </div>
  );
}
