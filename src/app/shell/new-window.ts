/** Opens an address in a new window without giving it this page; a blocked pop-up is said, not swallowed. */
import type { EngineSeams } from '../../engine/seams';

export function openInNewWindow(url: string, seams: Pick<EngineSeams, 'notify'>): void {
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  else seams.notify.error('浏览器拦截了新窗口，请允许本站弹出窗口后重试');
}
