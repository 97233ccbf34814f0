/**
 * Choices of many: a searchable multi-select (users of a role) and a checkable tree (the menus a role grants),
 * both holding an array of ids, with their options from a server source (`ui:options.source`).
 */
import { Select, Tree } from '@arco-design/web-react';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Tree/style/css.js';
import type { WidgetProps } from '@rjsf/utils';
import type { ChoiceOption } from './form-context';
import { useSourceOptions } from './use-source-options';

const asIds = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export function MultiSelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, placeholder, onChange, rawErrors } = props;
  const { options, loading, failed } = useSourceOptions(props);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      loading={loading}
      notFoundContent={failed ? '选项加载失败，请关闭后重试' : '暂无数据'}
      placeholder={placeholder || '请选择'}
      disabled={disabled || readonly}
      status={rawErrors && rawErrors.length > 0 ? 'error' : undefined}
      value={asIds(value)}
      options={options.map((option) => ({ label: option.label, value: String(option.value) }))}
      onChange={(next: string[]) => onChange(next)}
    />
  );
}

interface TreeData {
  key: string;
  title: string;
  children?: TreeData[];
}

function toTree(options: ChoiceOption[]): TreeData[] {
  return options.map((option) => ({
    key: String(option.value),
    title: option.label,
    ...(option.children ? { children: toTree(option.children) } : {}),
  }));
}

export function TreeCheckWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange } = props;
  const { options, loading, failed } = useSourceOptions(props);
  if (loading) return <span className="sf-widget-loading">加载中…</span>;
  if (failed) return <span className="sf-widget-loading">选项加载失败，请关闭后重试</span>;
  return (
    <div id={id} className="sf-tree-check">
      <Tree
        checkable
        blockNode
        size="small"
        treeData={toTree(options).map((node) => ({ ...node, disabled: disabled || readonly }))}
        checkedKeys={asIds(value)}
        onCheck={(keys) => onChange(keys)}
      />
    </div>
  );
}
