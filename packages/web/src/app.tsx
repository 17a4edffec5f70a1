import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routerBasename } from './api/deployment';
import { ErrorReporter } from './api/error-reporter';
import { createQueryClient, type ErrorSink, reportError } from './api/query-client';
import { storageKeys, writeStorage } from './api/storage';
import { authKeys } from './auth/api';
import { SessionGate } from './auth/session-gate';
import { ToastProvider } from './components/toasts/toast-context';
import { ToastStore } from './components/toasts/toast-store';
import { ToastViewport } from './components/toasts/toast-viewport';
import { NavigationEffects } from './features/shell/navigation/navigation-effects';
import { AppRoutes } from './routes/app-routes';

export function App() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const [toasts] = useState(() => new ToastStore());
  const [{ queryClient, report }] = useState(() => {
    const sink: ErrorSink = {
      warning: (message) => toasts.show('warning', message),
      error: (message) => toasts.show('error', message),
      unauthorized: (message, fromSession) => {
        writeStorage('session', storageKeys.toast, message);
        // The session may have expired; re-read it, unless reading it is what failed.
        if (!fromSession) void client.invalidateQueries({ queryKey: authKeys.me() });
        const onLogin = window.location.pathname === `${routerBasename}/login`;
        navigateRef.current('/login', { replace: onLogin });
      },
    };
    const client = createQueryClient(sink);
    return { queryClient: client, report: (error: unknown) => reportError(error, sink) };
  });

  return (
    <QueryClientProvider client={queryClient}>
      <ErrorReporter value={report}>
        <ToastProvider store={toasts}>
          <NavigationEffects />
          <SessionGate>
            <AppRoutes />
          </SessionGate>
          <ToastViewport />
        </ToastProvider>
      </ErrorReporter>
    </QueryClientProvider>
  );
}
