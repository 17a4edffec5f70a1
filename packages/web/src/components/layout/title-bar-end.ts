import { createContext, type ReactNode } from 'react';

/**
 * What closes every title bar after the screen's own actions (the theme and session buttons): the
 * console's layout provides it, so screens and this folder need not know the session.
 */
export const TitleBarEnd = createContext<ReactNode>(null);
