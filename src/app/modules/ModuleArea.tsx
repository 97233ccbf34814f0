/**
 * A module area (/process/*, /iotDevices/*, ...): its screens are delivered by their own modules; until a
 * module registers a screen for the path, the user sees plainly that it is not available.
 */
import { useLocation } from 'react-router-dom';
import './module-area.css';

export function ModuleArea() {
  const location = useLocation();
  return (
    <section className="module-unavailable" data-testid="module-unavailable">
      <h2>该功能暂未开放</h2>
      <p>页面 {location.pathname} 所属的模块尚未上线，请稍后再试或联系管理员。</p>
    </section>
  );
}

/** A path of the portal's own screens that the user's menus do not grant. */
export function NoAccess() {
  const location = useLocation();
  return (
    <section className="module-unavailable" data-testid="no-access">
      <h2>您没有访问该页面的权限</h2>
      <p>页面 {location.pathname} 不在您的菜单权限内，如需使用请联系管理员。</p>
    </section>
  );
}
