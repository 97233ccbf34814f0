/**
 * The 54px header (spec section 2): company logo and name, the project selector, the portal icon, the message bell
 * with the unread count (live through the event stream), the disabled support/settings icons, the service search
 * (not open yet) and the user menu.
 */
import { Button, Input, Popover } from '@arco-design/web-react';
import '@arco-design/web-react/es/Popover/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import { IconCustomerService, IconHome, IconSettings } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSeams } from '../../engine/seams';
import { GATEWAY_PATH } from '../guard/route-guard';
import { logout } from '../session/logout';
import { readStored } from '../session/storage';
import { ProjectSelector } from '../projects/ProjectSelector';
import { MessageBell } from './MessageBell';
import { shortUserName } from './names';
import { useSiteName } from '../shell/base-config';

export const NOT_OPEN_YET = '该功能暂未开放';

export function PortalHeader({
  onChangePassword,
  onPickProject,
}: {
  onChangePassword: () => void;
  onPickProject: () => void;
}) {
  const navigate = useNavigate();
  const seams = useSeams();
  const user = readStored('userInfo');
  const siteName = useSiteName();
  const logo = readStored('companyLogo') || readStored('baseConfig')?.titleLogo;
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="root-header">
      <div className="root-brand">
        {logo && <img className="root-logo" src={logo} alt="" />}
        <span>{siteName}</span>
      </div>
      <ProjectSelector onMore={onPickProject} />
      <Input.Search
        className="header-search"
        placeholder="请输入您想要查找的服务"
        searchButton
        onSearch={() => seams.notify.error(NOT_OPEN_YET)}
        data-testid="header-search"
      />
      <div className="root-header-actions">
        <Button type="text" icon={<IconHome />} aria-label="门户" title="门户" onClick={() => navigate(GATEWAY_PATH)} />
        <MessageBell />
        <Button type="text" icon={<IconCustomerService />} aria-label="客服" title="客服" disabled />
        <Button type="text" icon={<IconSettings />} aria-label="设置" title="设置" disabled />
        <Popover
          trigger="click"
          position="br"
          popupVisible={menuOpen}
          onVisibleChange={setMenuOpen}
          content={
            <div className="user-menu" role="menu">
              <button type="button" role="menuitem" className="user-menu-item">
                个人中心
              </button>
              <button
                type="button"
                role="menuitem"
                className="user-menu-item"
                data-testid="change-password"
                onClick={() => {
                  setMenuOpen(false);
                  onChangePassword();
                }}
              >
                修改密码
              </button>
              <button
                type="button"
                role="menuitem"
                className="user-menu-item"
                data-testid="logout"
                onClick={() => void logout(seams)}
              >
                退出登录
              </button>
            </div>
          }
        >
          <button type="button" className="root-user" data-testid="header-user" title={user?.name}>
            您好，{shortUserName(user?.name ?? '')}（{user?.loginName}）
          </button>
        </Popover>
      </div>
    </header>
  );
}
