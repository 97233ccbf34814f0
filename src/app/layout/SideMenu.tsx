/**
 * The 92px side menu (spec section 2): one entry per top-level menu (first 5 characters); hovering an entry
 * previews its child apps (three levels flattened, names cut at 8) with a search box, and a star on each app
 * adds it to or removes it from the user's common applications.
 */
import { Input, Trigger } from '@arco-design/web-react';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Trigger/style/css.js';
import { IconStar, IconStarFill } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSeams } from '../../engine/seams';
import type { MenuRecord } from '../../shared/envelope';
import { useCommonApps } from '../menus/common-apps';
import { MenuIcon } from '../menus/menu-icons';
import { leadsTo, NOTHING_FOUND, previewApps, searchApps, visibleItems } from '../menus/menu-tree';
import { openApp } from '../menus/open-app';
import { useSearchRecord } from '../search/search-record';
import { previewName, sideMenuName } from './names';
import { useOpenTabs } from './tabs-context';

function PreviewPanel({ entry, close }: { entry: MenuRecord; close: () => void }) {
  const seams = useSeams();
  const navigate = useNavigate();
  const { open } = useOpenTabs();
  const common = useCommonApps();
  const [search, setSearch] = useState('');
  const apps = searchApps(previewApps(entry), search);
  const searches = useSearchRecord('menu', search, apps.length);

  return (
    <div className="side-preview" data-testid="side-preview">
      <div className="side-preview-title">{entry.name}</div>
      <Input.Search
        allowClear
        placeholder="请输入应用名称"
        value={search}
        onChange={setSearch}
        className="side-preview-search"
      />
      {apps.length === 0 ? (
        <div className="side-preview-empty">{search ? NOTHING_FOUND : '暂无应用'}</div>
      ) : (
        <ul className="side-preview-apps">
          {apps.map((app) => (
            <li key={app.id}>
              <button
                type="button"
                className="side-preview-app"
                title={app.name}
                onClick={() => {
                  searches.followed(app);
                  close();
                  openApp(app, seams, navigate, open);
                }}
              >
                {previewName(app.name)}
              </button>
              <button
                type="button"
                className="side-preview-star"
                aria-label={common.ids.has(app.id) ? `取消常用：${app.name}` : `设为常用：${app.name}`}
                aria-pressed={common.ids.has(app.id)}
                onClick={() => void common.toggle(app)}
              >
                {common.ids.has(app.id) ? <IconStarFill /> : <IconStar />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SideEntry({ entry, active }: { entry: MenuRecord; active: boolean }) {
  const [visible, setVisible] = useState(false);
  const navigate = useNavigate();
  const seams = useSeams();
  const { open } = useOpenTabs();
  return (
    <Trigger
      popupVisible={visible}
      onVisibleChange={setVisible}
      trigger="hover"
      position="rt"
      popupAlign={{ right: 4 }}
      unmountOnExit
      popup={() => <PreviewPanel entry={entry} close={() => setVisible(false)} />}
    >
      <button
        type="button"
        className={active ? 'side-entry side-entry-active' : 'side-entry'}
        title={entry.name}
        data-testid="side-entry"
        aria-current={active ? 'page' : undefined}
        onClick={() => (entry.href || entry.vueRoute ? openApp(entry, seams, navigate, open) : setVisible(true))}
      >
        {/* The active entry shows its highlight icon (spec section 3), falling back to its icon. */}
        <MenuIcon
          className="side-entry-icon"
          name={active ? entry.highlightIcon || entry.icon : entry.icon}
          color={active ? undefined : entry.iconColor || undefined}
        />
        <span className="side-entry-name">{sideMenuName(entry.name)}</span>
      </button>
    </Trigger>
  );
}

export function SideMenu({ tree }: { tree: MenuRecord[] }) {
  const { pathname } = useLocation();
  return (
    <nav className="side-menu" aria-label="功能菜单">
      {visibleItems(tree).map((entry) => (
        <SideEntry key={entry.id} entry={entry} active={leadsTo(entry, pathname)} />
      ))}
    </nav>
  );
}
