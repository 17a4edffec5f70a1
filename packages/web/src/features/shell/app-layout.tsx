import { type ReactNode, Suspense } from 'react';
import { LoadingScreen } from '../../components/loading-screen';
import { SideMenu } from './side-menu';
import { SkipLink } from './skip-link';
import { useMenuExpanded } from './use-menu-expanded';
import './shell.css';

export function AppLayout({ children }: { children: ReactNode }) {
  const [expanded, toggle] = useMenuExpanded();
  return (
    <div className={expanded ? 'app-shell' : 'app-shell app-shell--collapsed'}>
      <SkipLink />
      <SideMenu expanded={expanded} onToggle={toggle} />
      <div className="app-shell__main">
        {/* Screens other than the landing list load on first visit (lazy-screens.tsx). */}
        <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
      </div>
    </div>
  );
}
