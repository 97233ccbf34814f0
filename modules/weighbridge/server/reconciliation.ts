/**
 * 供货对账: what the suppliers delivered against what the project ordered, by supplier, material and month. The
 * delivered quantity is the sum of the net weights of the completed incoming weighings (进场) of that supplier and
 * material in that month, in the order's unit: tonnes, or m³ for a material settled by volume (商品混凝土: each
 * weighing's 方量, net ÷ its declared density). 欠量 = ordered − delivered (negative: delivered beyond the order).
 * A delivery without an order shows with 0 ordered, an order without deliveries with 0 delivered, so nothing the
 * clerk must settle is missing from the sheet. The list page reads it as any list, and its Excel export with it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  fieldColumn,
  ok,
  security,
  envelope,
  type CollectionRecords,
  type Db,
  type RecordAccess,
} from '../../../src/server/module-api.js';

export interface ReconciliationRow {
  id: string;
  supplier: string;
  material: string;
  materialLabel: string;
  period: string;
  unit: 't' | 'm3';
  unitLabel: string;
  orderNos: string;
  ordered: number;
  delivered: number;
  shortfall: number;
  /** delivered / ordered in % (null without an order). */
  rate: number | null;
  vehicles: number;
  /** 欠量 when short, for the red mark of the list. */
  short: string | null;
}

const UNIT_LABEL = { t: 't', m3: 'm³' } as const;
const round2 = (value: number) => Math.round(value * 100) / 100;
const keyOf = (supplier: string, material: string, period: string) => `${period}|${supplier}|${material}`;

export async function reconcile(
  db: Db,
  records: CollectionRecords,
  orders: CollectionRecords,
  projectId: string,
  filter: { period?: string; supplier?: string; material?: string },
  volumeMaterials: ReadonlySet<string>,
  labels: ReadonlyMap<string, string>,
): Promise<ReconciliationRow[]> {
  const column = (field: string) => sql.ref(fieldColumn(field));
  const orderRows = await orders.all(
    projectId,
    Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')),
    10_000,
  );
  const month = sql`to_char(${column('weighDate')}, 'YYYY-MM')`;
  const delivered = await sql<{
    supplier: string;
    material: string;
    period: string;
    tonnes: string | number | null;
    volume: string | number | null;
    vehicles: string | number;
  }>`select coalesce(${column('supplier')}, '') as supplier, ${column('material')} as material, ${month} as period,
      sum(${column('netWeight')}) as tonnes, sum(${column('netVolume')}) as volume, count(*) as vehicles
    from ${sql.table(records.table)}
    where project_id = ${projectId} and ${column('direction')} = 'in' and ${column('state')} = 'complete'
      ${filter.period ? sql`and ${month} = ${filter.period}` : sql``}
      ${filter.supplier ? sql`and ${column('supplier')} like ${`%${filter.supplier}%`}` : sql``}
      ${filter.material ? sql`and ${column('material')} = ${filter.material}` : sql``}
    group by 1, 2, 3`.execute(db);

  const rows = new Map<string, ReconciliationRow>();
  const rowOf = (supplier: string, material: string, period: string, unit: 't' | 'm3') => {
    const key = keyOf(supplier, material, period);
    let row = rows.get(key);
    if (!row) {
      row = {
        id: key,
        supplier,
        material,
        materialLabel: labels.get(material) ?? material,
        period,
        unit,
        unitLabel: UNIT_LABEL[unit],
        orderNos: '',
        ordered: 0,
        delivered: 0,
        shortfall: 0,
        rate: null,
        vehicles: 0,
        short: null,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const order of orderRows) {
    const unit = order.unit === 'm3' ? 'm3' : 't';
    const row = rowOf(String(order.supplier), String(order.material), String(order.period), unit);
    row.ordered += Number(order.quantity ?? 0);
    row.orderNos = [...row.orderNos.split('、'), String(order.orderNo ?? '')].filter(Boolean).sort().join('、');
    if (typeof order.materialLabel === 'string') row.materialLabel = order.materialLabel;
  }
  for (const found of delivered.rows) {
    const existing = rows.get(keyOf(found.supplier, found.material, found.period));
    const unit = existing?.unit ?? (volumeMaterials.has(found.material) ? 'm3' : 't');
    const row = existing ?? rowOf(found.supplier, found.material, found.period, unit);
    row.delivered += Number((unit === 'm3' ? found.volume : found.tonnes) ?? 0);
    row.vehicles += Number(found.vehicles);
  }
  for (const row of rows.values()) {
    row.ordered = round2(row.ordered);
    row.delivered = round2(row.delivered);
    row.shortfall = round2(row.ordered - row.delivered);
    row.rate = row.ordered > 0 ? Math.round((row.delivered / row.ordered) * 1000) / 10 : null;
    row.short = row.shortfall > 0 ? `欠 ${row.shortfall} ${row.unitLabel}` : null;
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.period.localeCompare(a.period) ||
      a.supplier.localeCompare(b.supplier, 'zh-CN') ||
      a.material.localeCompare(b.material),
  );
}

const PERIOD = '^\\d{4}-(0[1-9]|1[0-2])$';

export function reconciliationRoutes(
  app: FastifyInstance,
  options: {
    records: CollectionRecords;
    orders: CollectionRecords;
    access: RecordAccess;
    volumeMaterials: ReadonlySet<string>;
    labels: ReadonlyMap<string, string>;
  },
): void {
  const { records, orders, access, volumeMaterials, labels } = options;
  app.get(
    '/api/weighbridge/v1.0/reconciliation',
    {
      config: { auth: 'user', permission: 'weighbridge:record:view' },
      schema: {
        tags: ['weighbridge'],
        summary: 'Deliveries against purchase orders, by supplier, material and month (供货对账)',
        description:
          'data: {dataList, total}: a row per supplier, material and month (YYYY-MM) of the orders and of the ' +
          'completed incoming weighings: ordered (the orders’ sum), delivered (net tonnes, or m³ for a material ' +
          'settled by volume: 商品混凝土), shortfall = ordered − delivered, rate (%), vehicles. Filters: period, ' +
          'supplier (part of the name), material.',
        security,
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: {
            projectId: { type: 'string', minLength: 1, maxLength: 64 },
            period: { type: 'string', pattern: PERIOD },
            supplier: { type: 'string', maxLength: 60 },
            material: { type: 'string', maxLength: 30 },
            pageNo: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 10_000, default: 10 },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                dataList: { type: 'array', items: { type: 'object', additionalProperties: true } },
                total: { type: 'integer' },
              },
            },
          }),
        },
      },
    },
    async (
      request: FastifyRequest<{
        Querystring: {
          projectId: string;
          period?: string;
          supplier?: string;
          material?: string;
          pageNo: number;
          pageSize: number;
        };
      }>,
    ) => {
      const { projectId, period, supplier, material, pageNo, pageSize } = request.query;
      await access.checkProject(request, projectId);
      const all = await reconcile(
        app.services.db,
        records,
        orders,
        projectId,
        { period, supplier, material },
        volumeMaterials,
        labels,
      );
      return ok('', { dataList: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length });
    },
  );
}
