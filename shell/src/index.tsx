// Shell entry. The federation plugin's asyncStartup has already initialised sharing
// when this runs, so shared modules (React, MUI, web-kit...) can be imported statically.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ensureRemotesRegistered } from './features/remotes/remotes';

// Read /config/remotes.json early; a failure is reported by each remote page (retry).
ensureRemotesRegistered().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('#root manquant dans index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
