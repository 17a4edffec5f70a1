import './zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { routerBasename } from './api/deployment';
import { App } from './app';
import { applyStartupTheme } from './lib/theme-dom';
import { preloadScreen } from './routes/cluster-routes';
import './styles/global.css';
import './styles/controls.css';

applyStartupTheme();
const { pathname } = window.location;
if (pathname.startsWith(`${routerBasename}/`)) preloadScreen(pathname.slice(routerBasename.length));

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename={routerBasename}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
