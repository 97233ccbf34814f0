import { IconLock, IconMobile, IconSafe, IconUser } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';

/** Icons a schema may name in `ui:options.prefixIcon`. */
export const prefixIcons: Record<string, ReactNode> = {
  user: <IconUser />,
  lock: <IconLock />,
  mobile: <IconMobile />,
  safe: <IconSafe />,
};
