// @xaalis/web-kit: shared React pieces, loaded once (Module Federation singleton).
export * from './format';
export * from './browser';
export * from './toast';
export * from './api';
export * from './auth';
export * from './memberships';
export * from './workspace';
export * from './sectorModules';
export * from './dispatch';
export * from './store';
export * from './theme';
export * from './forms';
export * from './page';
export * from './providers';
export * from './ui';
export * from './download';
export * from './jobs';
