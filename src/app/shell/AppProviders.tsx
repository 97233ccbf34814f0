/**
 * What every screen of the portal sits in, the same for the browser and the prerendered login page: the engine's
 * seams and Arco's zh-CN locale (empty states, pagination, pickers, confirm buttons in Chinese).
 */
import { ConfigProvider } from '@arco-design/web-react';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { ReactNode } from 'react';
import { EngineProvider } from '../../engine/seams';
import { seams } from './seams';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN}>
      <EngineProvider seams={seams}>{children}</EngineProvider>
    </ConfigProvider>
  );
}
