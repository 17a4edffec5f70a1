import { type ReactNode, useContext } from 'react';
import { MAIN_ID } from './skip-link';
import { TitleBarEnd } from './title-bar-end';

type Props = { title: ReactNode; actions?: ReactNode };

export function TitleBar({ title, actions }: Props) {
  const end = useContext(TitleBarEnd);
  return (
    <header className="title-bar">
      <h1 className="title-bar__title" id={MAIN_ID} tabIndex={-1}>
        {title}
      </h1>
      <div className="title-bar__actions">
        {actions}
        {end}
      </div>
    </header>
  );
}
