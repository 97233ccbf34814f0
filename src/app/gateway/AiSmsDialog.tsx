/** The SMS check before the AI drawing library opens (schemas/dialogs/ai-sms.json; 验证码不能为空). */
import { pickPath } from '../../engine/api';
import { SchemaDialog } from '../../engine/dialog/SchemaDialog';
import { useSeams } from '../../engine/seams';
import { openInNewWindow } from '../shell/new-window';
import { aiLibraryUrl, type AiPrepared } from './ai-library';

export default function AiSmsDialog({
  prepared,
  account,
  mobile,
  onClose,
}: {
  prepared: AiPrepared | null;
  account: string;
  mobile: string;
  onClose: () => void;
}) {
  const seams = useSeams();
  return (
    <SchemaDialog
      dialogId="ai-sms"
      visible={prepared !== null}
      onClose={onClose}
      testId="ai-sms-form"
      initialData={{ phone: mobile }}
      context={{ account }}
      onSubmitted={async (envelope) => {
        if (!prepared) return;
        const accessCode = String(pickPath(envelope, 'data.accessCode'));
        openInNewWindow(await aiLibraryUrl(seams, prepared, accessCode), seams);
        onClose();
      }}
    />
  );
}
