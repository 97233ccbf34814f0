import { Suspense, lazy, type ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** A widget whose code (and Arco component) loads only when a form first shows it. */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<span className="sf-widget-loading">加载中…</span>}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
