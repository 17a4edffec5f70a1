import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { rootUrl, routerBasename } from '../../api/deployment';
import { ApiError } from '../../api/errors';
import { readStorage, removeStorage, storageKeys, takeStorage } from '../../api/storage';
import { useLogin, useLogout } from '../../auth/api';
import { hasRoles } from '../../auth/permissions';
import { useSession } from '../../auth/session-context';
import { FormField, fieldProps } from '../../components/form/form-field';
import { useToasts } from '../../components/toasts/toast-context';
import { productName } from '../../lib/product-name';
import { useForm } from '../../lib/use-form';
import { afterLogin, LoginForm, loginFailure, noRoles, wrongCredentials } from './login-form';
import './login.css';

/**
 * The login page (docs/api-conventions.md#sessions-and-login): the form (unless `formEnabled` is false), then
 * one button per sign-in provider after 'or'. A message stored by a refused call, or sent back by a failed
 * provider sign-in, is shown as a warning.
 */
export function LoginPage() {
  const { auths, me } = useSession();
  const toasts = useToasts();
  const [params] = useSearchParams();
  const [stored] = useState(() => readStorage('session', storageKeys.toast));
  const [providerError] = useState(() => params.get('error'));
  const [rolesMissing] = useState(() => me.logged && !hasRoles(me));
  // Decided on arrival: a login made on this page navigates by itself, to the return-to location.
  const [arrivedLoggedIn] = useState(() => me.logged && hasRoles(me));

  useEffect(() => {
    if (stored) toasts.warning(stored);
    if (providerError) toasts.warning(providerError);
    if (rolesMissing) toasts.warning(noRoles);
    removeStorage('session', storageKeys.toast);
  }, [stored, providerError, rolesMissing, toasts]);

  // Without a stored message, so that a refused page cannot bounce between here and the console.
  if (!auths.loginEnabled && hasRoles(me) && !stored) return <Navigate to="/" replace />;
  if (arrivedLoggedIn && !stored && !providerError) return <Navigate to="/" replace />;

  const providers = [...(auths.oidcAuths ?? []), ...(auths.oauthAuths ?? [])];
  return (
    <main className="standalone">
      <div className="standalone__card panel login">
        <h1>{productName}</h1>
        {!auths.loginEnabled ? (
          <p>Login is not enabled on this server.</p>
        ) : (
          <>
            {auths.formEnabled && <PasswordForm />}
            {providers.length > 0 && (
              <>
                {auths.formEnabled && <p className="login__or">or</p>}
                <div className="login__providers">
                  {providers.map((provider) => (
                    <a key={provider.key} className="btn" href={providerUrl(provider.key)}>
                      {provider.label}
                    </a>
                  ))}
                </div>
              </>
            )}
          </>
        )}
        <SessionNote />
      </div>
    </main>
  );
}

/** The provider round trip ends on the server, which then sends the browser to this page. */
function providerUrl(key: string): string {
  const returnTo = afterLogin(readStorage('session', storageKeys.returnTo));
  const redirect = `${routerBasename}${returnTo === '/' ? '' : returnTo}`;
  return rootUrl(`oauth/login/${encodeURIComponent(key)}?redirect=${encodeURIComponent(redirect)}`);
}

function PasswordForm() {
  const navigate = useNavigate();
  const toasts = useToasts();
  const login = useLogin();
  const form = useForm(LoginForm, { username: '', password: '' });
  const { values, errors } = form;
  const incomplete = !LoginForm.safeParse(values).success;

  const onSubmit = form.submit((credentials) =>
    login.mutate(credentials, {
      onSuccess: (me) => {
        if (!me.logged) toasts.warning(wrongCredentials);
        else if (!hasRoles(me)) toasts.warning(noRoles);
        else {
          // A failed attempt's 'Wrong Username or Password!' no longer holds.
          toasts.dismissWarnings();
          navigate(afterLogin(takeStorage('session', storageKeys.returnTo)), { replace: true });
        }
      },
      onError: (error) => {
        const status = error instanceof ApiError ? error.status : undefined;
        toasts.warning(loginFailure(status, error.message));
      },
    }),
  );

  return (
    <form className="form login__form" aria-label="Login" noValidate onSubmit={onSubmit}>
      <FormField id="login-username" label="Username" error={errors.username}>
        <input
          className="input"
          autoComplete="username"
          {...fieldProps('login-username', errors.username)}
          value={values.username}
          onChange={(event) => form.set('username', event.target.value)}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password}>
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          {...fieldProps('login-password', errors.password)}
          value={values.password}
          onChange={(event) => form.set('password', event.target.value)}
        />
      </FormField>
      <button
        type="submit"
        className="btn btn--primary login__submit"
        disabled={form.invalid || incomplete || login.isPending}
      >
        Login
      </button>
    </form>
  );
}

/** A logged-in user without roles can only log out from here; others may go back to the console. */
function SessionNote() {
  const { me } = useSession();
  const logout = useLogout();
  if (me.logged) {
    return (
      <p className="login__note">
        Logged in as {me.username}.{' '}
        <button type="button" className="btn btn--ghost" onClick={() => logout.mutate()}>
          Logout
        </button>
      </p>
    );
  }
  return hasRoles(me) ? (
    <p className="login__note">
      <Link to="/">Continue to the console</Link>
    </p>
  ) : null;
}
