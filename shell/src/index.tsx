// Shell entry. The federation plugin's asyncStartup has already initialised sharing
// when this runs, so shared modules (React, MUI...) can be imported statically. Keep
// this entry light: it is what a first visit to / or /auth downloads (budget 170 KiB
// gzipped, e2e/src/auth-bundle-budget.e2e.test.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('#root manquant dans index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
