import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import type { ObjectFieldTemplateProps, SubmitButtonProps } from '@rjsf/utils';
import { getSubmitButtonOptions } from '@rjsf/utils';

/** Fields one under another, in `ui:order`; the dialog or page around the form shows the title. */
export function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <>{properties.map((property) => (property.hidden ? null : <div key={property.name}>{property.content}</div>))}</>
  );
}

export interface SubmitContext {
  submitting?: boolean;
}

export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  const submitting = (registry.formContext as SubmitContext | undefined)?.submitting ?? false;
  return (
    <div className="sf-actions">
      <Button type="primary" htmlType="submit" long size="large" loading={submitting} {...props}>
        {submitText}
      </Button>
    </div>
  );
}

/** Errors show beside their fields, never as a list on top. */
export function ErrorListTemplate() {
  return null;
}
