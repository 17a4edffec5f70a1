import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { useSession } from '../../../auth/session-context';
import { Icon } from '../../../components/icon';
import { productName } from '../../../lib/product-name';
import { capabilitiesQuery } from '../../clusters/api';
import { ClusterPickers } from './cluster-pickers';
import { menuEntries } from './menu-entries';
import './side-menu.css';

type Props = { expanded: boolean; onToggle: () => void };

export function SideMenu({ expanded, onToggle }: Props) {
  const { cluster, permissions } = useClusterScope();
  const { auths } = useSession();
  const area = useLocation().pathname.split('/')[2];
  const features = useQuery(capabilitiesQuery(cluster.id)).data?.features;

  return (
    <aside className="side-menu" aria-label="Main menu">
      <div className="side-menu__brand">
        <span className="side-menu__logo" aria-hidden="true">
          K
        </span>
        {expanded && <span className="side-menu__product">{productName}</span>}
      </div>
      {expanded && <ClusterPickers />}
      <nav className="side-menu__nav">
        {menuEntries(cluster, permissions, features).map((entry) => (
          <Link
            key={entry.area}
            to={entry.path}
            className="side-menu__entry"
            aria-current={entry.area === area ? 'page' : undefined}
            title={expanded ? undefined : entry.label}
          >
            <Icon name={entry.icon} size={18} />
            {expanded ? <span>{entry.label}</span> : <span className="visually-hidden">{entry.label}</span>}
          </Link>
        ))}
      </nav>
      <div className="side-menu__footer">
        {expanded && <span className="side-menu__version">{versionLabel(auths.version)}</span>}
        <button
          type="button"
          className="side-menu__toggle"
          aria-label={expanded ? 'Collapse menu' : 'Expand menu'}
          aria-expanded={expanded}
          onClick={onToggle}
        >
          <Icon name={expanded ? 'collapse' : 'expand'} />
        </button>
      </div>
    </aside>
  );
}

const versionLabel = (version: string) => (/^\d/.test(version) ? `v${version}` : version);
