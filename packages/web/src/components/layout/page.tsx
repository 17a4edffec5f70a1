import type { ReactNode } from 'react';
import { TitleBar } from './title-bar';
import './layout.css';

type Props = { title: ReactNode; actions?: ReactNode; children: ReactNode };

/** A screen inside the console: the title bar, then the content. */
export function Page({ title, actions, children }: Props) {
  return (
    <>
      <TitleBar title={title} actions={actions} />
      <main className="page">{children}</main>
    </>
  );
}
