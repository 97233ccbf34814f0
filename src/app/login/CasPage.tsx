/**
 * /cas: single sign-on landing (spec section 4). The identity provider sends the browser here with a signed,
 * single-use ticket in `token` (how it mints one: README, "Single sign-on"); the server exchanges it for a
 * session. On failure the page says 统一身份认证失败, drops any token and goes to login.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { pickPath } from '../../engine/api';
import { runAction } from '../../engine/actions';
import { useSeams } from '../../engine/seams';
import type { TokenPair } from '../../shared/envelope';
import { LOGIN_PATH } from '../guard/route-guard';
import { portalApis } from '../portal-apis';
import { readStored, removeStored } from '../session/storage';
import { startSession } from './login-flow';
import { ssoLanding } from './sso-landing';

export const CAS_PENDING = '统一身份认证中，请稍后。。。';
export const CAS_FAILED = '统一身份认证失败';

export function CasPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const seams = useSeams();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // A ticket is single use: React's development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const fail = () => {
      removeStored('tokenInfo');
      removeStored('userInfo');
      setFailed(true);
      setTimeout(() => navigate(LOGIN_PATH, { replace: true }), 1500);
    };
    if (!token) return fail();
    runAction(seams, { api: portalApis.casExchange }, { token })
      .then((envelope) => startSession(seams, pickPath(envelope, portalApis.casExchange.resultPath) as TokenPair))
      .then((user) =>
        navigate(ssoLanding(user, readStored('baseConfig')?.defaultMenu, params.get('menuHref')), { replace: true }),
      )
      .catch(fail);
  }, [params, navigate, seams]);

  return (
    <div style={{ padding: 80, textAlign: 'center', fontSize: 16 }} role="status">
      {failed ? CAS_FAILED : CAS_PENDING}
    </div>
  );
}
