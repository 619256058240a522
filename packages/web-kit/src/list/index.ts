// The list page scaffolding: page, states, table, search, filters and server pagination.
export * from './DataTable';
export * from './FilterSelect';
export * from './ListPage';
export * from './pagination';
export * from './SearchField';
export * from './useDebounced';
export * from './ServerAutocomplete';
export * from './TableContainer';
