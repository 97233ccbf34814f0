/**
 * 隐患整改通知单 and 整改回复单 of one hazard, laid out as the paper forms a site signs (A4, one form per page when
 * printed): the notice with what was found, its level, the 重大 situation and a 停工 order, the deadline and the
 * photos before rectification; the reply with what was done, the photos after, and the recheck. Printing shows only
 * the two forms (notice.css hides the portal around them).
 */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import type { CustomRendererProps } from '../../../src/engine/module-api';
import '../browser/notice.css';

type Hazard = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const photos = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
/** 2026-11-28T03:04:05Z -> 2026-11-28 (a day is what the paper form asks for). */
const day = (value: unknown): string => text(value).slice(0, 10);
/** The notice's number: the day it was raised and the record's id, so a printed form leads back to its record. */
const numberOf = (hazard: Hazard): string =>
  `ZG-${day(hazard.createdAt).replace(/-/g, '')}-${text(hazard.id).slice(-6).toUpperCase()}`;

function Photos({ title, urls }: { title: string; urls: string[] }) {
  return (
    <div className="safety-notice-photos">
      <div className="safety-notice-photos-title">{title}</div>
      {urls.length === 0 ? (
        <div className="safety-notice-photos-empty">（无）</div>
      ) : (
        <div className="safety-notice-photos-grid">
          {urls.slice(0, 4).map((url) => (
            <img key={url} src={url} alt={title} />
          ))}
        </div>
      )}
    </div>
  );
}

/** Label, value, label, value: the same widths on every row, whichever row comes first. */
function Columns() {
  return (
    <colgroup>
      <col className="safety-notice-label" />
      <col />
      <col className="safety-notice-label" />
      <col />
    </colgroup>
  );
}

function Row({ cells }: { cells: [label: string, value: string][] }) {
  return (
    <tr>
      {cells.map(([label, value], index) => (
        <Cell key={label} label={label} value={value} wide={cells.length === 1 && index === 0} />
      ))}
    </tr>
  );
}

function Cell({ label, value, wide }: { label: string; value: string; wide: boolean }) {
  return (
    <>
      <th>{label}</th>
      <td colSpan={wide ? 3 : 1}>{value}</td>
    </>
  );
}

export default function SafetyHazardNotice({ data, context }: CustomRendererProps) {
  const hazard = (data ?? {}) as Hazard;
  const project = (context.project ?? {}) as Record<string, unknown>;
  const major = hazard.level === 'major';
  const number = numberOf(hazard);
  return (
    <div className="safety-notice" data-testid="safety-hazard-notice">
      <div className="safety-notice-toolbar">
        <Button type="primary" onClick={() => window.print()}>
          打印
        </Button>
        <Button onClick={() => window.history.back()}>返回</Button>
      </div>
      <article className="safety-notice-sheet">
        <h1>安全隐患整改通知单</h1>
        <div className="safety-notice-meta">
          <span>工程名称：{text(project.projectName)}</span>
          <span>编号：{number}</span>
        </div>
        {hazard.stopWork === true && (
          <div className="safety-notice-stop" role="alert">
            责令停工：{text(hazard.stopWorkReason)}
          </div>
        )}
        <table className="safety-notice-table">
          <Columns />
          <tbody>
            <Row
              cells={[
                ['隐患部位', text(hazard.location)],
                ['登记日期', day(hazard.createdAt)],
              ]}
            />
            <Row
              cells={[
                ['隐患类别', text(hazard.categoryLabel)],
                ['隐患等级', text(hazard.levelLabel)],
              ]}
            />
            {major && <Row cells={[['判定依据', text(hazard.majorSituationLabel) || '未选择']]} />}
            <Row cells={[['隐患描述', text(hazard.description)]]} />
            <Row
              cells={[
                [
                  '整改要求',
                  major
                    ? `请于${text(hazard.deadline)}前完成整改。本隐患为重大事故隐患，整改方案须经项目经理签认后实施，整改期间落实安全防范措施。`
                    : `请于${text(hazard.deadline)}前完成整改，整改后填写整改回复单并附整改后照片报复查人复查。`,
                ],
              ]}
            />
            <Row
              cells={[
                ['整改责任人', text(hazard.responsibleIdLabel)],
                ['整改期限', text(hazard.deadline)],
              ]}
            />
            <Row
              cells={[
                ['签发人', text(hazard.createdByName)],
                ['复查人', text(hazard.reviewerIdLabel)],
              ]}
            />
          </tbody>
        </table>
        <Photos title="整改前照片" urls={photos(hazard.photos)} />
        <div className="safety-notice-signs">
          <span>签发人（签字）：</span>
          <span>接收人（签字）：</span>
          <span>接收日期：　　年　　月　　日</span>
        </div>
      </article>
      <article className="safety-notice-sheet">
        <h1>安全隐患整改回复单</h1>
        <div className="safety-notice-meta">
          <span>工程名称：{text(project.projectName)}</span>
          <span>对应通知单：{number}</span>
        </div>
        <table className="safety-notice-table">
          <Columns />
          <tbody>
            <Row cells={[['隐患描述', text(hazard.description)]]} />
            {major && (
              <Row
                cells={[
                  [
                    '整改方案',
                    `${text(hazard.rectifyPlan) || '未报送'}（项目经理：${text(hazard.managerIdLabel) || '—'}，签认：${day(hazard.planSignedAt) || '未签认'}）`,
                  ],
                ]}
              />
            )}
            <Row cells={[['整改情况', text(hazard.rectifyRemark) || '尚未整改']]} />
            <Row
              cells={[
                ['整改责任人', text(hazard.responsibleIdLabel)],
                ['当前状态', text(hazard.statusLabel)],
              ]}
            />
            <Row cells={[['复查意见', text(hazard.recheckRemark) || '尚未复查']]} />
            <Row
              cells={[
                ['复查人', text(hazard.reviewerIdLabel)],
                ['整改期限', text(hazard.deadline)],
              ]}
            />
          </tbody>
        </table>
        <Photos title="整改后照片" urls={photos(hazard.rectifyPhotos)} />
        <div className="safety-notice-signs">
          <span>整改责任人（签字）：</span>
          <span>复查人（签字）：</span>
          <span>复查日期：　　年　　月　　日</span>
        </div>
      </article>
    </div>
  );
}
