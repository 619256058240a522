import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesConfig } from '@xaalis/contracts';
import type { ComponentType } from 'react';

/** Where the gateway (or the dev server) says which remotes exist and where. */
export const REMOTES_CONFIG_URL = '/config/remotes.json';

export interface RemotePageModule {
  /** A page takes no props; a banner of a composed page may (see RemotePage's `props`). */
  default: ComponentType<Record<string, unknown>>;
}

let registration: Promise<RemotesConfig> | null = null;

/**
 * Fetches /config/remotes.json once and registers its remotes with the federation
 * runtime. A failure is not cached: the next call (a retry) fetches again.
 */
export function ensureRemotesRegistered(): Promise<RemotesConfig> {
  if (!registration) {
    registration = fetch(REMOTES_CONFIG_URL, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
        return (await response.json()) as RemotesConfig;
      })
      .then((config) => {
        const remotes = Array.isArray(config?.remotes) ? config.remotes : [];
        registerRemotes(
          remotes.map(({ name, entry }) => ({ name, entry })),
          { force: true },
        );
        return { remotes };
      });
    registration.catch(() => {
      registration = null;
    });
  }
  return registration;
}

/**
 * Loads `module` (e.g. './Invoices') of `remote` (e.g. 'accounting') through the
 * federation runtime. Rejects when the remote is not declared, unreachable, or the
 * module has no default-exported component; the caller shows 'Module indisponible'.
 */
export async function loadRemotePage(remote: RemoteName, module: string): Promise<RemotePageModule> {
  const config = await ensureRemotesRegistered();
  if (!config.remotes.some((r) => r.name === remote)) {
    throw new Error(`Le module « ${remote} » n'est pas déclaré dans ${REMOTES_CONFIG_URL}`);
  }
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  const loaded = await loadRemote<RemotePageModule>(id);
  if (!loaded || typeof loaded.default !== 'function') {
    throw new Error(`${id} n'exporte pas de page`);
  }
  return loaded;
}
