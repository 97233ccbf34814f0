/**
 * The header's message bell: the caller's unread count (GET /api/MC/McMessageUser/v1.0/personalTotal), read
 * again whenever the page's event stream says a message arrived or was read elsewhere (no polling); a click opens
 * 我的消息.
 */
import { Badge, Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Badge/style/css.js';
import { IconNotification } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../engine/use-api';
import { useEvents } from '../../engine/use-events';
import { portalApis } from '../portal-apis';

export const MESSAGE_EVENTS = ['message', 'message.read'] as const;

export function MessageBell() {
  const navigate = useNavigate();
  const { data, mutate } = useApi<number>(portalApis.unreadMessages, {});
  useEvents(MESSAGE_EVENTS, () => void mutate());
  const unread = typeof data === 'number' ? data : 0;
  const label = unread > 0 ? `消息（${unread}条未读）` : '消息';
  return (
    <Badge count={unread} maxCount={99} dotStyle={{ fontSize: 11 }} offset={[-4, 4]} data-testid="unread-badge">
      <Button
        type="text"
        icon={<IconNotification />}
        aria-label={label}
        title={label}
        data-testid="message-bell"
        // Only once the count is known: a test (or a script) waiting for it must not read the 0 shown meanwhile.
        data-unread={typeof data === 'number' ? data : undefined}
        onClick={() => navigate('/message/mine')}
      />
    </Badge>
  );
}
