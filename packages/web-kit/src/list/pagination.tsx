import TablePagination from '@mui/material/TablePagination';
import { useCallback, useEffect, useState } from 'react';

/** The index of the last page (0 when there is nothing). */
export function lastPageIndex(totalItems: number, pageSize: number): number {
  return Math.max(0, Math.ceil(totalItems / pageSize) - 1);
}

/**
 * The page of a server-paginated list, back to the first page whenever a filter
 * changes (compared by value): derived during render, without an effect and the
 * extra request for the old page that an effect would let through.
 */
export function useFilteredPage(...filters: unknown[]): [number, (page: number) => void] {
  const key = JSON.stringify(filters);
  const [state, setState] = useState({ key, page: 0 });
  const setPage = useCallback((page: number) => setState({ key, page }), [key]);
  return [state.key === key ? state.page : 0, setPage];
}

/** A page left empty (after a filter or a change elsewhere) falls back to the last page, once the list is `loaded`. */
export function useLastPageFallback(
  loaded: boolean,
  page: number,
  totalItems: number,
  pageSize: number,
  setPage: (page: number) => void,
): void {
  useEffect(() => {
    if (loaded && page > 0 && page * pageSize >= totalItems) setPage(lastPageIndex(totalItems, pageSize));
  }, [loaded, page, totalItems, pageSize, setPage]);
}

/** The pager under a server-paginated table: fixed page size unless `pageSizes` are offered, page kept within range. */
export function ListPagination({
  count,
  page,
  pageSize,
  onPageChange,
  pageSizes,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The page sizes the user may choose from, and what a choice does. */
  pageSizes?: { options: readonly number[]; onChange: (pageSize: number) => void };
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.min(page, lastPageIndex(count, pageSize))}
      onPageChange={(_event, next) => onPageChange(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes?.options ?? [pageSize]}
      onRowsPerPageChange={pageSizes ? (event) => pageSizes.onChange(Number(event.target.value)) : undefined}
    />
  );
}
