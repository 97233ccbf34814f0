/**
 * The layout of every logged-in route: the 54px header (logo and name, portal icon, user and log out) above
 * the routed screen. Minimum width 1280px (600px on full-screen routes, spec section 2).
 */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import { IconHome } from '@arco-design/web-react/icon';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSeams } from '../../engine/seams';
import { GATEWAY_PATH } from '../guard/route-guard';
import { logout } from '../session/logout';
import { readStored } from '../session/storage';
import { isFullScreenRoute } from './full-screen-routes';
import { shortUserName } from './names';
import './root-layout.css';

const ChangePasswordDialog = lazy(async () => ({
  default: (await import('../account/ChangePasswordDialog')).ChangePasswordDialog,
}));

export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const seams = useSeams();
  const user = readStored('userInfo');
  const name = readStored('baseConfig')?.name ?? '智慧工地管理平台';
  const minWidth = isFullScreenRoute(location.pathname) ? 600 : 1280;
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <div className="root-layout" style={{ minWidth }}>
      <header className="root-header">
        <div className="root-brand">{name}</div>
        <div className="root-header-actions">
          <Button
            type="text"
            icon={<IconHome />}
            aria-label="门户"
            title="门户"
            onClick={() => navigate(GATEWAY_PATH)}
          />
          <span className="root-user" data-testid="header-user" title={user?.name}>
            您好，{shortUserName(user?.name ?? '')}（{user?.loginName}）
          </span>
          <Button type="text" onClick={() => setChangingPassword(true)} data-testid="change-password">
            修改密码
          </Button>
          <Button type="text" onClick={() => void logout(seams)} data-testid="logout">
            退出登录
          </Button>
        </div>
      </header>
      <main className="root-content">
        <Outlet />
      </main>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog visible onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </div>
  );
}
