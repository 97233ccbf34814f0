/**
 * The open-tab list as state of the logged-in layout, kept in localStorage so it survives a new browser session
 * (spec section 3); the rules themselves live in open-tabs.ts.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readStored, writeStored } from '../session/storage';
import { addTab, closeTab, resetTabs, type OpenTab } from './open-tabs';

interface OpenTabsState {
  tabs: OpenTab[];
  open: (tab: OpenTab) => void;
  close: (href: string) => void;
  reset: (items?: OpenTab[]) => void;
}

const OpenTabsContext = createContext<OpenTabsState | null>(null);

export function OpenTabsProvider({ children }: { children: ReactNode }) {
  const [tabs, setTabs] = useState<OpenTab[]>(() => resetTabs(readStored('openMenuTabs') ?? []));
  const update = useCallback((change: (current: OpenTab[]) => OpenTab[]) => {
    setTabs((current) => {
      const next = change(current);
      writeStored('openMenuTabs', next);
      return next;
    });
  }, []);
  const value = useMemo<OpenTabsState>(
    () => ({
      tabs,
      open: (tab) => update((current) => addTab(current, tab)),
      close: (href) => update((current) => closeTab(current, href)),
      reset: (items = []) => update(() => resetTabs(items)),
    }),
    [tabs, update],
  );
  return <OpenTabsContext.Provider value={value}>{children}</OpenTabsContext.Provider>;
}

export function useOpenTabs(): OpenTabsState {
  const state = useContext(OpenTabsContext);
  if (!state) throw new Error('OpenTabsProvider is missing');
  return state;
}
