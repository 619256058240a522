import type { SectorModule } from '@xaalis/contracts';
import { LoadingState, useEnabledModules } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { ModuleDisabledPage } from './ModuleDisabledPage';

/**
 * A sector page: its module's remote is loaded only when the company has enabled
 * the module; otherwise the "Module non activé" page (the sector service refuses
 * the module's calls anyway).
 */
export function SectorModuleRoute({ module, children }: { module: SectorModule; children: ReactNode }) {
  const { modules } = useEnabledModules();
  if (modules === null) return <LoadingState rows={3} />;
  if (!modules.includes(module)) return <ModuleDisabledPage module={module} />;
  return <>{children}</>;
}
