import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import { useSyncExternalStore } from 'react';
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  ObjectFieldTemplateProps,
  SubmitButtonProps,
} from '@rjsf/utils';
import { getSubmitButtonOptions } from '@rjsf/utils';
import { widgetContext } from './form-context';

/**
 * Fields in `ui:order`, one under another, or in a grid when the root uiSchema says
 * `"ui:options": { "columns": 2 }`; a field with `"ui:options": { "span": 2 }` takes the whole row.
 * The dialog or page around the form shows the title.
 */
export function ObjectFieldTemplate({
  properties,
  uiSchema,
}: Pick<ObjectFieldTemplateProps, 'properties' | 'uiSchema'>) {
  const columns = Number(uiSchema?.['ui:options']?.columns ?? 1);
  const span = (name: string) => Number(uiSchema?.[name]?.['ui:options']?.span ?? 1);
  if (columns <= 1) {
    return (
      <>{properties.map((property) => (property.hidden ? null : <div key={property.name}>{property.content}</div>))}</>
    );
  }
  return (
    <div className="sf-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {properties.map((property) =>
        property.hidden ? null : (
          <div key={property.name} style={{ gridColumn: `span ${Math.min(span(property.name), columns)}` }}>
            {property.content}
          </div>
        ),
      )}
    </div>
  );
}

/**
 * A list of rows (an array of objects, e.g. a device's 阈值调整): its title and description, the rows one under
 * another, each with 删除, and 添加 under them. Arco's buttons, not rjsf's default (Bootstrap icon buttons that
 * show as empty boxes here).
 */
export function ArrayFieldTemplate({
  title,
  schema,
  items,
  canAdd,
  onAddClick,
  disabled,
  readonly,
}: ArrayFieldTemplateProps) {
  return (
    <fieldset className="sf-array">
      {title ? <legend className="sf-array-title">{title}</legend> : null}
      {schema.description ? <div className="sf-array-description">{schema.description}</div> : null}
      {items}
      {canAdd && !readonly ? (
        <Button type="dashed" long disabled={disabled} onClick={() => onAddClick()}>
          添加一行
        </Button>
      ) : null}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar }: ArrayFieldItemTemplateProps) {
  return (
    <div className="sf-array-item">
      <div className="sf-array-item-fields">{children}</div>
      {hasToolbar && buttonsProps.hasRemove ? (
        <Button
          type="text"
          status="danger"
          disabled={buttonsProps.disabled || buttonsProps.readonly}
          onClick={() => buttonsProps.onRemoveItem()}
        >
          删除
        </Button>
      ) : null}
    </div>
  );
}

const noSubscription = () => () => undefined;

/**
 * False in prerendered HTML and while it hydrates, true once the page's code runs. A disabled submit button
 * stops the browser's own submission (Enter in a field) of a prerendered form, which would put the fields in
 * the address.
 */
function useScriptsRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  const { submitting = false, secondaryAction } = widgetContext(registry.formContext);
  return (
    <FormButtons
      submitText={submitText ?? '提交'}
      submitting={submitting}
      secondaryAction={secondaryAction}
      disabled={Boolean(props?.disabled)}
    />
  );
}

interface FormButtonsProps {
  submitText: string;
  submitting: boolean;
  secondaryAction?: { label: string; onClick: () => void };
  disabled?: boolean;
}

/** The form's submit button (and a second one beside it): also what a form with fields of its host's ends with. */
export function FormButtons({ submitText, submitting, secondaryAction, disabled = false }: FormButtonsProps) {
  const running = useScriptsRunning();
  const submit = (
    <Button
      type="primary"
      htmlType="submit"
      long={!secondaryAction}
      size="large"
      loading={submitting}
      disabled={!running || disabled}
    >
      {submitText}
    </Button>
  );
  if (!secondaryAction) return <div className="sf-actions">{submit}</div>;
  return (
    <div className="sf-actions sf-actions-pair">
      <Button size="large" disabled={submitting} onClick={secondaryAction.onClick}>
        {secondaryAction.label}
      </Button>
      {submit}
    </div>
  );
}

/** Errors show beside their fields, never as a list on top. */
export function ErrorListTemplate() {
  return null;
}
