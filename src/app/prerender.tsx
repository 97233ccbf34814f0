/**
 * The login page as HTML at build time (src/build/vite/prerender-plugin.ts): served as /app/login, it shows a
 * form the user can type into while the scripts download; the client then hydrates it (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { EngineProvider } from '../engine/seams';
import { AppRoutes } from './shell/routes';
import { BASENAME, seams } from './shell/seams';
import { LOGIN_PATH } from './guard/route-guard';

/** The markup of /login for a visitor with nothing stored. */
export function render(): string {
  return renderToString(
    <EngineProvider seams={seams}>
      <StaticRouter basename={BASENAME} location={`${BASENAME}${LOGIN_PATH}`}>
        <AppRoutes />
      </StaticRouter>
    </EngineProvider>,
  );
}
