/**
 * A third-party app inside the portal (spec section 4: 第三方应用 such as 档案系统): the menu record of the current
 * route names its address, whose {projectName} becomes the selected project's name. The server first asks the
 * third party whether it lets itself be framed (GET /api/zhgd/menu/frameCheck); one that refuses (X-Frame-Options,
 * CSP frame-ancestors) gets a plain message and 在新窗口打开 instead of the blank frame the browser would show. The
 * frame is sandboxed: the app runs its own scripts and forms but cannot move the portal's page.
 */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import { useLocation, useOutletContext } from 'react-router-dom';
import { LoadFailure, Loading } from '../../engine/feedback';
import type { CustomRendererProps } from '../../engine/renderers';
import { useSeams } from '../../engine/seams';
import { useApi } from '../../engine/use-api';
import { selectedProject } from '../layout/selected-project';
import { findMenuRoute, menuRoutes } from '../menus/menu-tree';
import type { MenuTreeState } from '../menus/use-menu-tree';
import { portalApis } from '../portal-apis';
import { openInNewWindow } from '../shell/new-window';
import './third-party.css';

interface FrameCheck {
  state: 'allowed' | 'refused' | 'unknown';
  reason: string;
  address: string;
}

interface FrameOptions {
  refusedHint?: string;
  unknownHint?: string;
}

export default function ThirdPartyFrame({ file }: CustomRendererProps) {
  const seams = useSeams();
  const menus = useOutletContext<MenuTreeState | undefined>();
  const { pathname } = useLocation();
  const menu = findMenuRoute(menuRoutes(menus?.tree ?? []), pathname)?.menu;
  const projectName = selectedProject()?.projectName ?? '';
  const check = useApi<FrameCheck>(
    menu?.thirdPartyUrl ? portalApis.menuFrameCheck : null,
    menu ? { menuId: menu.id, projectName } : undefined,
    { revalidateOnFocus: false },
  );
  const options = (file.options ?? {}) as FrameOptions;

  if (!menu) return (menus?.loading ?? true) ? <Loading label="正在读取菜单…" /> : <Notice text="未找到该应用的菜单" />;
  if (!menu.thirdPartyUrl) return <Notice text={`“${menu.name}”未配置第三方地址，请联系管理员在菜单管理中填写`} />;
  if (check.error) return <LoadFailure error={check.error} onRetry={() => void check.mutate()} />;
  if (!check.data) return <Loading label={`正在打开${menu.name}…`} />;

  const { state, reason, address } = check.data;
  const openOutside = () => openInNewWindow(address, seams);
  return (
    <section className="third-party" data-testid="third-party-frame" data-state={state}>
      <header className="third-party-bar">
        <span className="third-party-name">{menu.name}</span>
        <span className="third-party-address" title={address}>
          {readable(address)}
        </span>
        {state === 'unknown' && <span className="third-party-hint">{options.unknownHint}</span>}
        <Button size="small" onClick={openOutside}>
          在新窗口打开
        </Button>
      </header>
      {state === 'refused' ? (
        <div className="third-party-refused" role="alert">
          <p className="third-party-refused-title">“{menu.name}”不允许在门户内嵌显示</p>
          <p>{reason}。</p>
          <p>{options.refusedHint}</p>
          <Button type="primary" onClick={openOutside}>
            在新窗口打开
          </Button>
        </div>
      ) : (
        <iframe
          className="third-party-frame"
          title={menu.name}
          src={address}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-modals"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </section>
  );
}

/** The address as people read it: 项目名称 rather than its percent-escapes. */
function readable(address: string): string {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
}

function Notice({ text }: { text: string }) {
  return (
    <section className="third-party">
      <div className="third-party-refused" role="alert">
        <p>{text}</p>
      </div>
    </section>
  );
}
