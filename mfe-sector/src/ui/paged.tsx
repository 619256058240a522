import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { TagDescription } from '@reduxjs/toolkit/query';
import {
  COMPANY_DATA_TAG,
  companyUrl,
  ListPagination,
  ListPanel,
  SearchField,
  useDebouncedSearch,
  useFilteredPage,
  useLastPageFallback,
  type ListPanelProps,
  type TagType,
  type XaalisEndpointBuilder,
} from '@xaalis/web-kit';

/** The page size of the sector's lists. */
export const SECTOR_PAGE_SIZE = 25;
/**
 * The stock alerts name the low items among the first CHOICE_PAGE_SIZE (the server's largest page) and count them
 * all with the server's counter. The dialogs' choices search the server as the user types (their fields).
 */
export const CHOICE_PAGE_SIZE = 100;

/** One page of one of the company's lists: `page` from 1, `search` contained, `id` one record (a select box's chosen value). */
export interface CompanyPageArgs {
  companyId: string;
  page?: number;
  pageSize?: number;
  search?: string;
  id?: string;
}

/** GET /api/companies/:companyId{path}?page=&pageSize=&search=&id= → R (the `Paged` envelope and its counters). */
export const companyPageQuery = <R, A extends CompanyPageArgs = CompanyPageArgs>(
  build: XaalisEndpointBuilder,
  path: string,
  tags: readonly TagDescription<TagType>[],
) =>
  build.query<R, A>({
    query: ({ companyId, ...params }) => ({
      url: companyUrl(companyId, path),
      params: { ...params, search: params.search?.trim() || undefined },
    }),
    providesTags: [...tags, COMPANY_DATA_TAG],
  });

/** The first CHOICE_PAGE_SIZE items by name (the stock alerts' read). */
export const choiceArgs = (companyId: string, search = ''): CompanyPageArgs => ({
  companyId,
  page: 1,
  pageSize: CHOICE_PAGE_SIZE,
  search: search || undefined,
});

/** A list page's debounced search and page (back to the first when the search changes). */
export function usePagedSearch(...filters: unknown[]) {
  const box = useDebouncedSearch();
  const [page, setPage] = useFilteredPage(box.search, ...filters);
  return { ...box, page, setPage };
}

export interface PagedPanelProps extends Omit<ListPanelProps, 'filtered' | 'notice'> {
  search: { label: string; placeholder?: string; value: string; onChange: (value: string) => void; active: boolean };
  pagination: { page: number; totalItems: number; onPageChange: (page: number) => void; pageSize?: number };
  notice?: ReactNode;
}

/** A tab's list with its search box above and its pager under (server pages): French loading, empty and filtered-empty states. */
export function PagedPanel({ search, pagination, children, notice, ...panel }: PagedPanelProps) {
  const pageSize = pagination.pageSize ?? SECTOR_PAGE_SIZE;
  useLastPageFallback(Boolean(panel.list.data), pagination.page, pagination.totalItems, pageSize, pagination.onPageChange);
  return (
    <ListPanel
      {...panel}
      filtered={search.active}
      notice={
        <>
          {notice}
          <Box sx={{ mb: 2 }}>
            <SearchField label={search.label} placeholder={search.placeholder} value={search.value} onChange={search.onChange} />
          </Box>
        </>
      }
    >
      {children}
      {pagination.totalItems > pageSize ? (
        <ListPagination count={pagination.totalItems} page={pagination.page} pageSize={pageSize} onPageChange={pagination.onPageChange} />
      ) : null}
    </ListPanel>
  );
}

/** The search and pager of a panel. */
export type PanelPaging = Pick<PagedPanelProps, 'search' | 'pagination'>;
export type PagedSearch = ReturnType<typeof usePagedSearch>;

/** The query of the page `state` shows (`page` from 0 on screen, from 1 on the wire). */
export const pageArgs = (companyId: string, state: PagedSearch): CompanyPageArgs => ({
  companyId,
  page: state.page + 1,
  pageSize: SECTOR_PAGE_SIZE,
  search: state.search || undefined,
});

/** A panel's search box (`label`, `placeholder`) and pager over `totalItems`. */
export const panelPaging = (state: PagedSearch, label: string, placeholder: string, totalItems: number | undefined): PanelPaging => ({
  search: { label, placeholder, value: state.input, onChange: state.setInput, active: Boolean(state.search) },
  pagination: { page: state.page, totalItems: totalItems ?? 0, onPageChange: state.setPage },
});
