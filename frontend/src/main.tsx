import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentLanguage, i18n, loadLanguage } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first paint is in the user's language: load its texts (Japanese is a chunk of its own) first.
await loadLanguage(currentLanguage());
await i18n.changeLanguage(currentLanguage());

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
