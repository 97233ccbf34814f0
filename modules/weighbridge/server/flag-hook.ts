/**
 * Each write of a weighing judges it again (flags.ts: 皮重异常, 频繁过磅, 出场超载) against the same truck's other
 * weighings on the site, and settles a material sold by volume in m³ (商品混凝土: 方量 = 净重 ÷ 表观密度, the mix's
 * declared density or the material's default). Written into the record's own columns inside the write's
 * transaction, so the answer of the call already carries them; what a caller sent for them is replaced.
 */
import { sql } from 'kysely';
import { fieldColumn, type CollectionRecords } from '../../../src/server/module-api.js';
import { volumeOf, weighingFlags, type FlagSettings, type WeighingFacts } from './flags.js';

/** How far back a truck's weighings are read for its usual tare and its last weighing. */
const HISTORY_DAYS = 60;
const HISTORY_ROWS = 40;

const numberOr = (value: unknown): number | null =>
  value === null || value === undefined || value === '' || !Number.isFinite(Number(value)) ? null : Number(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function flagWeighings(
  records: CollectionRecords,
  settings: FlagSettings,
  densities: ReadonlyMap<string, number>,
): void {
  const column = (field: string) => sql.ref(fieldColumn(field));
  records.onWrite(async (write) => {
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const record = await write.records(records.file.id).get(write.id);
    const gross = numberOr(record.grossWeight);
    const tare = numberOr(record.tareWeight);
    const day = text(record.weighDate);
    let flags = {
      cheatFlags: null as string | null,
      cheatIssue: null as string | null,
      usualTare: null as number | null,
    };
    if (record.state === 'complete' && gross !== null && tare !== null && day !== null) {
      const from = new Date(Date.parse(`${day}T00:00:00Z`) - HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
      const past = await sql<{
        weigh_date: string | Date;
        gross_weight: number;
        tare_weight: number;
        gross_time: string | null;
        tare_time: string | null;
      }>`
        select ${column('weighDate')} as weigh_date, ${column('grossWeight')} as gross_weight,
          ${column('tareWeight')} as tare_weight, ${column('grossTime')} as gross_time, ${column('tareTime')} as tare_time
        from ${sql.table(records.table)}
        where project_id = ${write.projectId} and ${column('plateNo')} = ${String(record.plateNo)} and id <> ${write.id}
          and ${column('state')} = 'complete' and ${column('tareWeight')} is not null
          and ${column('weighDate')} between ${from}::date and ${day}::date
        order by ${column('weighDate')} desc, created_at desc limit ${HISTORY_ROWS}`.execute(write.db);
      const history: WeighingFacts[] = past.rows.map((row) => ({
        weighDate: row.weigh_date instanceof Date ? row.weigh_date.toISOString().slice(0, 10) : String(row.weigh_date),
        grossWeight: Number(row.gross_weight),
        tareWeight: Number(row.tare_weight),
        grossTime: row.gross_time,
        tareTime: row.tare_time,
      }));
      flags = weighingFlags(
        {
          weighDate: day,
          direction: text(record.direction) ?? undefined,
          axles: numberOr(record.axles),
          grossWeight: gross,
          tareWeight: tare,
          grossTime: text(record.grossTime),
          tareTime: text(record.tareTime),
        },
        history,
        settings,
      );
    }
    const density = numberOr(record.density) ?? densities.get(String(record.material ?? '')) ?? null;
    const net = numberOr(record.netWeight);
    const volume = density !== null && net !== null ? volumeOf(net, density) : null;
    await sql`update ${sql.table(records.table)} set
        ${column('cheatFlags')} = ${flags.cheatFlags}, ${column('cheatIssue')} = ${flags.cheatIssue},
        ${column('usualTare')} = ${flags.usualTare}, ${column('density')} = ${density},
        ${column('netVolume')} = ${volume}
      where id = ${write.id}`.execute(write.db);
  });
}
