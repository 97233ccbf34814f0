/** /login: the account login form (schemas/forms/login.json) on the portal's welcome background. */
import { useNavigate } from 'react-router-dom';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { useSeams } from '../../engine/seams';
import type { Envelope, TokenPair } from '../../shared/envelope';
import { GATEWAY_PATH } from '../guard/route-guard';
import { readStored } from '../session/storage';
import { completeLogin } from './login-flow';
import { SiteFooter, siteTexts } from './SiteFooter';
import './login.css';

export function LoginPage() {
  const navigate = useNavigate();
  const seams = useSeams();
  const name = readStored('baseConfig')?.name ?? '智慧工地管理平台';

  return (
    <div className="login-page">
      <main className="login-main">
        <section className="login-hero">
          <h1>{name}</h1>
          <p>{siteTexts.loginSlogan}</p>
        </section>
        <section className="login-card" aria-label="账号登录">
          <h2>账号登录</h2>
          <SchemaForm
            formId="login"
            testId="login-form"
            onSubmitted={async (envelope) => {
              await completeLogin(seams, envelope as Envelope<TokenPair>);
              navigate(GATEWAY_PATH, { replace: true });
            }}
          />
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
