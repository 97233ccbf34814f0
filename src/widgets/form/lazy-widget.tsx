import { Suspense, lazy, type ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/**
 * A widget whose code (and Arco component) loads only when a form first shows it; meanwhile a box of an input's
 * size holds its place, so the form does not jump when it arrives.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense
        fallback={
          <span className="sf-widget-loading" aria-busy="true">
            {props.placeholder}
          </span>
        }
      >
        <Lazy {...props} />
      </Suspense>
    );
  };
}
