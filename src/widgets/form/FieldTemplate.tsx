import type { FieldErrorProps, FieldTemplateProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { widgetContext } from './form-context';
// The look of every form, whichever renderer shows it (rjsf or the engine's plain one).
import './form-theme.css';

/**
 * Label, control and the field's first error beneath it; `ui:options.hideLabel` for placeholder-only forms, and
 * nothing to see for a field whose `ui:options.showWhen` does not hold.
 */
export type FieldFrameProps = Pick<
  FieldTemplateProps,
  'id' | 'label' | 'children' | 'errors' | 'help' | 'hidden' | 'required' | 'displayLabel' | 'uiSchema' | 'classNames'
> & { registry: { formContext?: unknown } };

export function FieldTemplate(props: FieldFrameProps) {
  const { id, label, children, errors, help, hidden, required, displayLabel, uiSchema, classNames } = props;
  // A field whose `showWhen` does not hold stays mounted, unseen, so its value survives a change back.
  if (hidden || widgetContext(props.registry.formContext).hiddenFields?.includes(id))
    return <div hidden>{children}</div>;
  const showLabel = displayLabel && label && !getUiOptions(uiSchema).hideLabel;
  return (
    <div className={['sf-item', classNames].filter(Boolean).join(' ')}>
      {showLabel && (
        <label className="sf-label" htmlFor={id}>
          {required && <span className="sf-required">*</span>}
          {label}
        </label>
      )}
      {children}
      {errors}
      {help}
    </div>
  );
}

/** Only the first broken rule of a field is shown: one clear message at a time. */
export function FieldErrorTemplate({ errors, fieldPathId }: Pick<FieldErrorProps, 'errors' | 'fieldPathId'>) {
  const first = errors?.find((error) => typeof error === 'string' && error !== '');
  if (!first) return null;
  return (
    <div className="sf-error" role="alert" id={`${fieldPathId.$id}__error`}>
      {first}
    </div>
  );
}
