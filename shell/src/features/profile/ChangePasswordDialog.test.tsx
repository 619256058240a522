import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_AUTH, MESSAGES_SIGN_IN } from '@xaalis/contracts';
import { callsTo, renderWithApp, TEST_USER } from '@xaalis/web-kit/src/testing/app';
import { mockFetch } from '@xaalis/web-kit/src/testing/fetch';
import { ProfileTab } from './ProfileTab';

const USER = { ...TEST_USER, username: 'moussa_diop' };
const PATH = '/api/user/password';

afterEach(() => jest.restoreAllMocks());

async function openDialog() {
  const user = userEvent.setup();
  renderWithApp(<ProfileTab user={USER} onLogout={() => {}} loggingOut={false} />);
  await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
  const dialog = await screen.findByRole('dialog', { name: 'Changer le mot de passe' });
  const fill = async (current: string, next: string, confirm: string) => {
    for (const [label, value] of [
      ['Mot de passe actuel', current],
      ['Nouveau mot de passe', next],
      ['Confirmer le nouveau mot de passe', confirm],
    ] as const) {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
  };
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Changer le mot de passe' }));
  return { dialog, fill, submit };
}

describe("Profil: 'Changer le mot de passe'", () => {
  it('checks the fields before sending: required, at least 6, not the username, confirmation', async () => {
    const fetchMock = mockFetch({});
    const { dialog, fill, submit } = await openDialog();

    await submit();
    expect(await within(dialog).findByText(MESSAGES_SIGN_IN.currentPasswordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_AUTH.min6)).toBeInTheDocument();

    await fill('ancien-secret', 'MOUSSA_DIOP', 'MOUSSA_DIOP');
    await submit();
    expect(await within(dialog).findByText(MESSAGES_SIGN_IN.passwordIsUsername)).toBeInTheDocument();

    await fill('ancien-secret', 'Teranga-2026', 'Teranga-2027');
    await submit();
    expect(await within(dialog).findByText(MESSAGES_SIGN_IN.confirmationMismatch)).toBeInTheDocument();

    expect(callsTo(fetchMock, 'POST', PATH)).toHaveLength(0);
  });

  it("shows the server's refusal on the field (wrong current password)", async () => {
    const message = MESSAGES_SIGN_IN.currentPasswordWrong;
    mockFetch({ [`POST ${PATH}`]: { status: 400, body: { message, issues: [{ path: 'currentPassword', message }] } } });
    const { dialog, fill, submit } = await openDialog();
    await fill('mauvais1', 'Teranga-2026', 'Teranga-2026');
    await submit();
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Changer le mot de passe' })).toBeInTheDocument();
  });

  it('sends the current and the new password, then closes and confirms', async () => {
    const fetchMock = mockFetch({ [`POST ${PATH}`]: { body: { ok: true } } });
    const { fill, submit } = await openDialog();
    await fill('ancien-secret', 'Teranga-2026', 'Teranga-2026');
    await submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', PATH).map((c) => c.body)).toEqual([
      { currentPassword: 'ancien-secret', newPassword: 'Teranga-2026' },
    ]);
    expect(await screen.findByText(MESSAGES_SIGN_IN.passwordChanged)).toBeInTheDocument();
  });
});
