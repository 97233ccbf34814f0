/**
 * /cas: single sign-on landing (spec section 4). Reads the token from the query string, loads the user with it,
 * and routes by role; on failure says so, removes the token and goes to login.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSeams } from '../../engine/seams';
import { DEFAULT_MENU, LOGIN_PATH } from '../guard/route-guard';
import { readStored, removeStored } from '../session/storage';
import { startSession } from './login-flow';

export function CasPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const seams = useSeams();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const token = params.get('token');
    const fail = () => {
      removeStored('tokenInfo');
      setFailed(true);
      setTimeout(() => navigate(LOGIN_PATH, { replace: true }), 1500);
    };
    if (!token) return fail();
    startSession(seams, { access_token: token, refresh_token: params.get('refreshToken') ?? '' })
      .then(() => {
        const menuHref = params.get('menuHref');
        navigate(menuHref || readStored('baseConfig')?.defaultMenu || DEFAULT_MENU, { replace: true });
      })
      .catch(fail);
  }, [params, navigate, seams]);

  return (
    <div style={{ padding: 80, textAlign: 'center', fontSize: 16 }} role="status">
      {failed ? '统一身份认证失败' : '统一身份认证中，请稍后。。。'}
    </div>
  );
}
