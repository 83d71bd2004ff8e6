import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
import './styles/global.css';
import { App } from './app';
import { preloadPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const container = root;
// The texts and the first page's code and data load side by side; a page that failed to load shows its error state.
void Promise.all([i18nReady, preloadPage(window.location).catch(() => undefined)]).then(() =>
  // A transition renders in slices, between which the browser stays responsive.
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
