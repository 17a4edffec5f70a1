import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './tabs.css';

export type TabItem = { key: string; label: ReactNode };

type Props = {
  label: string;
  tabs: readonly TabItem[];
  active: string;
  /** Router path for a tab, e.g. `key => /${cluster}/node/${id}/${key}`. */
  href: (key: string) => string;
  /** Replace the history entry instead of pushing (docs/behaviour.md#acls: the principal page's tabs). */
  replace?: boolean;
  children: ReactNode;
};

/** Tabs whose selection lives in the URL path, so reload and back keep the tab. */
export function UrlTabs({ label, tabs, active, href, replace = false, children }: Props) {
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            to={href(tab.key)}
            replace={replace}
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls="tab-panel"
            className="tabs__tab"
          >
            {tab.label}
          </Link>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id="tab-panel" aria-labelledby={`tab-${active}`}>
        {children}
      </div>
    </div>
  );
}
