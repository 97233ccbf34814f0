/**
 * 磅单 (page weighbridge-ticket, /weighbridge/ticket?id=...): one weighing as a site prints it for the driver and
 * the accounts: its number, plate, goods, supplier and receiver, gross, tare and net with their times, the
 * 司磅员, the anti-cheating flags and, for a corrected weighing, the original weights and the reason. 打印 hands it
 * to the browser's print, whose stylesheet (ticket.css) prints the ticket alone on an A5 sheet.
 */
import { Button, Result } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Result/style/css.js';
import { IconPrinter } from '@arco-design/web-react/icon';
import type { CustomRendererProps } from '../../../src/engine/module-api';
import { ticketLines, type Weighing } from '../browser/ticket-lines';
import '../browser/ticket.css';

export default function WeighbridgeTicket({ file, data, context, open }: CustomRendererProps) {
  const weighing = (data ?? null) as Weighing | null;
  const options = (file.options ?? {}) as { title?: string; footer?: string };
  const project = (context.project ?? {}) as { projectName?: string };
  if (!weighing || typeof weighing.id !== 'string')
    return <Result status="404" title="未找到这条过磅记录" subTitle="请从过磅记录的详情页打开磅单。" />;
  const lines = ticketLines(weighing);
  return (
    <div className="wb-ticket-page">
      <div className="wb-ticket-tools">
        <Button type="primary" icon={<IconPrinter />} onClick={() => window.print()} data-testid="ticket-print">
          打印
        </Button>
        <Button onClick={() => open({ path: `/weighbridge/records/${encodeURIComponent(weighing.id)}` })}>
          返回过磅记录
        </Button>
        <span className="wb-ticket-hint">使用浏览器打印，纸张 A5 横向；只打印磅单本身。</span>
      </div>
      <article className="wb-ticket" data-testid="weighbridge-ticket">
        <header className="wb-ticket-head">
          <h1>
            {project.projectName ? `${project.projectName} ` : ''}
            {options.title ?? '过磅单'}
          </h1>
          <span className="wb-ticket-no">
            磅单号：<b>{lines.ticketNo}</b>
          </span>
        </header>
        <table className="wb-ticket-grid">
          <tbody>
            {lines.rows.map((row) => (
              <tr key={row.map((cell) => cell.label).join()}>
                {row.map((cell) => (
                  <CellPair
                    key={cell.label}
                    label={cell.label}
                    value={cell.value}
                    span={cell.span}
                    strong={cell.strong}
                  />
                ))}
              </tr>
            ))}
            <tr>
              <th>防作弊</th>
              <td colSpan={5} className={lines.flags ? 'wb-ticket-flag' : undefined}>
                {lines.flags || '无异常'}
              </td>
            </tr>
            {lines.correction && (
              <tr>
                <th>更正说明</th>
                <td colSpan={5} className="wb-ticket-correction">
                  {lines.correction}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        <footer className="wb-ticket-sign">
          <span>司磅员：{lines.operator}</span>
          <span>驾驶员签字：</span>
          <span>收料员签字：</span>
        </footer>
        {options.footer && <p className="wb-ticket-copies">{options.footer}</p>}
      </article>
    </div>
  );
}

function CellPair({ label, value, span, strong }: { label: string; value: string; span?: number; strong?: boolean }) {
  return (
    <>
      <th>{label}</th>
      <td colSpan={span ? span * 2 - 1 : undefined} className={strong ? 'wb-ticket-strong' : undefined}>
        {value || '—'}
      </td>
    </>
  );
}
