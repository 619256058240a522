import { screen, within } from '@testing-library/react';
import { COMPANY_ID, mockFetch, renderWithApp } from '../../test-utils';
import { EntryDetailDialog } from './EntryDetailDialog';
import { entry } from './fixtures';

const AWA = '00000000-0000-4000-8000-00000000a001';
const MOUSSA = '00000000-0000-4000-8000-00000000a002';

const CANCELLED = entry({
  id: 'e9',
  number: 'OD-2026-00009',
  status: 'cancelled',
  reversedById: 'e10',
  validatedAt: '2026-03-15T11:00:00.000Z',
  createdBy: AWA,
  validatedBy: AWA,
  cancelledBy: MOUSSA,
  cancelledAt: '2026-04-01T08:15:00.000Z',
  updatedAt: '2026-04-01T08:15:00.000Z',
  lines: [],
});

/** The company's users, as GET /api/users answers. */
const USERS = [
  { id: AWA, name: 'Awa Diop' },
  { id: MOUSSA, name: 'Moussa Fall' },
];

const renderDetail = () => renderWithApp(<EntryDetailDialog entryId="e9" onClose={jest.fn()} />);

afterEach(() => jest.restoreAllMocks());

describe('EntryDetailDialog: who did what', () => {
  it("shows 'Créée par', 'Validée par' and 'Annulée par' with the users' names and dates", async () => {
    mockFetch({
      'GET /api/accounting-entries/e9': { body: CANCELLED },
      'GET /api/users': { body: USERS },
    });
    renderDetail();
    const trail = await screen.findByRole('group', { name: 'Historique' });
    expect(await within(trail).findByText('Créée par Awa Diop le 15/03/2026 10:00')).toBeInTheDocument();
    expect(within(trail).getByText('Validée par Awa Diop le 15/03/2026 11:00')).toBeInTheDocument();
    expect(within(trail).getByText('Annulée par Moussa Fall le 01/04/2026 08:15')).toBeInTheDocument();
  });

  it("shows '—' for an entry no known user made (an old entry, or an automatic posting)", async () => {
    mockFetch({
      'GET /api/accounting-entries/e9': {
        body: { ...CANCELLED, createdBy: null, validatedBy: null, cancelledBy: null, cancelledAt: null, status: 'validated' },
      },
      'GET /api/users': { body: [{ id: AWA, name: 'Awa Diop' }] },
    });
    renderDetail();
    const trail = await screen.findByRole('group', { name: 'Historique' });
    expect(within(trail).getByText('Créée par — le 15/03/2026 10:00')).toBeInTheDocument();
    expect(within(trail).getByText('Validée par — le 15/03/2026 11:00')).toBeInTheDocument();
    expect(within(trail).queryByText(/Annulée par/)).not.toBeInTheDocument();
  });
});

describe('EntryDetailDialog: full history (audit trail)', () => {
  it('shows every action recorded for the entry, with the users and the date-times', async () => {
    mockFetch({
      'GET /api/accounting-entries/e9': { body: CANCELLED },
      [`GET /api/companies/${COMPANY_ID}/audit-events`]: {
        body: {
          items: [
            {
              id: '1',
              at: '2026-03-15T10:00:00.000Z',
              userId: AWA,
              action: 'created',
              objectType: 'entry',
              objectId: 'e9',
              objectLabel: null,
              details: null,
            },
            {
              id: '2',
              at: '2026-03-15T10:20:00.000Z',
              userId: MOUSSA,
              action: 'edited',
              objectType: 'entry',
              objectId: 'e9',
              objectLabel: null,
              details: null,
            },
          ],
          page: 1,
          pageSize: 100,
          totalItems: 2,
        },
      },
      'GET /api/users': { body: USERS },
    });
    renderDetail();
    const list = await screen.findByRole('list', { name: 'Historique des actions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CrééeAwa Diop · 15/03/2026 10:00', 'ModifiéeMoussa Fall · 15/03/2026 10:20']);
  });
});
