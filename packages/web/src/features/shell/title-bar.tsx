import type { ReactNode } from 'react';
import { SessionButton } from './session-button';
import { MAIN_ID } from './skip-link';
import { ThemeToggle } from './theme-toggle';

type Props = { title: ReactNode; actions?: ReactNode };

export function TitleBar({ title, actions }: Props) {
  return (
    <header className="title-bar">
      <h1 className="title-bar__title" id={MAIN_ID} tabIndex={-1}>
        {title}
      </h1>
      <div className="title-bar__actions">
        {actions}
        <ThemeToggle />
        <SessionButton />
      </div>
    </header>
  );
}
