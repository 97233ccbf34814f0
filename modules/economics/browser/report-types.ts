/** The answers of the report calls (server/output-report.ts, server/cost-report.ts): amounts in 分, rates in %. */

export interface OutputFigures {
  planned: number;
  actual: number;
  rate: number | null;
  cumPlanned: number;
  cumActual: number;
  cumRate: number | null;
}

export interface OutputRow extends OutputFigures {
  id: string;
  contract: string;
  contractName: string;
  contractNumber: string;
  month: string;
  confirmed: boolean;
}

export interface OutputReport {
  from: string;
  to: string;
  rows: OutputRow[];
  months: (OutputFigures & { month: string })[];
  contracts: (OutputFigures & {
    contract: string;
    name: string;
    number: string;
    party: string;
    amount: number;
    progress: number | null;
  })[];
  totals: OutputFigures & { amount: number; progress: number | null };
}

export interface CostFigures {
  target: number;
  actual: number;
  variance: number;
  varianceRate: number | null;
  over: boolean;
}

export interface CostReport {
  from: string;
  to: string;
  categories: (CostFigures & { category: string; label: string; entered: number; derived: number })[];
  months: { month: string; target: number; actual: number; categories: Record<string, number> }[];
  materials: { material: string; unit: 't' | 'm3'; quantity: number; unpricedQuantity: number; amount: number }[];
  totals: CostFigures;
}
