/**
 * The dialogs reachable from the login page (spec section 2): phone login (418px), forgot password and
 * individual registration (750px wizards), company registration (3-step wizard), and the forced password
 * change after -16001. Loaded on first use, so the login page itself stays small.
 */
import { useNavigate } from 'react-router-dom';
import { SchemaDialog } from '../../engine/dialog/SchemaDialog';
import { useSeams } from '../../engine/seams';
import { SchemaWizard } from '../../engine/wizard/SchemaWizard';
import type { Envelope, TokenPair } from '../../shared/envelope';
import { DEFAULT_MENU } from '../guard/route-guard';
import { completeLogin, forgetSession, isLoginFailure, LOGIN_ACCEPTED_CODES } from '../login/login-flow';
import { readStored } from '../session/storage';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export type LoginDialogName = 'phone-login' | 'forgot-password' | 'register' | 'company-register' | 'force-change';

export default function LoginDialogs({
  open,
  onOpen,
}: {
  open: LoginDialogName | null;
  onOpen: (name: LoginDialogName | null) => void;
}) {
  const navigate = useNavigate();
  const seams = useSeams();
  const close = () => onOpen(null);

  return (
    <>
      <SchemaDialog
        dialogId="phone-login"
        visible={open === 'phone-login'}
        onClose={close}
        testId="phone-login-form"
        acceptCodes={LOGIN_ACCEPTED_CODES}
        onFailed={(error) => isLoginFailure(error) && forgetSession()}
        onSubmitted={async (envelope) => {
          const outcome = await completeLogin(seams, envelope as Envelope<TokenPair>);
          if (outcome.kind === 'must-change-password') return onOpen('force-change');
          close();
          navigate(readStored('baseConfig')?.defaultMenu || DEFAULT_MENU, { replace: true });
        }}
      />
      <SchemaWizard
        wizardId="forgot-password"
        visible={open === 'forgot-password'}
        onClose={close}
        testId="forgot-password"
      />
      <SchemaWizard wizardId="register" visible={open === 'register'} onClose={close} testId="register" />
      <SchemaWizard
        wizardId="company-register"
        visible={open === 'company-register'}
        onClose={close}
        testId="company-register"
      />
      <ChangePasswordDialog visible={open === 'force-change'} forced onClose={close} />
    </>
  );
}
