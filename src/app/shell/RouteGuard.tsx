import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideRoute } from '../guard/route-guard';
import { moduleDoors } from '../screens/module-declarations';
import { hasToken } from '../session/storage';

/** Applies the route guard to every navigation (the decision itself lives in guard/route-guard.ts). */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const decision = decideRoute(location.pathname, location.hash, hasToken(), moduleDoors);
  if (!decision.allow) return <Navigate to={decision.redirectTo} replace />;
  return <>{children}</>;
}
