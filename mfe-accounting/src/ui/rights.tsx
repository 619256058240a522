// The read-only notice is shared by every remote's Paramètres tab (web-kit); kept here for the accounting imports.
export { ReadOnlyNotice, useForbiddenMessage } from '@xaalis/web-kit';
