/**
 * The title bar of a big screen (a dashboard with `theme: "screen"`): the project it shows on the left, the
 * screen's title in the middle, the date and a running clock on the right, and a way back to the workbench for
 * whoever put the screen up (a full-screen route has no menu).
 */
import { useEffect, useState } from 'react';
import { CHINA_OFFSET_MS, chinaDateTime } from '../../../shared/china-time';
import { pickPath } from '../../api';
import type { OpenLink } from '../../renderers';
import type { TemplateContext } from '../../template';
import type { ApiDescriptor } from '../../types';
import { useApi } from '../../use-api';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The wall clock, to the second: only the bar redraws, the panels read their data on their own events. */
function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

interface ScreenTitleBarProps {
  title: string;
  /** What the bar names on its left, from a call; without it the chosen project. */
  subject?: { api: ApiDescriptor; path: string };
  context: TemplateContext;
  open: OpenLink;
}

export function ScreenTitleBar({ title, subject, context, open }: ScreenTitleBarProps) {
  // China time whatever the zone of the machine the screen runs on, as the warnings' times beside it.
  const now = useClock();
  const [date, time] = chinaDateTime(now).split(' ');
  const weekday = WEEKDAYS[new Date(now.getTime() + CHINA_OFFSET_MS).getUTCDay()];
  // The same call as a panel's shares its request and its answer.
  const { data: called } = useApi<unknown>(subject?.api ?? null, {});
  const project = subject
    ? String(pickPath(called, subject.path) ?? '')
    : String(pickPath(context, 'project.projectName') ?? '') || '未选择项目';
  return (
    <header className="screen-bar" data-testid="screen-bar">
      <div className="screen-bar-side">
        <span className="screen-bar-project" title={project} data-testid="screen-project">
          {project}
        </span>
      </div>
      <h1 className="screen-bar-title">{title}</h1>
      <div className="screen-bar-side screen-bar-right">
        <span className="screen-bar-date">{`${date} ${weekday}`}</span>
        <span className="screen-bar-time">{time}</span>
        <button
          type="button"
          className="screen-bar-back"
          onClick={() => open({ path: '/work-bench' })}
          data-testid="back-to-workbench"
        >
          返回工作台
        </button>
      </div>
    </header>
  );
}
