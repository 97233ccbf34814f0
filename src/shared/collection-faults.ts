/**
 * What a meta-schema cannot see in a collection file: names that must point at something that exists. Every
 * fault names its JSON pointer, for `schemas:check` and for the server, which refuses to start on a faulty file.
 */
import { isStoredComputed, type CollectionFile } from './collections.js';

export interface CollectionFault {
  pointer: string;
  message: string;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Faults of one collection file; `collectionIds` are the collections the portal has (for references). */
export function collectionFaults(file: CollectionFile, collectionIds: ReadonlySet<string>): CollectionFault[] {
  const faults: CollectionFault[] = [];
  const own = new Set(Object.keys(file.schema.properties));
  const stored = new Set([
    ...own,
    ...Object.entries(file.computed ?? {})
      .filter(([, field]) => isStoredComputed(field))
      .map(([name]) => name),
  ]);
  const fieldAt = (names: readonly string[] | undefined, pointer: string, among: ReadonlySet<string> = own) =>
    (names ?? []).forEach((name, index) => {
      if (!among.has(name)) faults.push({ pointer: `${pointer}/${index}`, message: `字段 "${name}" 不存在` });
    });

  for (const name of file.schema.required ?? [])
    if (!own.has(name)) faults.push({ pointer: '/schema/required', message: `必填字段 "${name}" 不存在` });
  (file.unique ?? []).forEach((rule, index) => fieldAt(rule.fields, `/unique/${index}/fields`));
  (file.indexes ?? []).forEach((fields, index) => fieldAt(fields, `/indexes/${index}`, stored));
  fieldAt(file.importFields, '/importFields');

  for (const [field, reference] of Object.entries(file.references ?? {})) {
    const pointer = `/references/${escape(field)}`;
    if (!stored.has(field)) faults.push({ pointer, message: `引用字段 "${field}" 不存在` });
    if ('collection' in reference && !collectionIds.has(reference.collection))
      faults.push({ pointer: `${pointer}/collection`, message: `引用了不存在的集合 "${reference.collection}"` });
  }
  for (const field of Object.keys(file.files ?? {}))
    if (!own.has(field)) faults.push({ pointer: `/files/${escape(field)}`, message: `文件字段 "${field}" 不存在` });
  for (const field of Object.keys(file.filters ?? {}))
    if (!stored.has(field))
      faults.push({ pointer: `/filters/${escape(field)}`, message: `筛选字段 "${field}" 不存在或不保存` });
  const sortField = file.sort?.replace(/^-/, '');
  if (sortField && !stored.has(sortField) && sortField !== 'createdAt' && sortField !== 'updatedAt')
    faults.push({ pointer: '/sort', message: `排序字段 "${sortField}" 不存在` });

  // The fields a computed field may read besides its `from`: the record's own, and computed ones declared before
  // it (they are computed first, in declaration order).
  const earlier = new Set(own);
  const source = (name: string, pointer: string) => {
    if (!earlier.has(name)) faults.push({ pointer, message: `计算字段依据的字段 "${name}" 不存在` });
  };
  for (const [name, field] of Object.entries(file.computed ?? {})) {
    const pointer = `/computed/${escape(name)}`;
    if (own.has(name)) faults.push({ pointer, message: `计算字段 "${name}" 与表单字段同名` });
    if (field.op === 'limits')
      field.checks.forEach((check, index) => {
        source(check.field, `${pointer}/checks/${index}/field`);
        if (check.when) source(check.when.field, `${pointer}/checks/${index}/when/field`);
      });
    else if (field.op === 'cylinderVolume' || field.op === 'ratio') source(field.from, `${pointer}/from`);
    else if (!own.has(field.from) && !stored.has(field.from))
      faults.push({ pointer: `${pointer}/from`, message: `计算字段依据的字段 "${field.from}" 不存在` });
    if (field.op === 'cylinderVolume')
      field.length.forEach((length, index) => source(length, `${pointer}/length/${index}`));
    if (field.op === 'ratio') source(field.over, `${pointer}/over`);
    if (field.op === 'hoursBetween' && !own.has(field.to))
      faults.push({ pointer: `${pointer}/to`, message: `计算字段依据的字段 "${field.to}" 不存在` });
    if (field.op === 'difference')
      field.subtract.forEach((subtrahend, index) => {
        if (!own.has(subtrahend))
          faults.push({
            pointer: `${pointer}/subtract/${index}`,
            message: `计算字段依据的字段 "${subtrahend}" 不存在`,
          });
      });
    if (field.op === 'lookup') {
      const reference = file.references?.[field.from];
      if (!reference || !('collection' in reference))
        faults.push({ pointer: `${pointer}/from`, message: `字段 "${field.from}" 必须引用另一个集合` });
    }
    if (isStoredComputed(field)) earlier.add(name);
  }

  const flow = file.status;
  if (flow) {
    const states = new Set(Object.keys(flow.states));
    if (!own.has(flow.field)) faults.push({ pointer: '/status/field', message: `状态字段 "${flow.field}" 不存在` });
    if (!states.has(flow.initial))
      faults.push({ pointer: '/status/initial', message: `初始状态 "${flow.initial}" 未在 states 中声明` });
    const ids = new Set<string>();
    flow.transitions.forEach((step, index) => {
      const pointer = `/status/transitions/${index}`;
      if (ids.has(step.id)) faults.push({ pointer: `${pointer}/id`, message: `操作 "${step.id}" 重复` });
      ids.add(step.id);
      step.from.forEach((state, i) => {
        if (!states.has(state))
          faults.push({ pointer: `${pointer}/from/${i}`, message: `状态 "${state}" 未在 states 中声明` });
      });
      if (!states.has(step.to))
        faults.push({ pointer: `${pointer}/to`, message: `状态 "${step.to}" 未在 states 中声明` });
      if (step.actorField) {
        const reference = file.references?.[step.actorField];
        if (!reference || !('to' in reference) || reference.to !== 'user')
          faults.push({ pointer: `${pointer}/actorField`, message: `执行人字段 "${step.actorField}" 必须引用用户` });
      }
      fieldAt(step.requires, `${pointer}/requires`);
      fieldAt(step.sets, `${pointer}/sets`);
    });
  }
  return faults;
}
