import '@arco-design/web-react/es/_util/react-19-adapter';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { EngineProvider } from '../engine/seams';
import { routes } from './shell/routes';
import { BASENAME, seams } from './shell/seams';
import { refreshBaseConfig } from './shell/base-config';
import './shell/global.css';

const router = createBrowserRouter(routes, { basename: BASENAME });
void refreshBaseConfig();

createRoot(document.getElementById('root') as HTMLElement).render(
  <EngineProvider seams={seams}>
    <RouterProvider router={router} />
  </EngineProvider>,
);
