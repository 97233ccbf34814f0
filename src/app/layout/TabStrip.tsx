/**
 * The open-tab strip (spec section 2): names cut at 6 characters, a close button on every tab but the work
 * bench, as many tabs as floor((available width - 40) / 151), the rest in a hover list.
 */
import { IconClose, IconMore } from '@arco-design/web-react/icon';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { lazyPart, usePreloadWhenIdle } from '../../engine/lazy-part';
import { tabName } from './names';
import { splitTabs, WORKBENCH_TAB, type OpenTab } from './open-tabs';
import { useOpenTabs } from './tabs-context';

const TabOverflow = lazyPart(async () => (await import('./TabOverflow')).TabOverflow);

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    setWidth(element.getBoundingClientRect().width);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function TabStrip() {
  const { tabs, close } = useOpenTabs();
  const navigate = useNavigate();
  const location = useLocation();
  const [ref, width] = useWidth<HTMLDivElement>();
  const { visible, overflow } = splitTabs(tabs, width, location.pathname);
  usePreloadWhenIdle(TabOverflow);

  const closeAndLeave = (tab: OpenTab) => {
    close(tab.href);
    if (location.pathname === tab.href) navigate(WORKBENCH_TAB.href);
  };

  return (
    <div className="tab-strip" ref={ref} data-testid="tab-strip" data-visible-count={visible.length}>
      {visible.map((tab) => (
        <div
          key={tab.href}
          className={`tab-item${location.pathname === tab.href ? ' tab-item-active' : ''}`}
          title={tab.name}
          data-testid="open-tab"
        >
          <button type="button" className="tab-item-name" onClick={() => navigate(tab.href)}>
            {tabName(tab.name)}
          </button>
          {tab.href !== WORKBENCH_TAB.href && (
            <button
              type="button"
              className="tab-item-close"
              aria-label={`关闭 ${tab.name}`}
              onClick={() => closeAndLeave(tab)}
            >
              <IconClose />
            </button>
          )}
        </div>
      ))}
      {overflow.length > 0 && (
        // Until the list's code is here, the button shows without it.
        <Suspense fallback={moreButton(overflow.length)}>
          <TabOverflow.Component tabs={overflow} onOpen={(href) => navigate(href)}>
            {moreButton(overflow.length)}
          </TabOverflow.Component>
        </Suspense>
      )}
    </div>
  );
}

function moreButton(count: number) {
  return (
    <button type="button" className="tab-more" aria-label={`更多标签（${count}）`}>
      <IconMore /> {count}
    </button>
  );
}
