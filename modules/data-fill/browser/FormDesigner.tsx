/**
 * The form designer: fields from a palette (单行文本, 多行文本, 数字, 日期, 下拉选择, 是/否), each with its rules
 * (必填, 最多字数, 格式 as a regular expression, 最小值, 最大值, the choices of a select) and the Chinese message of each
 * rule; a live preview drawn as fillers will see it; 保存 sends the form schema file to the server, which checks it
 * with the form meta-schema (and a message for every rule, rules that compile) and answers its faults in Chinese,
 * shown here above the fields.
 */
import { Alert, Button, Input, InputNumber, InputTag, Switch, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Alert/style/css.js';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/InputNumber/style/css.js';
import '@arco-design/web-react/es/InputTag/style/css.js';
import '@arco-design/web-react/es/Switch/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { IconArrowDown, IconArrowUp, IconDelete, IconLeft, IconPlus } from '@arco-design/web-react/icon';
import { type ReactNode, useMemo, useState } from 'react';
import { callApi, ServerCheckedForm, useSeams } from '../../../src/engine/module-api';
import {
  designedFormId,
  type DesignField,
  fromDefinition,
  newField,
  PALETTE,
  toDefinition,
  updateField,
} from './designer-model';
import { type Answer, type FieldFault, fillApis, type FormDefinition, MsgCodes } from './fill-api';

interface Props {
  /** A template or saved form to start from (its fields are copied; the saved form is a new one). */
  start?: FormDefinition;
  onSaved: (form: { id: string; title: string }) => void;
  onCancel: () => void;
}

const KIND_LABELS = Object.fromEntries(PALETTE.map((entry) => [entry.kind, entry.label]));

export function FormDesigner({ start, onSaved, onCancel }: Props) {
  const seams = useSeams();
  const [title, setTitle] = useState(start?.title ?? '');
  const [fields, setFields] = useState<DesignField[]>(() => (start ? fromDefinition(start) : []));
  const [selected, setSelected] = useState<string | null>(() => fields[0]?.key ?? null);
  const [preview, setPreview] = useState<Record<string, unknown>>({});
  const [faults, setFaults] = useState<{ message: string; errors: FieldFault[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const [id] = useState(designedFormId);
  const definition = useMemo(() => toDefinition(id, title, fields), [id, title, fields]);
  const current = fields.find((field) => field.key === selected);

  const add = (kind: DesignField['kind']) => {
    const field = newField(kind, fields);
    setFields([...fields, field]);
    setSelected(field.key);
  };
  const change = (patch: Partial<DesignField>) =>
    setFields((all) => all.map((field) => (field.key === selected ? updateField(field, patch) : field)));
  const move = (key: string, by: -1 | 1) =>
    setFields((all) => {
      const index = all.findIndex((field) => field.key === key);
      const next = [...all];
      const [moved] = next.splice(index, 1);
      next.splice(Math.max(0, Math.min(all.length - 1, index + by)), 0, moved!);
      return next;
    });
  const remove = (key: string) => {
    setFields((all) => all.filter((field) => field.key !== key));
    if (selected === key) setSelected(null);
  };

  const save = async () => {
    setSaving(true);
    try {
      const answer = await callApi<Answer<{ id: string } | { errors?: FieldFault[] }>>(seams, fillApis.createForm, {
        body: { title: title.trim(), definition },
        acceptCodes: [MsgCodes.invalid],
      });
      if (answer.msgCode === 0) {
        setFaults(null);
        seams.notify.success(answer.errMsg || '表单已保存');
        onSaved({ id: (answer.data as { id: string }).id, title: title.trim() });
      } else {
        setFaults({ message: answer.errMsg, errors: (answer.data as { errors?: FieldFault[] })?.errors ?? [] });
      }
    } catch {
      // The transport has said why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ldf-designer" data-testid="ldf-designer">
      <div className="ldf-bar">
        <div className="ldf-heading">
          <Button icon={<IconLeft />} onClick={onCancel}>
            返回
          </Button>
          <h3 className="ldf-title">表单设计</h3>
          <Input
            id="ldf-form-title"
            className="ldf-designer-title"
            placeholder="请输入表单名称"
            maxLength={50}
            value={title}
            onChange={setTitle}
            aria-label="表单名称"
          />
        </div>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存表单
        </Button>
      </div>
      {faults && (
        <Alert
          type="error"
          className="ldf-alert"
          data-testid="ldf-designer-faults"
          title={faults.message}
          content={
            faults.errors.length > 1 ? (
              <ul className="ldf-faults">
                {faults.errors.map((error) => (
                  <li key={`${error.field}${error.message}`}>{error.message}</li>
                ))}
              </ul>
            ) : undefined
          }
          closable
          onClose={() => setFaults(null)}
        />
      )}
      <div className="ldf-designer-body">
        <section className="ldf-designer-column ldf-designer-fields" aria-label="字段">
          <h4>添加字段</h4>
          <div className="ldf-palette">
            {PALETTE.map((entry) => (
              <Button key={entry.kind} size="small" icon={<IconPlus />} onClick={() => add(entry.kind)}>
                {entry.label}
              </Button>
            ))}
          </div>
          <h4>表单字段（{fields.length}）</h4>
          {fields.length === 0 ? (
            <div className="ldf-empty">从上方添加字段</div>
          ) : (
            <ol className="ldf-field-list">
              {fields.map((field, index) => (
                <li
                  key={field.key}
                  className={field.key === selected ? 'is-selected' : undefined}
                  data-testid={`ldf-field-${field.key}`}
                >
                  <button type="button" className="ldf-field-name" onClick={() => setSelected(field.key)}>
                    <span title={field.label}>{field.label}</span>
                    <Tag size="small">{KIND_LABELS[field.kind]}</Tag>
                    {field.required && (
                      <Tag size="small" color="red">
                        必填
                      </Tag>
                    )}
                  </button>
                  <span className="ldf-field-tools">
                    <Button
                      size="mini"
                      type="text"
                      icon={<IconArrowUp />}
                      aria-label="上移"
                      disabled={index === 0}
                      onClick={() => move(field.key, -1)}
                    />
                    <Button
                      size="mini"
                      type="text"
                      icon={<IconArrowDown />}
                      aria-label="下移"
                      disabled={index === fields.length - 1}
                      onClick={() => move(field.key, 1)}
                    />
                    <Button
                      size="mini"
                      type="text"
                      status="danger"
                      icon={<IconDelete />}
                      aria-label="删除字段"
                      onClick={() => remove(field.key)}
                    />
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="ldf-designer-column ldf-designer-props" aria-label="字段设置">
          <h4>字段设置</h4>
          {current ? (
            <FieldEditor field={current} onChange={change} />
          ) : (
            <div className="ldf-empty">选择一个字段以设置</div>
          )}
        </section>
        <section className="ldf-designer-column ldf-designer-preview" aria-label="预览" data-testid="ldf-preview">
          <h4>预览（填报人看到的表单）</h4>
          {fields.length === 0 ? (
            <div className="ldf-empty">暂无字段</div>
          ) : (
            <ServerCheckedForm
              id="ldf-preview"
              schema={definition.schema}
              uiSchema={definition.uiSchema}
              value={preview}
              onChange={setPreview}
            >
              <></>
            </ServerCheckedForm>
          )}
        </section>
      </div>
    </div>
  );
}

function Row({ label, children, htmlFor }: { label: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="ldf-prop">
      <label htmlFor={htmlFor}>{label}</label>
      <div className="ldf-prop-control">{children}</div>
    </div>
  );
}

/** The settings of one field: its label, rules and the message of each rule. */
function FieldEditor({ field, onChange }: { field: DesignField; onChange: (patch: Partial<DesignField>) => void }) {
  const text = field.kind === 'text' || field.kind === 'textarea';
  const optionalNumber = (value: number | undefined | null) =>
    value === undefined || value === null || Number.isNaN(value) ? undefined : value;
  return (
    <div className="ldf-props" data-testid="ldf-field-editor">
      <Row label="字段名称" htmlFor="ldf-prop-label">
        <Input id="ldf-prop-label" maxLength={30} value={field.label} onChange={(label) => onChange({ label })} />
      </Row>
      <Row label="必填" htmlFor="ldf-prop-required">
        <Switch id="ldf-prop-required" checked={field.required} onChange={(required) => onChange({ required })} />
      </Row>
      {field.required && (
        <Row label="必填提示" htmlFor="ldf-prop-required-message">
          <Input
            id="ldf-prop-required-message"
            value={field.requiredMessage}
            onChange={(requiredMessage) => onChange({ requiredMessage })}
          />
        </Row>
      )}
      {text && (
        <>
          <Row label="最多字数" htmlFor="ldf-prop-max-length">
            <InputNumber
              id="ldf-prop-max-length"
              min={1}
              max={5000}
              precision={0}
              placeholder="不限"
              value={field.maxLength}
              onChange={(value) => onChange({ maxLength: optionalNumber(value) })}
            />
          </Row>
          {field.maxLength !== undefined && (
            <Row label="字数提示" htmlFor="ldf-prop-max-length-message">
              <Input
                id="ldf-prop-max-length-message"
                value={field.maxLengthMessage}
                onChange={(maxLengthMessage) => onChange({ maxLengthMessage })}
              />
            </Row>
          )}
          <Row label="格式（正则）" htmlFor="ldf-prop-pattern">
            <Input
              id="ldf-prop-pattern"
              placeholder="如 ^1[3-9]\d{9}$，留空不限"
              value={field.pattern}
              onChange={(pattern) => onChange({ pattern })}
            />
          </Row>
          {field.pattern && (
            <Row label="格式提示" htmlFor="ldf-prop-pattern-message">
              <Input
                id="ldf-prop-pattern-message"
                value={field.patternMessage}
                onChange={(patternMessage) => onChange({ patternMessage })}
              />
            </Row>
          )}
        </>
      )}
      {field.kind === 'number' && (
        <>
          <Row label="最小值" htmlFor="ldf-prop-minimum">
            <InputNumber
              id="ldf-prop-minimum"
              placeholder="不限"
              value={field.minimum}
              onChange={(value) => onChange({ minimum: optionalNumber(value) })}
            />
          </Row>
          {field.minimum !== undefined && (
            <Row label="最小值提示" htmlFor="ldf-prop-minimum-message">
              <Input
                id="ldf-prop-minimum-message"
                value={field.minimumMessage}
                onChange={(minimumMessage) => onChange({ minimumMessage })}
              />
            </Row>
          )}
          <Row label="最大值" htmlFor="ldf-prop-maximum">
            <InputNumber
              id="ldf-prop-maximum"
              placeholder="不限"
              value={field.maximum}
              onChange={(value) => onChange({ maximum: optionalNumber(value) })}
            />
          </Row>
          {field.maximum !== undefined && (
            <Row label="最大值提示" htmlFor="ldf-prop-maximum-message">
              <Input
                id="ldf-prop-maximum-message"
                value={field.maximumMessage}
                onChange={(maximumMessage) => onChange({ maximumMessage })}
              />
            </Row>
          )}
        </>
      )}
      {field.kind === 'select' && (
        <Row label="选项">
          <InputTag
            className="ldf-prop-options"
            saveOnBlur
            placeholder="输入选项后回车"
            value={field.options}
            onChange={(options: string[]) => onChange({ options: [...new Set(options.map((each) => each.trim()))] })}
          />
        </Row>
      )}
    </div>
  );
}
