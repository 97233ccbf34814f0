/**
 * The open tabs that do not fit the strip, in a list shown on hover over the strip's 更多 button (src/app/layout/
 * TabStrip.tsx). A chunk of its own: Arco's Menu (with the Layout and ResizeBox it imports) is only needed once
 * tabs overflow.
 */
import { Dropdown, Menu } from '@arco-design/web-react';
import '@arco-design/web-react/es/Dropdown/style/css.js';
import '@arco-design/web-react/es/Menu/style/css.js';
import type { ReactElement } from 'react';
import { tabName } from './names';
import type { OpenTab } from './open-tabs';

export interface TabOverflowProps {
  tabs: readonly OpenTab[];
  onOpen: (href: string) => void;
  /** The button the list opens from. */
  children: ReactElement;
}

export function TabOverflow({ tabs, onOpen, children }: TabOverflowProps) {
  return (
    <Dropdown
      trigger="hover"
      droplist={
        <Menu onClickMenuItem={onOpen} data-testid="tab-overflow">
          {tabs.map((tab) => (
            <Menu.Item key={tab.href}>{tabName(tab.name)}</Menu.Item>
          ))}
        </Menu>
      }
    >
      {children}
    </Dropdown>
  );
}
