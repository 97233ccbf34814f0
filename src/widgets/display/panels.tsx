/** Display widgets of dashboard panels: figures, labelled fields, a list of rows, a set of app links. */
import type { ReactNode } from 'react';

export interface DisplayItem {
  label: string;
  value: ReactNode;
  /** Clicking the item opens what it names. */
  onOpen?: () => void;
}

/** Content that opens something when clicked, as a button (keyboard and screen readers included). */
function Openable({ onOpen, label, children }: { onOpen?: () => void; label: string; children: ReactNode }) {
  if (!onOpen) return <>{children}</>;
  return (
    <button type="button" className="panel-link" onClick={onOpen} aria-label={label}>
      {children}
    </button>
  );
}

export function StatGrid({ items }: { items: DisplayItem[] }) {
  return (
    <ul className="panel-stats">
      {items.map((item) => (
        <li key={item.label}>
          <Openable onOpen={item.onOpen} label={`${item.label} ${String(item.value)}`}>
            <b>{item.value}</b>
            <span>{item.label}</span>
          </Openable>
        </li>
      ))}
    </ul>
  );
}

export function FieldList({ items }: { items: DisplayItem[] }) {
  return (
    <dl className="panel-fields">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          {/* The whole text on hover where a narrow panel cuts it (a long company name). */}
          <dd title={typeof item.value === 'string' ? item.value : undefined}>
            {item.value === '' || item.value === undefined || item.value === null ? '—' : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface ListRow {
  key: string;
  title: string;
  time?: string;
  tag?: string;
  onOpen?: () => void;
}

export function RowList({ rows }: { rows: ListRow[] }) {
  return (
    <ul className="panel-list">
      {rows.map((row) => (
        <li key={row.key}>
          <Openable onOpen={row.onOpen} label={row.title}>
            {row.tag && <span className="panel-list-tag">{row.tag}</span>}
            <span className="panel-list-title" title={row.title}>
              {row.title}
            </span>
            {row.time && <span className="panel-list-time">{row.time}</span>}
          </Openable>
        </li>
      ))}
    </ul>
  );
}

export function AppLinks({ apps, onOpen }: { apps: { key: string; name: string }[]; onOpen: (key: string) => void }) {
  return (
    <ul className="panel-apps">
      {apps.map((app) => (
        <li key={app.key}>
          <button type="button" onClick={() => onOpen(app.key)} title={app.name}>
            <span className="panel-app-icon" aria-hidden>
              {app.name.slice(0, 1)}
            </span>
            {app.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

export interface CardItem {
  key: string;
  title: string;
  subtitle?: string;
  /** A short state beside the title (在线, 离线). */
  tag?: string;
  /** The card needs attention (a machine with open warnings): marked in red. */
  warn?: boolean;
  /** The tag reads as good (online) rather than neutral. */
  tagGood?: boolean;
  fields: DisplayItem[];
  onOpen?: () => void;
}

/** One card per thing (a machine): its name, a state tag and its labelled values. */
export function CardGrid({ cards }: { cards: CardItem[] }) {
  return (
    <ul className="panel-cards">
      {cards.map((card) => (
        <li key={card.key} className={card.warn ? 'panel-card panel-card-warn' : 'panel-card'}>
          <header>
            <Openable onOpen={card.onOpen} label={card.title}>
              <b>{card.title}</b>
            </Openable>
            {card.tag && (
              <span className={card.tagGood ? 'panel-card-tag panel-card-tag-good' : 'panel-card-tag'}>{card.tag}</span>
            )}
          </header>
          {card.subtitle && <p className="panel-card-subtitle">{card.subtitle}</p>}
          <dl>
            {card.fields.map((field) => (
              <div key={field.label}>
                <dt>{field.label}</dt>
                <dd>{field.value === '' || field.value === undefined || field.value === null ? '—' : field.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
