import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
import './styles/global.css';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const container = root;
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
