import { screen, within } from '@testing-library/react';
import type { AuditEventDto, AuditEventListResponse } from '@xaalis/contracts';
import { callsTo, COMPANY_ID, mockFetch, renderWithApp } from '../../test-utils';
import { AuditHistory } from './AuditHistory';

const AWA = '00000000-0000-4000-8000-00000000a001';
const MOUSSA = '00000000-0000-4000-8000-00000000a002';
const ENTRY = '00000000-0000-4000-8000-0000000000e1';
const URL = `GET /api/companies/${COMPANY_ID}/audit-events`;
const USERS = {
  body: [
    { id: AWA, name: 'Awa Diop' },
    { id: MOUSSA, name: 'Moussa Fall' },
  ],
};

const event = (over: Partial<AuditEventDto>): AuditEventDto => ({
  id: '1',
  at: '2026-03-15T10:00:00.000Z',
  userId: AWA,
  actorRole: null,
  action: 'created',
  objectType: 'entry',
  objectId: ENTRY,
  objectLabel: 'OD-2026-00009',
  details: null,
  ...over,
});
const page = (items: AuditEventDto[]): AuditEventListResponse => ({ items, page: 1, pageSize: 100, totalItems: items.length });

afterEach(() => jest.restoreAllMocks());

describe('AuditHistory', () => {
  it('lists every action in French, oldest first, with the user, their role when recorded, and the date-time', async () => {
    const fetch = mockFetch({
      [URL]: {
        body: page([
          event({ id: '1' }),
          event({ id: '2', action: 'edited', actorRole: 'collaborator', at: '2026-03-15T10:30:00.000Z' }),
          event({ id: '3', action: 'validated', actorRole: 'accountant', at: '2026-03-15T11:00:00.000Z' }),
          event({
            id: '4',
            action: 'cancelled',
            userId: MOUSSA,
            actorRole: 'owner',
            at: '2026-04-01T08:15:00.000Z',
            details: { reversalEntryId: 'x', reversalNumber: 'OD-2026-00010' },
          }),
          event({ id: '5', action: 'validated', userId: null, at: '2026-04-01T08:16:00.000Z' }),
        ]),
      },
      'GET /api/users': USERS,
    });
    renderWithApp(<AuditHistory companyId={COMPANY_ID} objectType="entry" objectId={ENTRY} />);
    const list = await screen.findByRole('list', { name: 'Historique des actions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'CrééeAwa Diop · 15/03/2026 10:00',
      'ModifiéeAwa Diop (Collaborateur) · 15/03/2026 10:30',
      'ValidéeAwa Diop (Comptable) · 15/03/2026 11:00',
      'Annulée — contre-passation OD-2026-00010Moussa Fall (Propriétaire) · 01/04/2026 08:15',
      'Validée— · 01/04/2026 08:16',
    ]);
    // Asked for this object of this company.
    const [asked] = callsTo(fetch, 'GET', `/api/companies/${COMPANY_ID}/audit-events`).map((c) => c.url);
    expect(asked).toContain(`objectType=entry`);
    expect(asked).toContain(`objectId=${ENTRY}`);
    // Read-only: nothing to edit or delete.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows an invoice's payments, an import and a closed year", async () => {
    mockFetch({
      [URL]: {
        body: page([
          event({ id: '1', action: 'paid', objectType: 'invoice', details: { amount: 18000, paymentId: 'p' } }),
          event({ id: '2', action: 'imported', objectType: 'entry-import', details: { entryCount: 2, validated: true } }),
          event({ id: '3', action: 'closed', objectType: 'fiscal-year', details: { result: '150000.00' } }),
        ]),
      },
      'GET /api/users': USERS,
    });
    renderWithApp(<AuditHistory companyId={COMPANY_ID} objectType="invoice" objectId={ENTRY} />);
    const list = await screen.findByRole('list', { name: 'Historique des actions' });
    expect(within(list).getByText('Règlement enregistré — 18 000 XOF')).toBeInTheDocument();
    expect(within(list).getByText('Importé — 2 écritures')).toBeInTheDocument();
    expect(within(list).getByText('Clôturé — résultat 150 000 XOF')).toBeInTheDocument();
  });

  it('says so when nothing is recorded (404: no history for this object)', async () => {
    mockFetch({ [URL]: { status: 404, body: { message: 'Ressource introuvable' } }, 'GET /api/users': USERS });
    renderWithApp(<AuditHistory companyId={COMPANY_ID} objectType="entry" objectId={ENTRY} />);
    expect(await screen.findByText('Aucune action enregistrée.')).toBeInTheDocument();
  });

  it('shows the error with a retry when the history cannot be loaded, and the loading state before', async () => {
    let fail = true;
    mockFetch({
      [URL]: () => (fail ? { status: 500, body: { message: 'Erreur interne' } } : { body: page([event({})]) }),
      'GET /api/users': USERS,
    });
    renderWithApp(<AuditHistory companyId={COMPANY_ID} objectType="entry" objectId={ENTRY} />);
    expect(screen.getByText("Chargement de l'historique...")).toBeInTheDocument();
    expect(await screen.findByText("Impossible de charger l'historique")).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: /réessayer/i }).click();
    expect(await screen.findByText('Créée')).toBeInTheDocument();
  });
});
