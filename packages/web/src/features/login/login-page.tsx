import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { readStorage, removeStorage, storageKeys } from '../../api/storage';
import { hasRoles } from '../../auth/permissions';
import { useSession } from '../../auth/session-context';
import { useToasts } from '../../components/toasts/toast-context';
import { NotBuilt } from '../placeholder/placeholder-page';
import { productName } from '../shell/page-titles';

/**
 * Spec part 2 §2 Login page. The form itself is not built yet; this page already shows the message
 * stored by a 401/403, and leaves for the console when login is disabled.
 */
export function LoginPage() {
  const { auths, me } = useSession();
  const toasts = useToasts();
  const [stored] = useState(() => readStorage('session', storageKeys.toast));
  const rolesMissing = me.logged && !hasRoles(me);

  useEffect(() => {
    if (stored) toasts.warning(stored);
    removeStorage('session', storageKeys.toast);
  }, [stored, toasts]);

  useEffect(() => {
    if (rolesMissing) toasts.warning('User logged in but no roles assigned');
  }, [rolesMissing, toasts]);

  // Without a stored message, so that a refused page cannot bounce between here and the console.
  if (!auths.loginEnabled && hasRoles(me) && !stored) return <Navigate to="/" replace />;

  return (
    <main className="standalone">
      <div className="standalone__card panel">
        <h1>{productName}</h1>
        <p>{auths.loginEnabled ? 'Sign in to continue.' : 'Login is not enabled on this server.'}</p>
        <NotBuilt screen="Login" />
        {hasRoles(me) && (
          <p>
            <Link to="/">Continue to the console</Link>
          </p>
        )}
      </div>
    </main>
  );
}
