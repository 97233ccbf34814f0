/**
 * An element's IFC data (fragments' getItemsData with its property sets) as the properties panel lists it: the
 * element's own attributes, then one group per property set, each row a name and a value.
 */
import { categoryLabel } from './model-tree';

export interface PropertyGroup {
  title: string;
  rows: { name: string; value: string }[];
}

type Attribute = { value?: unknown; type?: string };
type ItemData = Record<string, unknown>;

const ATTRIBUTE_NAMES: Record<string, string> = {
  _category: 'IFC 类别',
  _guid: 'GlobalId',
  Name: '名称',
  Description: '描述',
  ObjectType: '对象类型',
  Tag: '标记',
  PredefinedType: '预定义类型',
};

const isAttribute = (value: unknown): value is Attribute =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value;

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return String(Math.round(value * 1000) / 1000);
  return String(value);
};

export function propertyGroups(data: ItemData | undefined): PropertyGroup[] {
  if (!data) return [];
  const own: PropertyGroup = { title: '基本属性', rows: [] };
  for (const [name, attribute] of Object.entries(data)) {
    if (!isAttribute(attribute) || name === '_localId') continue;
    const value =
      name === '_category'
        ? `${text(attribute.value)}（${categoryLabel(text(attribute.value))}）`
        : text(attribute.value);
    if (value) own.rows.push({ name: ATTRIBUTE_NAMES[name] ?? name, value });
  }
  const groups = [own];
  const sets = Array.isArray(data.IsDefinedBy) ? (data.IsDefinedBy as ItemData[]) : [];
  for (const set of sets) {
    const title = isAttribute(set.Name) ? text(set.Name.value) : '属性集';
    const properties = Array.isArray(set.HasProperties) ? (set.HasProperties as ItemData[]) : [];
    const rows = properties.flatMap((property) => {
      const name = isAttribute(property.Name) ? text(property.Name.value) : '';
      const value = isAttribute(property.NominalValue) ? text(property.NominalValue.value) : '';
      return name ? [{ name, value }] : [];
    });
    if (rows.length > 0) groups.push({ title, rows });
  }
  return groups;
}
