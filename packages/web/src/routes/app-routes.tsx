import { Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { hasRoles } from '../auth/permissions';
import { useSession } from '../auth/session-context';
import { LoadingScreen } from '../components/loading-screen';
import { ClusterScope } from './cluster-scope';
import { RoleRedirect } from './role-redirect';
import { LoginPage, NotFoundPage } from './screens';

// Paths are below the router basename `{basePath}ui`; cluster screens are gated in cluster-routes.tsx.
const consoleRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'page-not-found', element: <NotFoundPage /> },
  { index: true, element: <RoleRedirect /> },
  { path: '401', element: <RoleRedirect /> },
  { path: ':clusterId/*', element: <ClusterScope /> },
];

// docs/behaviour.md#menu-and-routes: not logged in and no default roles → only the login route and redirects
// to it.
const loginOnlyRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: '*', element: <Navigate to="/login" replace /> },
];

export function AppRoutes() {
  const { me } = useSession();
  const routes = useRoutes(hasRoles(me) ? consoleRoutes : loginOnlyRoutes);
  // Screens inside a cluster wait in AppLayout's boundary, under the menu; the login and not-found pages
  // here.
  return <Suspense fallback={<LoadingScreen />}>{routes}</Suspense>;
}
