/**
 * The workbench's 进度计划 panel: where the works should be today (by duration, against the baseline when one is
 * kept) beside where they are, the gap, the critical and late works, the planned finish against the baseline and
 * the contract, and the next milestone. Reads GET /api/planning/v1.0/summary; a click opens the Gantt chart.
 */
import type { PanelRendererProps } from '../../../src/engine/module-api';

interface Summary {
  taskCount?: number;
  criticalCount?: number;
  overdueCount?: number;
  lateStartCount?: number;
  plannedPercent?: number;
  actualPercent?: number;
  plannedFinish?: string | null;
  baselineFinish?: string | null;
  finishVariance?: number | null;
  deadline?: string | null;
  deadlineVariance?: number | null;
  baselineName?: string | null;
  milestones?: { name: string; date: string; critical?: boolean }[];
}

const RED = 'rgb(var(--red-6))';
const GREEN = 'rgb(var(--green-6))';

function Bar({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '64px 1fr 52px', alignItems: 'center', gap: 8 }}>
      <span style={{ color: 'var(--color-text-2)' }}>{label}</span>
      <div style={{ height: 10, borderRadius: 5, background: 'var(--color-fill-2)' }} aria-hidden>
        <div
          style={{ width: `${Math.min(100, Math.max(0, value))}%`, height: '100%', borderRadius: 5, background: color }}
        />
      </div>
      <strong data-testid={testId} style={{ textAlign: 'right' }}>
        {value.toFixed(1)}%
      </strong>
    </div>
  );
}

export default function PlanProgressPanel({ data, open }: PanelRendererProps) {
  const summary = (data ?? {}) as Summary;
  if (!summary.taskCount) {
    return (
      <div data-testid="plan-progress" style={{ color: 'var(--color-text-3)', padding: '12px 0' }}>
        本项目尚未编制进度计划
        <button
          type="button"
          style={{
            marginLeft: 8,
            border: 0,
            padding: 0,
            background: 'none',
            color: 'rgb(var(--arcoblue-6))',
            cursor: 'pointer',
          }}
          onClick={() => open({ path: '/lag/plan' })}
        >
          去编制
        </button>
      </div>
    );
  }
  const planned = summary.plannedPercent ?? 0;
  const actual = summary.actualPercent ?? 0;
  const gap = Math.round((actual - planned) * 10) / 10;
  const late = (summary.overdueCount ?? 0) + (summary.lateStartCount ?? 0);
  const variance = summary.finishVariance ?? null;
  const next = summary.milestones?.[0];
  return (
    <div data-testid="plan-progress" style={{ display: 'grid', gap: 8, padding: '2px 0', fontSize: 13 }}>
      <Bar
        label={summary.baselineName ? '基线计划' : '计划进度'}
        value={planned}
        color="rgb(var(--gray-6))"
        testId="plan-planned"
      />
      <Bar label="实际进度" value={actual} color={gap < -5 ? RED : 'rgb(var(--arcoblue-6))'} testId="plan-actual" />
      <div>
        进度偏差{' '}
        <strong style={{ color: gap < 0 ? RED : GREEN }}>
          {gap > 0 ? '+' : ''}
          {gap.toFixed(1)}%
        </strong>
        {gap < 0 ? '（滞后）' : '（超前或持平）'}　关键工作 <strong>{summary.criticalCount ?? 0}</strong> 项　逾期{' '}
        <strong style={{ color: late > 0 ? RED : undefined }}>{late}</strong> 项
      </div>
      <div style={{ color: 'var(--color-text-2)' }}>
        计划完工 {summary.plannedFinish ?? '—'}
        {variance !== null && variance !== 0 && (
          <span style={{ color: variance > 0 ? RED : GREEN }}>
            （较基线{variance > 0 ? '推迟' : '提前'} {Math.abs(variance)} 个工作日）
          </span>
        )}
        {summary.deadline && (summary.deadlineVariance ?? 0) > 0 && (
          <span style={{ color: RED }}>，超出合同工期 {summary.deadlineVariance} 天</span>
        )}
      </div>
      {next && (
        <div
          style={{ color: 'var(--color-text-2)', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          下一里程碑：{next.name}（{next.date}）
        </div>
      )}
    </div>
  );
}
