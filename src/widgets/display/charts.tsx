/**
 * Small SVG charts for dashboard panels (bars and a donut over name/value rows): no chart library in the
 * bundle, readable labels, and a text alternative for screen readers.
 */
export interface NameValue {
  name: string;
  value: number;
}

const PALETTE = ['#165dff', '#14c9c9', '#f7ba1e', '#722ed1', '#f53f3f', '#00b42a', '#ff7d00', '#3491fa', '#86909c'];

export function BarChart({ rows }: { rows: NameValue[] }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="chart-bars" aria-label={rows.map((row) => `${row.name} ${row.value}`).join('，')}>
      {rows.map((row, index) => (
        <li key={row.name}>
          <span className="chart-bar-name">{row.name}</span>
          <span className="chart-bar-track">
            <span
              className="chart-bar-fill"
              style={{ width: `${(row.value / max) * 100}%`, background: PALETTE[index % PALETTE.length] }}
            />
          </span>
          <span className="chart-bar-value">{row.value}</span>
        </li>
      ))}
    </ul>
  );
}

/** The biggest eight slices, the rest summed as 其他. */
export function DonutChart({ rows }: { rows: NameValue[] }) {
  const sorted = [...rows].sort((a, b) => b.value - a.value);
  const slices =
    sorted.length > 8
      ? [...sorted.slice(0, 7), { name: '其他', value: sorted.slice(7).reduce((sum, row) => sum + row.value, 0) }]
      : sorted;
  const total = slices.reduce((sum, row) => sum + row.value, 0) || 1;
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  let offset = 0;
  return (
    <div className="chart-donut">
      <svg
        viewBox="0 0 120 120"
        width="132"
        height="132"
        role="img"
        aria-label={slices.map((row) => `${row.name} ${row.value}`).join('，')}
      >
        {slices.map((row, index) => {
          const length = (row.value / total) * circumference;
          const circle = (
            <circle
              key={row.name}
              cx="60"
              cy="60"
              r={radius}
              fill="none"
              stroke={PALETTE[index % PALETTE.length]}
              strokeWidth="18"
              strokeDasharray={`${length} ${circumference - length}`}
              strokeDashoffset={-offset}
              transform="rotate(-90 60 60)"
            />
          );
          offset += length;
          return circle;
        })}
        <text x="60" y="64" textAnchor="middle" fontSize="14" fill="#1d2129">
          {total}
        </text>
      </svg>
      <ul className="chart-legend">
        {slices.map((row, index) => (
          <li key={row.name}>
            <span className="chart-legend-dot" style={{ background: PALETTE[index % PALETTE.length] }} />
            {row.name}
            <b>{row.value}</b>
          </li>
        ))}
      </ul>
    </div>
  );
}
