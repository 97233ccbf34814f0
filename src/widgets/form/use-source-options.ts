/**
 * The options of a choice widget that come from a server source (`ui:options.source`), loaded through the form's
 * `loadOptions` once the widget is shown; `retry` loads them again after a failure. `ui:options.firstOptions`
 * lists choices before the server's (a top level that is no record: `{"label": "无（顶级区域）", "value": "0"}`).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { widgetContext, type ChoiceOption } from './form-context';

export interface SourceOptions {
  options: ChoiceOption[];
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

export function useSourceOptions(props: WidgetProps): SourceOptions {
  const source = props.options.source;
  const { loadOptions } = widgetContext(props.registry.formContext);
  const [loaded, setLoaded] = useState<ChoiceOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!source || !loadOptions) return;
    let live = true;
    setFailed(false);
    loadOptions(source).then(
      (options) => live && setLoaded(options),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source, loadOptions, attempt]);
  const firstOptions = (props.options.firstOptions as ChoiceOption[] | undefined) ?? [];
  return {
    options: [...firstOptions, ...(loaded ?? [])],
    loading: Boolean(source) && loaded === null && !failed,
    failed,
    retry: () => setAttempt((count) => count + 1),
  };
}
