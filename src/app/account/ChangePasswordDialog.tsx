/**
 * The change-password dialog (800px, spec section 2): old, new and confirm, sent SM2-encrypted. Forced after
 * a -16001 login, it cannot be closed. Success says 密码修改成功，请使用新密码重新登录 (the schema's message)
 * and logs out, since the server has ended every session of the user.
 */
import { SchemaDialog } from '../../engine/dialog/SchemaDialog';
import { useSeams } from '../../engine/seams';
import { logout } from '../session/logout';

const MESSAGE_READING_MS = 1500;

export function ChangePasswordDialog({
  visible,
  forced = false,
  onClose,
}: {
  visible: boolean;
  forced?: boolean;
  onClose: () => void;
}) {
  const seams = useSeams();
  return (
    <SchemaDialog
      dialogId="change-password"
      visible={visible}
      closable={!forced}
      onClose={forced ? () => undefined : onClose}
      testId="change-password-form"
      onSubmitted={async () => {
        // Leave the success message on screen long enough to be read before the page goes to login.
        await new Promise((resolve) => setTimeout(resolve, MESSAGE_READING_MS));
        await logout(seams);
      }}
    />
  );
}
