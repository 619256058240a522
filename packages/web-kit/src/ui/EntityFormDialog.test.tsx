import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_COMPANY } from '@xaalis/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { baseApi } from '../api';
import { FormTextField } from '../forms';
import { callsTo, COMPANY_ID, renderWithApp } from '../testing/app';
import { mockFetch, type FakeResponse } from '../testing/fetch';
import { EntityFormDialog } from './FormDialog';
import { emptyToNull, useEntityForm } from './entityForm';

// A small entity: a name (required) and an optional code, trimmed to null when empty.
const schema = z.object({
  name: z.string().trim().min(1, 'Nom requis'),
  code: z.string().nullable(),
});
type Thing = z.output<typeof schema>;
interface ThingForm {
  name: string;
  code: string;
}

const thingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createThing: build.mutation<{ id: string; name: string }, { companyId: string; body: Thing }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${companyId}/things`, method: 'POST', body }),
    }),
  }),
});

const URL = `/api/companies/${COMPANY_ID}/things`;

interface Props {
  companyId?: string | null;
  onClose?: () => void;
  reasonReplacesText?: boolean;
  defaults?: ThingForm;
}

function ThingDialog({ companyId = COMPANY_ID, onClose = () => {}, reasonReplacesText, defaults }: Props) {
  const [open, setOpen] = useState(true);
  const [createThing] = thingsApi.useCreateThingMutation();
  const close = () => {
    setOpen(false);
    onClose();
  };
  const form = useEntityForm<ThingForm, Thing>({
    open,
    onClose: close,
    schema,
    prepare: (values) => ({ ...values, code: emptyToNull(values.code) }),
    defaultValues: () => defaults ?? { name: '', code: '' },
    companyId,
    save: (body, id) => createThing({ companyId: id, body }).unwrap(),
    success: (values, result) => ['Chose créée', `${values.name} (${(result as { id: string }).id})`],
    failure: 'Erreur lors de la création de la chose',
    reasonReplacesText,
    serverErrors: { 409: { field: 'code', message: 'Ce code existe déjà' } },
  });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rouvrir
      </button>
      <EntityFormDialog form={form} title="Nouvelle chose" submitLabel="Créer la chose" busyLabel="Création...">
        <FormTextField control={form.control} name="name" label="Nom" />
        <FormTextField control={form.control} name="code" label="Code" />
      </EntityFormDialog>
    </>
  );
}

function answer(response: FakeResponse) {
  return mockFetch({ [`POST ${URL}`]: response });
}

afterEach(() => jest.restoreAllMocks());

describe('EntityFormDialog and useEntityForm', () => {
  it("shows the schema's message under the field and sends nothing while invalid", async () => {
    const user = userEvent.setup();
    const fetchMock = answer({ status: 201, body: { id: 't1', name: 'x' } });
    renderWithApp(<ThingDialog />);
    expect(screen.getByRole('dialog', { name: 'Nouvelle chose' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Nouvelle chose' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer la chose' }));
    expect(await screen.findByText('Nom requis')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST', URL)).toHaveLength(0);
  });

  it('sends the prepared, parsed values, toasts the success and closes', async () => {
    const user = userEvent.setup();
    const fetchMock = answer({ status: 201, body: { id: 't1', name: 'Table' } });
    const onClose = jest.fn();
    renderWithApp(<ThingDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Nom'), '  Table ');
    await user.click(screen.getByRole('button', { name: 'Créer la chose' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST', URL).map((c) => c.body)).toEqual([{ name: 'Table', code: null }]);
    expect(await screen.findByText('Chose créée')).toBeInTheDocument();
    expect(screen.getByText('Table (t1)')).toBeInTheDocument();
  });

  it('refills the form at each opening: what was typed before a cancel is gone', async () => {
    const user = userEvent.setup();
    answer({ status: 201, body: { id: 't1', name: 'x' } });
    renderWithApp(<ThingDialog defaults={{ name: 'Chaise', code: '' }} />);
    await user.clear(screen.getByLabelText('Nom'));
    await user.type(screen.getByLabelText('Nom'), 'Banc');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Rouvrir' }));
    expect(await screen.findByLabelText('Nom')).toHaveValue('Chaise');
  });

  it("puts a server refusal under its field, toasts 'Erreur' with the text and the reason, and stays open", async () => {
    const user = userEvent.setup();
    answer({ status: 409, body: { message: 'Le code T-1 est déjà pris' } });
    const onClose = jest.fn();
    renderWithApp(<ThingDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Nom'), 'Table');
    await user.type(screen.getByLabelText('Code'), 'T-1');
    await user.click(screen.getByRole('button', { name: 'Créer la chose' }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText('Erreur lors de la création de la chose : Le code T-1 est déjà pris')).toBeInTheDocument();
    // Under the code field (the toast has the longer text).
    expect(screen.getByText('Le code T-1 est déjà pris')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nom')).toHaveValue('Table');
    expect(screen.getByRole('button', { name: 'Créer la chose' })).toBeEnabled();
  });

  it("with reasonReplacesText, the server's reason alone; without one, the specification's text", async () => {
    const user = userEvent.setup();
    answer({ status: 422, body: { message: 'Nom interdit' } });
    renderWithApp(<ThingDialog reasonReplacesText />);
    await user.type(screen.getByLabelText('Nom'), 'Table');
    await user.click(screen.getByRole('button', { name: 'Créer la chose' }));
    expect(await screen.findByText('Nom interdit')).toBeInTheDocument();
    expect(screen.queryByText(/Erreur lors de la création/)).not.toBeInTheDocument();
  });

  it("without a company: 'Erreur' with the specification's text and no request", async () => {
    const user = userEvent.setup();
    const fetchMock = answer({ status: 201, body: { id: 't1', name: 'x' } });
    renderWithApp(<ThingDialog companyId={null} />);
    await user.type(screen.getByLabelText('Nom'), 'Table');
    await user.click(screen.getByRole('button', { name: 'Créer la chose' }));
    expect(await screen.findByText(MESSAGES_COMPANY.missingCompanyId)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', URL)).toHaveLength(0);
  });

  it('disables both buttons while the save is in flight and sends one request for two submits', async () => {
    const user = userEvent.setup();
    let release: (r: FakeResponse) => void = () => {};
    const fetchMock = mockFetch({ [`POST ${URL}`]: () => new Promise<FakeResponse>((resolve) => (release = resolve)) });
    renderWithApp(<ThingDialog />);
    await user.type(screen.getByLabelText('Nom'), 'Table');
    await user.click(screen.getByRole('button', { name: 'Créer la chose' }));
    const busy = await screen.findByRole('button', { name: 'Création...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    // Enter in a field does nothing while the submit button is disabled; a form submitted anyway sends nothing more.
    await user.type(screen.getByLabelText('Nom'), '{Enter}');
    fireEvent.submit(screen.getByRole('form', { name: 'Nouvelle chose' }));
    release({ status: 201, body: { id: 't1', name: 'Table' } });
    expect(await screen.findByText('Chose créée')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', URL)).toHaveLength(1);
  });
});
