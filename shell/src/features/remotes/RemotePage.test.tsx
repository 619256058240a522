import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test-utils';
import RemotePage, { type RemotePageLoader } from './RemotePage';

function Invoices() {
  return <h1>Factures (remote)</h1>;
}

describe('RemotePage', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React and the boundary log the caught error; keep the output readable.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('loads the exposed module of the remote and renders its page', async () => {
    const loader = jest.fn<ReturnType<RemotePageLoader>, Parameters<RemotePageLoader>>(async () => ({ default: Invoices }));
    renderWithApp(<RemotePage remote="accounting" module="./Invoices" />, { loader });
    expect(await screen.findByRole('heading', { name: 'Factures (remote)' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('accounting', './Invoices');
  });

  it("shows a skeleton with 'Chargement...' while the remote loads", async () => {
    let resolve: (m: { default: typeof Invoices }) => void = () => undefined;
    const loader: RemotePageLoader = () => new Promise((r) => (resolve = r));
    renderWithApp(<RemotePage remote="accounting" module="./Invoices" />, { loader });
    expect(await screen.findByText('Chargement...')).toBeInTheDocument();
    resolve({ default: Invoices });
    expect(await screen.findByRole('heading', { name: 'Factures (remote)' })).toBeInTheDocument();
  });

  it("shows 'Module indisponible' when the remote cannot be loaded, and 'Réessayer' loads it again", async () => {
    const user = userEvent.setup();
    let up = false;
    const loader = jest.fn<ReturnType<RemotePageLoader>, Parameters<RemotePageLoader>>(async () => {
      if (!up) throw new Error('ScriptNetworkError: Failed to load script "/remotes/accounting/remoteEntry.js"');
      return { default: Invoices };
    });
    renderWithApp(
      <>
        <p>Le reste de l'application</p>
        <RemotePage remote="accounting" module="./Invoices" />
      </>,
      { loader },
    );
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    expect(screen.getByText("Le reste de l'application")).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(1);

    // still down: a retry fails again
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);

    // back up: a retry shows the page
    up = true;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Factures (remote)' })).toBeInTheDocument();
    expect(screen.queryByText('Module indisponible')).not.toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(3);
  });

  it('also catches a remote page that fails while rendering', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    renderWithApp(<RemotePage remote="hr" module="./Payroll" />, { loader: async () => ({ default: Broken }) });
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
