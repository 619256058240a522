// Test helper shared by the three remotes (not exported from the package index,
// so it never reaches a bundle): each remote exposes exactly the pages of its
// routes in APP_ROUTES, and each page shows its title and subtitle.
import { render, screen } from '@testing-library/react';
import { APP_ROUTES, exposedModules, type RemoteName } from '@xaalis/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore } from '../store';
import { XaalisProviders } from '../providers';

/** `remoteRoot`: the remote's folder (holding exposes.js). */
export function describeRemoteExposes(remote: RemoteName, remoteRoot: string): void {
  const exposes = require(join(remoteRoot, 'exposes.js')) as Record<string, string>;

  describe(`remote '${remote}'`, () => {
    it('exposes exactly the modules of its routes in APP_ROUTES', () => {
      expect(Object.keys(exposes).sort()).toEqual(exposedModules(remote).sort());
    });

    it.each(APP_ROUTES.filter((r) => r.remote === remote).map((r) => [r.module, r.path, r.title, r.subtitle]))(
      '%s (%s) default-exports a page showing its title and subtitle',
      async (module, _path, title, subtitle) => {
        const file = join(remoteRoot, exposes[module]);
        expect(existsSync(file)).toBe(true);
        const Page = (require(file) as { default: ComponentType }).default;
        render(
          // The shell mounts every page inside its router.
          <XaalisProviders store={createAppStore()}>
            <MemoryRouter>
              <Page />
            </MemoryRouter>
          </XaalisProviders>,
        );
        expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
        expect(screen.getByText(subtitle)).toBeInTheDocument();
      },
    );
  });
}
