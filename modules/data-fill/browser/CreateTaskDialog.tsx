/**
 * 新建填报任务: a name, the form (a saved form, or a template taken as it is; either may be opened in the designer
 * instead), who fills it (部门, 项目部 or 指定人员, among those the user manages), the period (一次性, 每周, 每月) and
 * the deadline (a date, a weekday, a day of the month). The server checks everything and answers per field.
 */
import { Button, DatePicker, Form, Input, Modal, Radio, Select } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/DatePicker/style/css.js';
import '@arco-design/web-react/es/Form/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import { IconEdit, IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { callApi, useSeams } from '../../../src/engine/module-api';
import {
  type Answer,
  type FieldFault,
  fillApis,
  type FormDefinition,
  type FormTemplate,
  monthDayOptions,
  MsgCodes,
  type Option,
  PERIOD_LABELS,
  type Period,
  type SavedForm,
  TARGET_LABELS,
  type TargetType,
  weekdayOptions,
} from './fill-api';

interface Props {
  /** A form just saved in the designer, chosen at once. */
  chosenForm?: string;
  onClose: () => void;
  onCreated: (taskId: string) => void;
  /** Opens the designer, blank or starting from the chosen form. */
  onDesign: (start?: FormDefinition) => void;
}

interface Draft {
  title: string;
  /** `form:<id>` or `template:<id>`. */
  form: string;
  targetType: TargetType;
  targetIds: string[];
  period: Period;
  due: string;
}

export function CreateTaskDialog({ chosenForm, onClose, onCreated, onDesign }: Props) {
  const seams = useSeams();
  const [forms, setForms] = useState<SavedForm[] | null>(null);
  const [templates, setTemplates] = useState<FormTemplate[]>([]);
  const [targets, setTargets] = useState<Option[]>([]);
  const [draft, setDraft] = useState<Draft>({
    title: '',
    form: chosenForm ? `form:${chosenForm}` : '',
    targetType: 'user',
    targetIds: [],
    period: 'once',
    due: '',
  });
  const [faults, setFaults] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    Promise.all([
      callApi<Answer<SavedForm[]>>(seams, fillApis.forms),
      callApi<Answer<FormTemplate[]>>(seams, fillApis.templates),
    ]).then(
      ([saved, offered]) => {
        setForms(saved.data ?? []);
        setTemplates(offered.data ?? []);
      },
      () => setForms([]),
    );
  }, [seams]);
  useEffect(() => {
    let live = true;
    setTargets([]);
    callApi<Answer<Option[]>>(seams, fillApis.targets, { variables: { type: draft.targetType } }).then(
      (answer) => live && setTargets(answer.data ?? []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [seams, draft.targetType]);

  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setFaults((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key === 'form' ? 'formId' : key];
      return next;
    });
  };
  const chosenDefinition = (): FormDefinition | undefined => {
    const [source, id] = draft.form.split(':');
    if (source === 'form') return forms?.find((form) => form.id === id)?.definition;
    return templates.find((template) => template.id === id)?.definition;
  };

  /** The saved form the task uses: the chosen one, or the chosen template saved as a form first. */
  const formId = async (): Promise<string | undefined> => {
    const [source, id] = draft.form.split(':');
    if (source !== 'template') return id;
    const template = templates.find((each) => each.id === id)!;
    const answer = await callApi<Answer<{ id: string }>>(seams, fillApis.createForm, {
      body: { title: template.title, definition: template.definition },
    });
    return answer.data?.id;
  };

  const submit = async () => {
    setSaving(true);
    try {
      const answer = await callApi<Answer<{ id: string } | { errors?: FieldFault[] }>>(seams, fillApis.createTask, {
        body: {
          title: draft.title.trim(),
          formId: draft.form ? await formId() : '',
          targetType: draft.targetType,
          targetIds: draft.targetIds,
          period: draft.period,
          due: draft.due,
        },
        acceptCodes: [MsgCodes.invalid],
      });
      if (answer.msgCode === 0) {
        seams.notify.success(answer.errMsg);
        onCreated((answer.data as { id: string }).id);
        return;
      }
      const errors = (answer.data as { errors?: FieldFault[] } | undefined)?.errors ?? [];
      setFaults(Object.fromEntries(errors.map((error) => [error.field || 'title', error.message])));
      if (errors.length === 0) seams.notify.error(answer.errMsg);
    } catch {
      // The transport has said why.
    } finally {
      setSaving(false);
    }
  };

  const help = (field: string) =>
    faults[field] ? { validateStatus: 'error' as const, help: faults[field] } : { validateStatus: undefined };
  const chosen = chosenDefinition();

  return (
    <Modal
      visible
      title="新建填报任务"
      style={{ width: 720 }}
      onCancel={onClose}
      unmountOnExit
      maskClosable={false}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            下发任务
          </Button>
        </>
      }
    >
      <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 19 }} data-testid="ldf-create-task">
        <Form.Item label="任务名称" required {...help('title')}>
          <Input
            id="ldf-task-title"
            maxLength={50}
            placeholder="如：3月安全生产情况统计"
            value={draft.title}
            onChange={(title) => set({ title })}
          />
        </Form.Item>
        <Form.Item label="填报表单" required {...help('formId')}>
          <div className="ldf-inline">
            <Select
              id="ldf-task-form"
              placeholder={forms ? '请选择表单或表单模板' : '正在读取表单…'}
              loading={!forms}
              showSearch
              value={draft.form || undefined}
              onChange={(form: string) => set({ form })}
            >
              <Select.OptGroup label="已保存的表单">
                {(forms ?? []).map((form) => (
                  <Select.Option key={`form:${form.id}`} value={`form:${form.id}`}>
                    {form.title}
                  </Select.Option>
                ))}
              </Select.OptGroup>
              <Select.OptGroup label="表单模板">
                {templates.map((template) => (
                  <Select.Option key={`template:${template.id}`} value={`template:${template.id}`}>
                    {`${template.title}（模板）`}
                  </Select.Option>
                ))}
              </Select.OptGroup>
            </Select>
            {chosen ? (
              <Button icon={<IconEdit />} onClick={() => onDesign(chosen)}>
                以此为底稿设计
              </Button>
            ) : (
              <Button icon={<IconPlus />} onClick={() => onDesign()}>
                设计新表单
              </Button>
            )}
          </div>
        </Form.Item>
        <Form.Item label="填报对象" required {...help('targetType')}>
          <Radio.Group
            type="button"
            value={draft.targetType}
            onChange={(targetType: TargetType) => set({ targetType, targetIds: [] })}
          >
            {(Object.keys(TARGET_LABELS) as TargetType[]).map((type) => (
              <Radio key={type} value={type}>
                {TARGET_LABELS[type]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={TARGET_LABELS[draft.targetType]} required {...help('targetIds')}>
          <Select
            id="ldf-task-targets"
            mode="multiple"
            showSearch
            allowClear
            maxTagCount={6}
            placeholder={`请选择${TARGET_LABELS[draft.targetType]}`}
            options={targets}
            filterOption={(input, option) =>
              String((option.props as { children?: unknown }).children ?? '').includes(input)
            }
            value={draft.targetIds}
            onChange={(targetIds: string[]) => set({ targetIds })}
          />
        </Form.Item>
        <Form.Item label="填报周期" required {...help('period')}>
          <Radio.Group value={draft.period} onChange={(period: Period) => set({ period, due: '' })}>
            {(Object.keys(PERIOD_LABELS) as Period[]).map((period) => (
              <Radio key={period} value={period}>
                {PERIOD_LABELS[period]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label="截止日期" required {...help('due')}>
          {draft.period === 'once' ? (
            <DatePicker
              className="ldf-task-due"
              style={{ width: 220 }}
              value={draft.due || undefined}
              onChange={(due: string) => set({ due: due ?? '' })}
            />
          ) : (
            <Select
              id="ldf-task-due"
              style={{ width: 220 }}
              placeholder={draft.period === 'weekly' ? '每周截止的星期' : '每月截止日'}
              options={draft.period === 'weekly' ? weekdayOptions : monthDayOptions}
              value={draft.due || undefined}
              onChange={(due: string) => set({ due })}
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
