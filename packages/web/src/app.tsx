import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routerBasename } from './api/deployment';
import { createQueryClient } from './api/query-client';
import { storageKeys, writeStorage } from './api/storage';
import { authKeys } from './auth/api';
import { SessionGate } from './auth/session-gate';
import { ToastProvider } from './components/toasts/toast-context';
import { ToastStore } from './components/toasts/toast-store';
import { ToastViewport } from './components/toasts/toast-viewport';
import { NavigationEffects } from './features/shell/navigation-effects';
import { AppRoutes } from './routes';

export function App() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const [toasts] = useState(() => new ToastStore());
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      warning: (message) => toasts.show('warning', message),
      error: (message) => toasts.show('error', message),
      unauthorized: (message, fromSession) => {
        writeStorage('session', storageKeys.toast, message);
        // The session may have expired; re-read it, unless reading it is what failed.
        if (!fromSession) void client.invalidateQueries({ queryKey: authKeys.me() });
        const onLogin = window.location.pathname === `${routerBasename}/login`;
        navigateRef.current('/login', { replace: onLogin });
      },
    });
    return client;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider store={toasts}>
        <NavigationEffects />
        <SessionGate>
          <AppRoutes />
        </SessionGate>
        <ToastViewport />
      </ToastProvider>
    </QueryClientProvider>
  );
}
