/** /gateway-page: the public landing page with the 'my applications' tiles from the server's menu records. */
import { Button, Carousel } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Carousel/style/css.js';
import gateway from '../../../schemas/site/gateway.json';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../engine/use-api';
import { Loading } from '../../engine/feedback';
import { useSeams } from '../../engine/seams';
import type { MenuRecord } from '../../shared/envelope';
import { DEFAULT_MENU, LOGIN_PATH } from '../guard/route-guard';
import { SiteFooter } from '../login/SiteFooter';
import { portalApis } from '../portal-apis';
import { logout } from '../session/logout';
import { hasToken, readStored } from '../session/storage';
import { useSiteName } from '../shell/base-config';
import { openInNewWindow } from '../shell/new-window';
import { prepareAiLibrary, type AiPrepared } from './ai-library';
import { concreteAppUrl } from './concrete-app';
import { selectedProject } from '../layout/selected-project';
import { tileAction } from './tile-actions';
import { MenuIcon } from '../menus/menu-icons';

const AiSmsDialog = lazy(() => import('./AiSmsDialog'));
const AppDownload = lazy(() => import('./AppDownload'));

type GatewayMenuItem = (typeof gateway.menuList)[number] & { anchor?: string; action?: string };
import './gateway.css';

export function GatewayPage() {
  const navigate = useNavigate();
  const seams = useSeams();
  const loggedIn = hasToken();
  const user = readStored('userInfo');
  const name = useSiteName();
  const { data: tiles, error, isLoading, mutate } = useApi<MenuRecord[]>(portalApis.gatewayTiles);
  const [aiPrepared, setAiPrepared] = useState<AiPrepared | null>(null);
  const [downloadOpen, setDownloadOpen] = useState(false);

  const followMenu = (item: GatewayMenuItem) => {
    if (item.action === 'app-download') setDownloadOpen(true);
    else if (item.anchor) document.getElementById(item.anchor)?.scrollIntoView({ behavior: 'smooth' });
  };

  const openAiLibrary = async () => {
    if (!user) return navigate(LOGIN_PATH);
    try {
      const prepared = await prepareAiLibrary(seams, user.loginName);
      if (prepared.mobileVerify) setAiPrepared(prepared);
      else if (prepared.aiUrl) openInNewWindow(prepared.aiUrl, seams);
    } catch {
      // the HTTP client has shown the server's message
    }
  };

  const openConcreteApp = async () => {
    try {
      openInNewWindow(await concreteAppUrl(seams, selectedProject()?.projectName), seams);
    } catch {
      // the HTTP client has shown the server's message
    }
  };

  const open = (tile: MenuRecord) => {
    const action = tileAction(tile, loggedIn, selectedProject()?.projectName);
    switch (action.kind) {
      case 'navigate':
        navigate(action.path);
        break;
      case 'new-tab':
        openInNewWindow(action.url, seams);
        break;
      case 'login':
        navigate(LOGIN_PATH);
        break;
      case 'unavailable':
        seams.notify.error(action.message);
        break;
      case 'special':
        if (action.handler === 'ai-library') void openAiLibrary();
        else if (action.handler === 'concrete-app') void openConcreteApp();
        break;
    }
  };

  return (
    <div className="gateway-page" id="gateway-top">
      <header className="gateway-header">
        <div className="gateway-brand">{name}</div>
        <nav className="gateway-menu" aria-label="门户导航">
          {(gateway.menuList as GatewayMenuItem[]).map((item) => (
            <button key={item.name} type="button" onClick={() => followMenu(item)} data-testid="gateway-menu-item">
              {item.name}
            </button>
          ))}
        </nav>
        <div className="gateway-user">
          {loggedIn ? (
            <>
              <span data-testid="gateway-user">您好，{user?.name ?? ''}</span>
              <Button type="primary" onClick={() => navigate(DEFAULT_MENU)}>
                进入工作台
              </Button>
              <Button onClick={() => void logout(seams)} data-testid="logout">
                退出登录
              </Button>
            </>
          ) : (
            <Button type="primary" onClick={() => navigate(LOGIN_PATH)} data-testid="gateway-login">
              登录
            </Button>
          )}
        </div>
      </header>
      <Carousel className="gateway-carousel" autoPlay indicatorType="line" showArrow="hover" aria-label="平台介绍">
        {gateway.carousel.map((slide) => (
          <div
            key={slide.title}
            className="gateway-slide"
            style={{
              backgroundColor: slide.color,
              backgroundImage: slide.image ? `url(${import.meta.env.BASE_URL}${slide.image})` : undefined,
            }}
            data-testid="gateway-slide"
          >
            <div className="gateway-slide-text">
              <h3>{slide.title}</h3>
              {slide.description && <p>{slide.description}</p>}
            </div>
          </div>
        ))}
      </Carousel>
      <main className="gateway-content">
        <h2 id="gateway-apps">我的应用</h2>
        {isLoading && <Loading />}
        {error && (
          <div className="gateway-error" role="alert">
            应用列表加载失败。
            <Button type="text" onClick={() => void mutate()}>
              重试
            </Button>
          </div>
        )}
        {tiles && tiles.length === 0 && <div className="gateway-empty">暂无可用应用</div>}
        <ul className="gateway-tiles" data-testid="gateway-tiles">
          {tiles?.map((tile) => (
            <li key={tile.id}>
              <button type="button" className="gateway-tile" onClick={() => open(tile)} title={tile.name}>
                <span className="gateway-tile-icon" style={{ background: tile.iconColor || '#165dff' }}>
                  <MenuIcon name={tile.icon} />
                </span>
                <span className="gateway-tile-name">{tile.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <h2 id="gateway-cards">平台动态</h2>
        <ul className="gateway-cards">
          {gateway.cards.map((card) => (
            <li key={card.title} className="gateway-card">
              <h3>{card.title}</h3>
              <p>{card.description}</p>
            </li>
          ))}
        </ul>
      </main>
      <SiteFooter tone="dark" />
      {downloadOpen && (
        <Suspense fallback={null}>
          <AppDownload {...gateway.appDownload} onClose={() => setDownloadOpen(false)} />
        </Suspense>
      )}
      {aiPrepared && user && (
        <Suspense fallback={null}>
          <AiSmsDialog
            prepared={aiPrepared}
            account={user.loginName}
            mobile={user.mobile ?? ''}
            onClose={() => setAiPrepared(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
