/**
 * 应用中心 (/aplicationCenter/index, page application-center): every app the user's roles grant in the selected
 * project, by category, with the side menu's search (请输入应用名称; nothing found: 未查询到功能，请核对后重新输入) and
 * its star, the same calls (src/app/menus/common-apps.ts), so an app starred here is a common app in the side menu
 * and on the workbench at once. The catalogue is the menu tree the layout has already read: no call of its own.
 */
import { Input } from '@arco-design/web-react';
import '@arco-design/web-react/es/Input/style/css.js';
import { IconStar, IconStarFill } from '@arco-design/web-react/icon';
import { useMemo, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { Loading } from '../../engine/feedback';
import type { CustomRendererProps } from '../../engine/renderers';
import { useCommonApps } from '../menus/common-apps';
import { MenuIcon } from '../menus/menu-icons';
import { NOTHING_FOUND } from '../menus/menu-tree';
import type { MenuTreeState } from '../menus/use-menu-tree';
import { useSearchRecord } from '../search/search-record';
import { appCategories, searchCategories, type CatalogueApp } from './app-categories';
import './app-center.css';

const ALL = 'all';

export default function ApplicationCenter({ file, open }: CustomRendererProps) {
  const menus = useOutletContext<MenuTreeState | undefined>();
  const common = useCommonApps();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL);
  const categories = useMemo(() => appCategories(menus?.tree ?? []), [menus?.tree]);
  const found = searchCategories(categories, search);
  const shown = category === ALL ? found : found.filter((each) => each.id === category);
  const total = categories.reduce((sum, each) => sum + each.apps.length, 0);
  const searches = useSearchRecord(
    'app-center',
    search,
    found.reduce((sum, each) => sum + each.apps.length, 0),
  );
  const intro = (file.options as { description?: string } | undefined)?.description;

  if (categories.length === 0 && (menus?.loading ?? true)) return <Loading label="正在读取应用…" />;

  return (
    <section className="app-center" data-testid="app-center">
      <div className="app-center-top">
        <div className="app-center-intro">
          {intro && <p>{intro}</p>}
          <p className="app-center-figures">
            共 {total} 个应用，其中常用应用 {common.ids.size} 个
          </p>
        </div>
        <Input.Search
          allowClear
          className="app-center-search"
          placeholder="请输入应用名称"
          aria-label="搜索应用"
          value={search}
          onChange={setSearch}
        />
      </div>
      {categories.length > 0 && (
        <nav className="app-center-categories" aria-label="应用分类">
          {[{ id: ALL, name: '全部', count: found.reduce((sum, each) => sum + each.apps.length, 0) }]
            .concat(found.map((each) => ({ id: each.id, name: each.name, count: each.apps.length })))
            .map((chip) => (
              <button
                key={chip.id}
                type="button"
                className={chip.id === category ? 'app-center-chip app-center-chip-active' : 'app-center-chip'}
                aria-pressed={chip.id === category}
                onClick={() => setCategory(chip.id)}
              >
                {chip.name}
                <span className="app-center-chip-count">{chip.count}</span>
              </button>
            ))}
        </nav>
      )}
      {categories.length === 0 ? (
        <div className="app-center-empty">暂无可用的应用，请联系管理员为您的角色分配菜单</div>
      ) : shown.length === 0 ? (
        <div className="app-center-empty" role="status">
          {search ? NOTHING_FOUND : '该分类下暂无应用'}
        </div>
      ) : (
        <div className="app-center-groups">
          {shown.map((each) => (
            <section key={each.id} className="app-center-group" aria-label={each.name}>
              <h3 className="app-center-group-title">
                <MenuIcon name={each.icon} className="app-center-group-icon" />
                <span className="app-center-group-name">{each.name}</span>
                <span className="app-center-group-count">{each.apps.length} 个应用</span>
              </h3>
              <ul className="app-center-list">
                {each.apps.map((entry) => (
                  <AppCard
                    key={entry.app.id}
                    entry={entry}
                    common={common.ids.has(entry.app.id)}
                    onOpen={() => {
                      searches.followed(entry.app);
                      open({ app: entry.app as unknown as Record<string, unknown> });
                    }}
                    onStar={() => void common.toggle(entry.app)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

function AppCard({
  entry,
  common,
  onOpen,
  onStar,
}: {
  entry: CatalogueApp;
  common: boolean;
  onOpen: () => void;
  onStar: () => void;
}) {
  const { app, place, icon } = entry;
  const outside = Boolean(app.thirdPartyUrl) || app.remarks === '_blank';
  const note = place || (outside ? '在新窗口打开' : '');
  return (
    <li className="app-card" data-testid="app-card" data-app={app.id}>
      <button
        type="button"
        className="app-card-open"
        title={note ? `${app.name}（${note}）` : app.name}
        onClick={onOpen}
      >
        <MenuIcon name={icon} className="app-card-icon" />
        <span className="app-card-name">{app.name}</span>
        {note && <span className="app-card-place">{note}</span>}
      </button>
      <button
        type="button"
        className={common ? 'app-card-star app-card-star-on' : 'app-card-star'}
        aria-label={common ? `取消常用：${app.name}` : `设为常用：${app.name}`}
        aria-pressed={common}
        title={common ? '取消常用' : '设为常用'}
        onClick={onStar}
      >
        {common ? <IconStarFill /> : <IconStar />}
      </button>
    </li>
  );
}
