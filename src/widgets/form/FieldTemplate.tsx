import type { FieldErrorProps, FieldTemplateProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';

/** Label, control and the field's first error beneath it; `ui:options.hideLabel` for placeholder-only forms. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, hidden, required, displayLabel, uiSchema, classNames } = props;
  if (hidden) return <div hidden>{children}</div>;
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
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const first = errors?.find((error) => typeof error === 'string' && error !== '');
  if (!first) return null;
  return (
    <div className="sf-error" role="alert" id={`${fieldPathId.$id}__error`}>
      {first}
    </div>
  );
}
