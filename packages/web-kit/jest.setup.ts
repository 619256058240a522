// Jest setup for the web project (jsdom): DOM matchers and the few browser APIs jsdom lacks.
import '@testing-library/jest-dom';
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

// findBy*/waitFor give up after 1 s by default: too short when two Jest workers, Postgres
// and the service tests share a 2-core CI machine (MUI dialogs animate out before the
// page below is queryable again). A real failure still fails, just after 5 s.
configure({ asyncUtilTimeout: 5000 });

if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// React Router reads TextEncoder at import time; jsdom does not provide it.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder: NodeTextEncoder, TextDecoder: NodeTextDecoder });
}
