import { useNavigate } from 'react-router-dom';
import { useLogout } from '../../../auth/api';
import { useSession } from '../../../auth/session-context';
import { Icon } from '../../../components/icon';
import { sessionButtonState } from './session-button-state';

export function SessionButton() {
  const { auths, me } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const state = sessionButtonState(auths.loginEnabled, me);

  switch (state.kind) {
    case 'login':
      return (
        <button type="button" className="btn btn--primary" onClick={() => navigate('/login')}>
          <Icon name="login" />
          Login
        </button>
      );
    case 'logout':
      return (
        <button type="button" className="btn" disabled={logout.isPending} onClick={() => logout.mutate()}>
          <Icon name="logout" />
          {state.label}
        </button>
      );
    case 'user':
      return (
        <button type="button" className="btn" disabled>
          <Icon name="user" />
          {state.label}
        </button>
      );
    case 'none':
      return null;
  }
}
