import { ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { theme } from '../theme';
import { ListPage, ListPanel, ListState, type ListPageProps, type ListRead } from './ListPage';
import { useDebouncedSearch } from './useDebounced';

const SESSION = { user: { id: 'u1' }, isLoading: false, error: undefined, companyId: 'c1' };
const loaded = (data: unknown = [{}]): ListRead => ({ isLoading: false, isFetching: false, data, refetch: jest.fn() });

function renderPage(overrides: Partial<ListPageProps> = {}) {
  const props: ListPageProps = {
    path: '/inconnu',
    title: 'Articles',
    subtitle: 'Le stock',
    session: SESSION,
    list: loaded(),
    errorTitle: 'Impossible de charger les articles',
    count: 1,
    empty: { title: 'Aucun article' },
    counters: [{ label: 'Total articles', value: 7 }],
    children: <p>le tableau</p>,
    ...overrides,
  };
  // The app's theme: the pager speaks French.
  return render(
    <ThemeProvider theme={theme}>
      <ListPage {...props} />
    </ThemeProvider>,
  );
}

describe('ListPage', () => {
  it('names the section after the route and shows its header, counters and table once loaded', () => {
    renderPage({ path: '/inventaire', actions: <button type="button">Nouvel Article</button> });
    const section = screen.getByRole('region', { name: 'Gestion des Stocks' });
    expect(within(section).getByRole('heading', { level: 1, name: 'Gestion des Stocks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvel Article' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total articles' })).getByText('7')).toBeInTheDocument();
    expect(screen.getByText('le tableau')).toBeInTheDocument();
  });

  it('uses its own title and subtitle for a path missing from the route table', () => {
    renderPage();
    expect(screen.getByRole('region', { name: 'Articles' })).toBeInTheDocument();
    expect(screen.getByText('Le stock')).toBeInTheDocument();
  });

  it('while loading: the requested number of skeletons, counters as skeletons, no table', () => {
    const { container } = renderPage({ list: { isLoading: true, refetch: jest.fn() }, skeletons: 3 });
    expect(screen.getByRole('status')).toHaveTextContent('Chargement...');
    expect(within(screen.getByRole('status')).getAllByText('', { selector: '.MuiSkeleton-root' })).toHaveLength(3);
    expect(within(screen.getByRole('group', { name: 'Total articles' })).queryByText('7')).toBeNull();
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(4);
    expect(screen.queryByText('le tableau')).toBeNull();
  });

  it('shows five skeletons by default, and the session loading before the list', () => {
    renderPage({ session: { ...SESSION, isLoading: true }, list: { isLoading: false, isUninitialized: true, refetch: jest.fn() } });
    expect(within(screen.getByRole('status')).getAllByText('', { selector: '.MuiSkeleton-root' })).toHaveLength(5);
  });

  it('asks for a company first', () => {
    renderPage({ session: { ...SESSION, companyId: null } });
    expect(screen.getByText('Aucune entreprise')).toBeInTheDocument();
    expect(screen.queryByText('le tableau')).toBeNull();
  });

  it('on a failed read: the French title, the detail and Réessayer, which reads again', () => {
    const list: ListRead = {
      isLoading: false,
      error: { status: 500, message: 'Erreur 500', data: { message: 'Base indisponible' } },
      refetch: jest.fn(),
    };
    renderPage({ list });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Impossible de charger les articles');
    expect(alert).toHaveTextContent('Base indisponible');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(list.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('le tableau')).toBeNull();
  });

  it('keeps the loaded table when a refresh fails', () => {
    renderPage({ list: { ...loaded(), error: { status: 500 } } });
    expect(screen.getByText('le tableau')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when empty: the message, the hint and the first-item button for who may create', () => {
    const onClick = jest.fn();
    renderPage({
      count: 0,
      empty: { title: 'Aucun article', create: { description: 'Enregistrez vos articles.', label: 'Ajouter le premier article', onClick } },
    });
    expect(screen.getByText('Aucun article')).toBeInTheDocument();
    expect(screen.getByText('Enregistrez vos articles.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le premier article' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('le tableau')).toBeNull();
  });

  it('when a filter leaves nothing: the filtered message, without the first-item button', () => {
    renderPage({
      count: 0,
      filtered: true,
      emptyFiltered: 'Aucun article trouvé avec ces critères',
      empty: { title: 'Aucun article', create: { description: 'x', label: 'Ajouter le premier article', onClick: jest.fn() } },
    });
    expect(screen.getByText('Aucun article trouvé avec ces critères')).toBeInTheDocument();
    expect(screen.queryByText('Aucun article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter le premier article' })).toBeNull();
  });

  it('search: a labelled search box above the table that reports each change', () => {
    const onChange = jest.fn();
    renderPage({ search: { label: 'Rechercher un article', placeholder: "Nom de l'article", value: '', onChange } });
    const box = screen.getByRole('searchbox', { name: 'Rechercher un article' });
    expect(box).toHaveAttribute('placeholder', "Nom de l'article");
    fireEvent.change(box, { target: { value: 'riz' } });
    expect(onChange).toHaveBeenCalledWith('riz');
  });

  it('pagination: the pager under the table moves to the next page', () => {
    const onPageChange = jest.fn();
    renderPage({ pagination: { page: 0, pageSize: 25, totalItems: 60, onPageChange } });
    expect(screen.getByText('1–25 sur 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aller à la page suivante' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('pagination: a page left empty falls back to the last page, and no pager shows on an empty list', () => {
    const onPageChange = jest.fn();
    renderPage({ count: 0, filtered: true, emptyFiltered: 'Rien', pagination: { page: 3, pageSize: 25, totalItems: 30, onPageChange } });
    expect(onPageChange).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('button', { name: 'Aller à la page suivante' })).toBeNull();
  });
});

describe('ListState', () => {
  it('shows the table without a session check when none is given', () => {
    render(
      <ListState list={loaded()} errorTitle="x" count={2} empty={{ title: 'Vide' }}>
        <p>contenu</p>
      </ListState>,
    );
    expect(screen.getByText('contenu')).toBeInTheDocument();
  });

  it('shows a custom empty action', () => {
    render(
      <ListState
        list={loaded([])}
        errorTitle="x"
        count={0}
        empty={{ title: 'Aucun compte', action: <button type="button">Générer</button> }}
      >
        <p>contenu</p>
      </ListState>,
    );
    expect(screen.getByRole('button', { name: 'Générer' })).toBeInTheDocument();
  });
});

describe('ListPanel', () => {
  it('puts its creation button and notice above the list, and its own loading shape while loading', () => {
    const onClick = jest.fn();
    const { rerender } = render(
      <ListPanel
        create={{ label: 'Nouveau projet', onClick }}
        notice={<p>Comptabilité indisponible</p>}
        list={{ isLoading: true, refetch: jest.fn() }}
        loading={<p>cartes en attente</p>}
        errorTitle="x"
        count={0}
        empty={{ title: 'Aucun projet' }}
      >
        <p>les cartes</p>
      </ListPanel>,
    );
    expect(screen.getByText('cartes en attente')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Comptabilité indisponible')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nouveau projet' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <ListPanel list={loaded()} errorTitle="x" count={1} empty={{ title: 'Aucun projet' }}>
        <p>les cartes</p>
      </ListPanel>,
    );
    expect(screen.getByText('les cartes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau projet' })).toBeNull();
  });
});

describe('useDebouncedSearch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives the trimmed query once typing has paused for 300 ms', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setInput('  riz '));
    expect(result.current.input).toBe('  riz ');
    expect(result.current.search).toBe('');
    act(() => jest.advanceTimersByTime(299));
    expect(result.current.search).toBe('');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.search).toBe('riz');
  });
});
