/**
 * A form's values, read-only, labelled and ordered by the form's own schema and uiSchema (an approval shows the
 * starter's form this way): a choice shows its title, a yes/no 是/否, a number with digit grouping, pictures as
 * pictures, attachments as their list with preview. Only the schema's top-level fields are shown, in `ui:order`.
 */
import type { ReactNode } from 'react';
import { attachmentUrls } from '../../../widgets/attachments/attachment-address';
import { AttachmentList } from '../../../widgets/attachments/AttachmentList';

type Node = Record<string, unknown>;

interface FormValuesProps {
  schema: Node;
  uiSchema?: Node;
  values: Record<string, unknown>;
  /** The words for ids the values hold (a referenced record's label), shown instead of them. */
  labels?: Record<string, string>;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The top-level fields in `ui:order` (a `*` stands for the rest, in schema order). */
function fieldOrder(properties: Node, uiSchema: Node | undefined): string[] {
  const names = Object.keys(properties);
  const order = Array.isArray(uiSchema?.['ui:order']) ? (uiSchema['ui:order'] as string[]) : [];
  const listed = order.filter((name) => name !== '*' && names.includes(name));
  const rest = names.filter((name) => !listed.includes(name));
  const star = order.indexOf('*');
  return star === -1 ? [...listed, ...rest] : [...listed.slice(0, star), ...rest, ...listed.slice(star)];
}

/** A choice's title: `oneOf: [{const, title}]`, or `enum` with `ui:enumNames`. */
function choiceTitle(schema: Node, ui: Node | undefined, value: unknown): string | undefined {
  if (Array.isArray(schema.oneOf)) {
    const option = (schema.oneOf as Node[]).find((item) => isNode(item) && item.const === value);
    if (option && typeof option.title === 'string') return option.title;
  }
  const names = ui?.['ui:enumNames'];
  if (Array.isArray(schema.enum) && Array.isArray(names)) {
    const index = (schema.enum as unknown[]).indexOf(value);
    if (index >= 0 && typeof names[index] === 'string') return names[index] as string;
  }
  return undefined;
}

function shown(schema: Node, ui: Node | undefined, value: unknown): ReactNode {
  if (value === undefined || value === null || value === '') return '—';
  const widget = ui?.['ui:widget'];
  if (widget === 'attachments')
    return <AttachmentList urls={attachmentUrls(value)} label={String(schema.title ?? '')} empty="—" />;
  if (widget === 'image' || widget === 'images') {
    const urls = (Array.isArray(value) ? value : [value]).filter((url): url is string => typeof url === 'string');
    if (urls.length === 0) return '—';
    return (
      <span className="form-values-photos">
        {urls.map((url) => (
          <a key={url} href={url} target="_blank" rel="noreferrer">
            <img src={url} alt={String(schema.title ?? '')} />
          </a>
        ))}
      </span>
    );
  }
  if (Array.isArray(value)) {
    const items = isNode(schema.items) ? schema.items : {};
    return value.map((item) => choiceTitle(items, undefined, item) ?? String(item)).join('、') || '—';
  }
  const title = choiceTitle(schema, ui, value);
  if (title) return title;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return value.toLocaleString('zh-CN');
  return String(value);
}

export function FormValues({ schema, uiSchema, values, labels = {} }: FormValuesProps) {
  const properties = isNode(schema.properties) ? schema.properties : {};
  const fields = fieldOrder(properties, uiSchema);
  return (
    <dl className="form-values" data-testid="form-values">
      {fields.map((name) => {
        const field = isNode(properties[name]) ? (properties[name] as Node) : {};
        const ui = isNode(uiSchema?.[name]) ? (uiSchema[name] as Node) : undefined;
        const wide = ['textarea', 'images', 'attachments'].includes(String(ui?.['ui:widget']));
        return (
          <div key={name} className={wide ? 'form-values-wide' : undefined}>
            <dt>{typeof field.title === 'string' ? field.title : name}</dt>
            <dd>{labels[name] ?? shown(field, ui, values[name])}</dd>
          </div>
        );
      })}
    </dl>
  );
}
