import { type ReactNode, Suspense } from 'react';
import { SkipLink } from '../../components/layout/skip-link';
import { TitleBarEnd } from '../../components/layout/title-bar-end';
import { LoadingScreen } from '../../components/loading-screen';
import { SideMenu } from './menu/side-menu';
import { useMenuExpanded } from './menu/use-menu-expanded';
import { SessionButton } from './title-bar/session-button';
import { ThemeToggle } from './title-bar/theme-toggle';
import './shell.css';

const titleBarEnd = (
  <>
    <ThemeToggle />
    <SessionButton />
  </>
);

export function AppLayout({ children }: { children: ReactNode }) {
  const [expanded, toggle] = useMenuExpanded();
  return (
    <div className={expanded ? 'app-shell' : 'app-shell app-shell--collapsed'}>
      <SkipLink />
      <SideMenu expanded={expanded} onToggle={toggle} />
      <div className="app-shell__main">
        <TitleBarEnd value={titleBarEnd}>
          {/* Screens load on first visit (routes/screens.ts). */}
          <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
        </TitleBarEnd>
      </div>
    </div>
  );
}
