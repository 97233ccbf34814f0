/**
 * What every screen of the portal sits in, the same for the browser and the prerendered login page: the engine's
 * seams and Arco's configuration with the zh-CN locale (empty states, pagination, pickers, confirm buttons in
 * Chinese). Arco's context is provided directly rather than through its ConfigProvider component, which would pull
 * Message and Notification into the login page's bundle (src/app/shell/toast.ts loads them on demand).
 */
import { ConfigContext, DefaultConfigProviderProps } from '@arco-design/web-react/es/ConfigProvider/context';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { ReactNode } from 'react';
import { EngineProvider } from '../../engine/seams';
import { seams } from './seams';

const arcoConfig = {
  ...DefaultConfigProviderProps,
  locale: zhCN,
  getPrefixCls: (componentName: string, customPrefix?: string) => `${customPrefix || 'arco'}-${componentName}`,
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigContext.Provider value={arcoConfig}>
      <EngineProvider seams={seams}>{children}</EngineProvider>
    </ConfigContext.Provider>
  );
}
