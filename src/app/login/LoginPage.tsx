/**
 * /login: the account login form (schemas/forms/login.json) on the portal's welcome background, with the
 * entries to phone login, forgot password, personal and company registration (dialogs loaded on first use).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { useSeams } from '../../engine/seams';
import type { Envelope, TokenPair } from '../../shared/envelope';
import type { LoginDialogName } from '../account/LoginDialogs';
import { GATEWAY_PATH } from '../guard/route-guard';
import { takeLoginNotice } from '../session/storage';
import { useSiteName } from '../shell/base-config';
import { completeLogin, forgetSession, isLoginFailure, LOGIN_ACCEPTED_CODES } from './login-flow';
import { SiteFooter, siteTexts } from './SiteFooter';
import './bundled-forms';
import './login.css';

const LoginDialogs = lazy(() => import('../account/LoginDialogs'));

const ENTRIES: { name: LoginDialogName; label: string }[] = [
  { name: 'phone-login', label: '手机号登录' },
  { name: 'forgot-password', label: '忘记密码' },
  { name: 'register', label: '个人注册' },
  { name: 'company-register', label: '企业注册' },
];

export function LoginPage() {
  const navigate = useNavigate();
  const seams = useSeams();
  const name = useSiteName();
  const [dialog, setDialog] = useState<LoginDialogName | null>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  // Why the last session ended (登录状态已失效，请重新登录), left by the page the user was sent from. Read after the
  // first render: the prerendered page knows no visitor's session.
  const [notice, setNotice] = useState<string>();
  useEffect(() => setNotice(takeLoginNotice()), []);

  const openDialog = (next: LoginDialogName | null) => {
    if (next) setDialogsWanted(true);
    setDialog(next);
  };

  return (
    <div className="login-page">
      <main className="login-main">
        <section className="login-hero">
          <h1>{name}</h1>
          <p>{siteTexts.loginSlogan}</p>
        </section>
        <section className="login-card" aria-label="账号登录">
          <h2>账号登录</h2>
          {notice && (
            <p className="login-notice" role="alert" data-testid="login-notice">
              {notice}
            </p>
          )}
          <SchemaForm
            formId="login"
            testId="login-form"
            acceptCodes={LOGIN_ACCEPTED_CODES}
            onFailed={(error) => isLoginFailure(error) && forgetSession()}
            onSubmitted={async (envelope) => {
              const outcome = await completeLogin(seams, envelope as Envelope<TokenPair>);
              if (outcome.kind === 'must-change-password') openDialog('force-change');
              else navigate(GATEWAY_PATH, { replace: true });
            }}
          />
          <nav className="login-entries" aria-label="更多登录与注册方式">
            {ENTRIES.map((entry) => (
              <button
                key={entry.name}
                type="button"
                className="login-entry"
                data-testid={`entry-${entry.name}`}
                onClick={() => openDialog(entry.name)}
              >
                {entry.label}
              </button>
            ))}
          </nav>
        </section>
      </main>
      <SiteFooter />
      {dialogsWanted && (
        <Suspense fallback={null}>
          <LoginDialogs open={dialog} onOpen={openDialog} />
        </Suspense>
      )}
    </div>
  );
}
