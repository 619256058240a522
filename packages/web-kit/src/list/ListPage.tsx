import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { APP_ROUTES } from '@xaalis/contracts';
import type { ReactNode } from 'react';
import { PageHeader, TitleBlock } from '../page';
import { CounterRow, CounterTile } from '../ui/CounterTile';
import { AddIcon } from '../ui/icons';
import { EmptyState, ErrorState, LoadingState, sessionPreamble } from '../ui/states';
import { ListPagination, useLastPageFallback } from './pagination';
import { SearchField, type SearchFieldProps } from './SearchField';

/** The signed-in session as useSession() gives it. */
export interface ListSession {
  user: unknown;
  isLoading: boolean;
  error: unknown;
  companyId: string | null | undefined;
}

/** The read behind a list (an RTK Query result). */
export interface ListRead {
  isLoading: boolean;
  isUninitialized?: boolean;
  isFetching?: boolean;
  error?: unknown;
  data?: unknown;
  refetch: () => unknown;
}

/** A button with a '+' that opens a creation dialog ('Nouvel Article', 'Ajouter le premier article'). */
export function AddButton({
  onClick,
  disabled,
  variant = 'contained',
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  variant?: 'contained' | 'outlined';
  children: ReactNode;
}) {
  return (
    <Button variant={variant} startIcon={<AddIcon />} onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

/** The 'Nouveau ...' button of a list; none for a role that may not create. */
export interface ListCreate {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

function createButton(create: ListCreate) {
  return (
    <AddButton onClick={create.onClick} disabled={create.disabled}>
      {create.label}
    </AddButton>
  );
}

/** What an empty list says: the specification's message, and for who may create, a hint and the first-item button. */
export interface ListEmpty {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** Shorthand for a description and an outlined '+' button. */
  create?: { description: string; label: string; onClick: () => void; disabled?: boolean };
}

export interface ListStateProps {
  list: ListRead;
  /** The error state's French title ('Impossible de charger les ...'). */
  errorTitle: string;
  /** How many skeleton rows the loading state shows (fixed per page by the specification). */
  skeletons?: number;
  skeletonHeight?: number;
  /** A loading state of the list's own shape (e.g. card placeholders) instead of the skeleton rows. */
  loading?: ReactNode;
  /** When given, the session's own states (loading, no account, no company) come first. */
  session?: ListSession;
  /** The number of rows shown: none shows the empty state. */
  count: number;
  /** A filter narrows the list: an empty result shows `emptyFiltered` instead of `empty`. */
  filtered?: boolean;
  empty: ListEmpty;
  emptyFiltered?: string;
  /** The table, shown once there is something to show. */
  children: ReactNode;
}

function emptyState({ title, description, action, create }: ListEmpty): ReactNode {
  return (
    <EmptyState
      title={title}
      description={create ? create.description : description}
      action={
        create ? (
          <AddButton variant="outlined" onClick={create.onClick} disabled={create.disabled}>
            {create.label}
          </AddButton>
        ) : (
          action
        )
      }
    />
  );
}

/** A list's body in the order every list page follows: session, loading, error, empty, empty after a filter, the table. */
export function ListState({
  list,
  errorTitle,
  skeletons = 5,
  skeletonHeight,
  loading,
  session,
  count,
  filtered,
  empty,
  emptyFiltered,
  children,
}: ListStateProps) {
  if (session) {
    const preamble = sessionPreamble({
      user: session.user,
      userLoading: session.isLoading,
      userError: session.error,
      companyId: session.companyId,
      rows: skeletons,
    });
    if (preamble) return preamble;
  }
  if (list.isLoading) return loading ?? <LoadingState rows={skeletons} height={skeletonHeight} />;
  if (list.error && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} title={errorTitle} />;
  if (count === 0) return filtered && emptyFiltered !== undefined ? <EmptyState title={emptyFiltered} /> : emptyState(empty);
  return children;
}

export interface ListPanelProps extends ListStateProps {
  /** The 'Nouveau ...' button, right-aligned above the list; none for a role that may not create. */
  create?: ListCreate;
  /** A notice between the button and the list. */
  notice?: ReactNode;
}

/** A list in a tab of a page (Matières premières, Projets...): its creation button above, then its states and content. */
export function ListPanel({ create, notice, ...state }: ListPanelProps) {
  return (
    <Box>
      {create ? <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{createButton(create)}</Box> : null}
      {notice}
      <ListState {...state} />
    </Box>
  );
}

/** A counter of the row above the list. */
export interface ListCounter {
  label: string;
  value: ReactNode;
  color?: string;
}

/** Server-side pages: the page shown (from 0), its size and the number of items over all pages. */
export interface ListPaging {
  page: number;
  pageSize: number;
  totalItems: number;
  onPageChange: (page: number) => void;
}

export interface ListPageProps extends Omit<ListStateProps, 'session'> {
  /** The route's path in APP_ROUTES: its title names the section and heads the page, with its subtitle. */
  path: string;
  /** The title and subtitle when the route table has none. */
  title: string;
  subtitle?: string;
  session: ListSession;
  /** The header's buttons ('Exporter'...). */
  actions?: ReactNode;
  /** The 'Nouveau ...' button, last of the header's; none for a role that may not create. */
  create?: ListCreate;
  counters?: readonly ListCounter[];
  /** The search box above the table. */
  search?: SearchFieldProps;
  /** Filters and buttons beside the search box. */
  toolbar?: ReactNode;
  /** Server-side pagination: the pager under the table; a page left empty falls back to the last one. */
  pagination?: ListPaging;
  /** Dialogs the page opens, after its content. */
  dialogs?: ReactNode;
  /** Between the counters and the list (e.g. the page's tabs). */
  above?: ReactNode;
  /** What holds the list; an outlined panel by default. */
  frame?: (body: ReactNode) => ReactNode;
}

const panel = (body: ReactNode) => (
  <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
    {body}
  </Paper>
);

const SEARCH_SX = { minWidth: 260, flex: '1 1 260px', maxWidth: 440 } as const;

/** A company list page: header with actions, counters, search and filters, the list's states, the table and its pager. */
export function ListPage({
  path,
  title,
  subtitle,
  session,
  actions,
  create,
  counters,
  search,
  toolbar,
  pagination,
  dialogs,
  above,
  frame = panel,
  children,
  ...state
}: ListPageProps) {
  const route = APP_ROUTES.find((r) => r.path === path);
  const name = route?.title ?? title;
  const { list } = state;
  const countersLoading = !list.data && (session.isLoading || list.isLoading || Boolean(list.isUninitialized));
  useLastPageFallback(
    Boolean(list.data),
    pagination?.page ?? 0,
    pagination?.totalItems ?? 0,
    pagination?.pageSize ?? 1,
    pagination?.onPageChange ?? noop,
  );
  return (
    <Box component="section" aria-label={name}>
      <PageHeader
        title={name}
        subtitle={route?.subtitle ?? subtitle}
        actions={
          create ? (
            <>
              {actions}
              {createButton(create)}
            </>
          ) : (
            actions
          )
        }
      />
      {counters ? (
        <CounterRow>
          {counters.map((c) => (
            <CounterTile key={c.label} label={c.label} value={c.value} color={c.color} loading={countersLoading} />
          ))}
        </CounterRow>
      ) : null}
      {above}
      {frame(
        <>
          {search || toolbar ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
              {search ? <SearchField sx={SEARCH_SX} {...search} /> : null}
              {toolbar}
            </Box>
          ) : null}
          <ListState session={session} {...state}>
            {children}
            {pagination ? (
              <ListPagination
                count={pagination.totalItems}
                page={pagination.page}
                pageSize={pagination.pageSize}
                onPageChange={pagination.onPageChange}
              />
            ) : null}
          </ListState>
        </>,
      )}
      {dialogs}
    </Box>
  );
}

function noop() {}

/** The title block of a list inside a tab (Paramètres → Tiers): a level-2 heading, a line, the buttons on the right. */
export function TabHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
      <Box>
        <TitleBlock title={title} subtitle={subtitle} variant="h2" component="h2" />
      </Box>
      {actions}
    </Box>
  );
}
