/** What the data center's calls answer (modules/data-center/server), as the screens read it. */

export interface DatasetSummary {
  id: string;
  title: string;
  description: string;
  fieldCount: number;
  rows: number;
  lastUpdate: string;
}

export interface DatasetField {
  name: string;
  title: string;
  type: string;
  description: string;
  values: string;
  computed: boolean;
}

export interface DatasetDetail extends DatasetSummary {
  fields: DatasetField[];
  preview: { columns: { field: string; title: string }[]; rows: Record<string, string>[] };
}

export interface ReportEntry {
  id: string;
  title: string;
  category: string;
  description: string;
  dateRange: boolean;
  defaultRange: { from: string; to: string } | null;
}

export interface ProjectChoice {
  id: string;
  name: string;
}

export interface ReportList {
  reports: ReportEntry[];
  projects: ProjectChoice[];
}

export type ReportValues = Record<string, number | null>;

export interface ReportResult {
  report: { id: string; title: string; category: string; description: string; dateField: string; dateTitle: string };
  range: { from: string; to: string } | null;
  projects: ProjectChoice[];
  groupTitles: string[];
  columns: { id: string; title: string; unit: string; percent: boolean; digits: number }[];
  rows: { kind: 'row' | 'subtotal'; groups: string[]; values: ReportValues }[];
  total: ReportValues;
}
