import { Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { hasRoles } from './auth/permissions';
import { useSession } from './auth/session-context';
import { LoginPage } from './features/login/login-page';
import { NotFoundPage } from './features/not-found/not-found-page';
import { ClusterScope } from './features/shell/cluster-scope';
import { RoleRedirect } from './features/shell/role-redirect';

// Paths are below the router basename `{basePath}ui`; cluster screens are gated in cluster-routes.tsx.
const consoleRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'page-not-found', element: <NotFoundPage /> },
  { index: true, element: <RoleRedirect /> },
  { path: '401', element: <RoleRedirect /> },
  { path: ':clusterId/*', element: <ClusterScope /> },
];

// Spec part 2 §2: not logged in and no default roles → only the login route and redirects to it.
const loginOnlyRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: '*', element: <Navigate to="/login" replace /> },
];

export function AppRoutes() {
  const { me } = useSession();
  return useRoutes(hasRoles(me) ? consoleRoutes : loginOnlyRoutes);
}
