import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { baseApi } from '../api';
import { companyListQuery, type CompanyListArgs } from '../companyEndpoints';
import { heldAnswer, mockFetch } from '../testing/fetch';
import { autocompleteOptions, callsTo, COMPANY_ID, renderWithApp, testUuid } from '../testing/app';
import { FormServerAutocomplete, LOADING_OPTIONS_TEXT, NO_OPTION_TEXT, OPTIONS_PAGE_SIZE, useServerOptions } from './ServerAutocomplete';

interface Client {
  id: string;
  name: string;
}
type Filter = { page?: number; pageSize?: number; search?: string; id?: string };

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTestClients: companyListQuery<{ items: Client[] }, Filter>(build, '/test-clients', []),
  }),
});

const CLIENTS_URL = `/api/companies/${COMPANY_ID}/test-clients`;
const CLIENTS: Client[] = Array.from({ length: 30 }, (_, i) => ({ id: testUuid(i + 1), name: `Client ${String(i + 1).padStart(2, '0')}` }));

/** The server: `search` in the name, `id`, a page. */
function server() {
  return mockFetch({
    [`GET ${CLIENTS_URL}`]: (_init, url) => {
      const q = new URL(url, 'http://localhost').searchParams;
      const search = q.get('search')?.toLowerCase();
      const matching = CLIENTS.filter((c) => (!search || c.name.toLowerCase().includes(search)) && (!q.get('id') || c.id === q.get('id')));
      return { body: { items: matching.slice(0, Number(q.get('pageSize'))) } };
    },
  });
}

function Form({ initial = '', onChosen }: { initial?: string; onChosen?: (id: string, client: Client | null) => void }) {
  const { control, setValue } = useForm<{ clientId: string }>({ defaultValues: { clientId: initial } });
  const value = useWatch({ control, name: 'clientId' });
  const options = useServerOptions<Client, CompanyListArgs<Filter>>(
    testApi.useListTestClientsQuery,
    (filter) => ({ companyId: COMPANY_ID, ...filter }),
    value,
  );
  return (
    <FormServerAutocomplete<Client, { clientId: string }>
      control={control}
      name="clientId"
      label="Client"
      options={options}
      optionLabel={(c) => c.name}
      onValueChange={(id, client) => {
        setValue('clientId', id);
        onChosen?.(id, client);
      }}
    />
  );
}

afterEach(() => jest.restoreAllMocks());

describe('ServerAutocomplete', () => {
  it('asks the server for a small page, then searches as the user types (debounced), and chooses', async () => {
    const user = userEvent.setup();
    const fetchMock = server();
    const onChosen = jest.fn();
    renderWithApp(<Form onChosen={onChosen} />);
    const options = await autocompleteOptions(user, 'Client');
    expect(options).toHaveLength(OPTIONS_PAGE_SIZE);
    expect(callsTo(fetchMock, 'GET', CLIENTS_URL)[0].url).toBe(`${CLIENTS_URL}?page=1&pageSize=${OPTIONS_PAGE_SIZE}`);

    const input = screen.getByRole('combobox', { name: 'Client' });
    await user.click(input);
    await user.type(input, 'client 2');
    // The whole term once typing pauses, not one request per key. (On a loaded machine a pause between two
    // keys may outlast the debounce and send a partial term too: fewer requests than keys is the property.)
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', CLIENTS_URL).map((c) => c.url)).toContain(`${CLIENTS_URL}?search=client+2&page=1&pageSize=20`),
    );
    const searches = callsTo(fetchMock, 'GET', CLIENTS_URL).filter((c) => c.url.includes('search='));
    expect(searches.length).toBeLessThan('client 2'.length / 2);
    expect(searches[searches.length - 1].url).toBe(`${CLIENTS_URL}?search=client+2&page=1&pageSize=20`);
    await user.click(await screen.findByRole('option', { name: 'Client 25' }));
    expect(onChosen).toHaveBeenCalledWith(CLIENTS[24].id, CLIENTS[24]);
    expect(input).toHaveValue('Client 25');
  });

  it("shows a chosen value's label even when it is not on the first page (read by id)", async () => {
    const fetchMock = server();
    renderWithApp(<Form initial={CLIENTS[29].id} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Client 30'));
    expect(callsTo(fetchMock, 'GET', CLIENTS_URL).map((c) => c.url)).toContain(`${CLIENTS_URL}?id=${CLIENTS[29].id}&page=1&pageSize=1`);
  });

  it("says 'Aucun résultat' when nothing matches and 'Chargement…' while the server answers", async () => {
    const user = userEvent.setup();
    const held = heldAnswer({ body: { items: [] } });
    mockFetch({ [`GET ${CLIENTS_URL}`]: held.handler });
    renderWithApp(<Form />);
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    expect(await screen.findByText(LOADING_OPTIONS_TEXT)).toBeInTheDocument();
    held.release();
    expect(await screen.findByText(NO_OPTION_TEXT)).toBeInTheDocument();
  });
});
