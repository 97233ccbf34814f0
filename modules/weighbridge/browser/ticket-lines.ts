/** The texts of a printed 磅单 from a weighing as the data API reads it (labels and computed fields included). */
export interface Weighing {
  id: string;
  [field: string]: unknown;
}

export interface TicketCell {
  label: string;
  value: string;
  /** How many label/value pairs of the row it takes (the row has three). */
  span?: number;
  strong?: boolean;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const tonnes = (value: unknown) => (typeof value === 'number' ? `${value.toFixed(2)} t` : '');
const at = (weight: unknown, clock: unknown) => [tonnes(weight), text(clock)].filter(Boolean).join('　');

export function ticketLines(weighing: Weighing): {
  ticketNo: string;
  rows: TicketCell[][];
  flags: string;
  correction: string;
  operator: string;
} {
  const w = weighing;
  const volume =
    typeof w.netVolume === 'number' ? `${w.netVolume.toFixed(2)} m³（表观密度 ${text(w.density)} t/m³）` : '';
  const corrected = typeof w.originalGrossWeight === 'number';
  return {
    ticketNo: text(w.ticketNo),
    rows: [
      [
        { label: '车牌号', value: text(w.plateNo), strong: true },
        { label: '过磅日期', value: text(w.weighDate) },
        { label: '方向', value: text(w.directionLabel) },
      ],
      [
        { label: '货物', value: text(w.materialLabel ?? w.material) },
        { label: '车型', value: text(w.axlesLabel) },
        { label: '地磅', value: text(w.deviceIdLabel) },
      ],
      [
        { label: '供货单位', value: text(w.supplier) },
        { label: '收货单位', value: text(w.receiver), span: 2 },
      ],
      [
        { label: '毛重', value: at(w.grossWeight, w.grossTime), strong: true },
        { label: '皮重', value: at(w.tareWeight, w.tareTime), strong: true },
        { label: '净重', value: tonnes(w.netWeight), strong: true },
      ],
      [
        { label: '扣重', value: tonnes(w.deduction) },
        { label: '结算重量', value: tonnes(w.settledWeight) },
        { label: '方量', value: volume },
      ],
      [
        { label: '送货单号', value: text(w.deliveryNoteNo) },
        { label: '送货单重', value: tonnes(w.deliveryNoteWeight) },
        { label: '磅差', value: w.deviationIssue ? `${tonnes(w.noteDeviation)}（超差）` : tonnes(w.noteDeviation) },
      ],
    ],
    flags: text(w.cheatIssue),
    correction: corrected
      ? `本单重量经磅单更正申请审批更正：原始毛重 ${tonnes(w.originalGrossWeight)}、原始皮重 ${tonnes(
          w.originalTareWeight,
        )}、原始净重 ${tonnes(w.originalNetWeight)}；更正原因：${text(w.correctionReason)}`
      : '',
    operator: text(w.operatorIdLabel) || (w.source === 'device' ? '地磅自动采集' : ''),
  };
}
