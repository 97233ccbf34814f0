/**
 * A module area (/process/*, /iotDevices/*, ...): its screens are delivered by their own modules; until a
 * module registers a screen for the path, the user sees plainly that it is not available, by the menu's name
 * (never a technical path), with the way back to the workbench (a full-screen route has no header to go back by).
 */
import { Link } from 'react-router-dom';
import './area-screen.css';

export function BackToWorkbench() {
  return (
    <Link className="module-back" to="/work-bench" data-testid="back-to-workbench">
      返回工作台
    </Link>
  );
}

export function AreaScreen({ name }: { name?: string }) {
  return (
    <section className="module-unavailable" data-testid="module-unavailable">
      <h2>该功能暂未开放</h2>
      <p>{name ? `“${name}”` : '该页面'}所属的模块尚未上线，请稍后再试或联系管理员。</p>
      <BackToWorkbench />
    </section>
  );
}

/** A path of the portal's own screens that the user's menus do not grant. */
export function NoAccess() {
  return (
    <section className="module-unavailable" data-testid="no-access">
      <h2>您没有访问该页面的权限</h2>
      <p>该页面不在您的菜单权限内，如需使用请联系管理员。</p>
      <BackToWorkbench />
    </section>
  );
}
