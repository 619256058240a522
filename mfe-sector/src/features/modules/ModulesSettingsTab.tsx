import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  MESSAGES_SECTOR_MODULES,
  SECTOR_MODULE_IDS,
  SECTOR_MODULE_LABELS,
  type CompanyModules,
  type SectorModule,
} from '@xaalis/contracts';
import {
  SettingsCard,
  serviceTabState,
  toastServiceSaveError,
  toastSuccess,
  useCan,
  useGetCompanyModulesQuery,
  useSaveCompanyModulesMutation,
  useSession,
} from '@xaalis/web-kit';
import { useState } from 'react';

/** What each module brings, under its switch. */
export const MODULE_DESCRIPTIONS: Record<SectorModule, string> = {
  restaurant: 'Inventaire, recettes et menus',
  transformation: 'Matières premières, produits finis et ordres de production',
  hotel: 'Chambres et réservations',
  services: 'Projets et feuilles de temps',
};

/**
 * Paramètres → 'Modules' (exposed as './ModulesSettings', the company's from the session):
 * the page the "Module non activé" link opens.
 */
export default function ModulesSettingsTab() {
  return <ModulesTab companyId={useSession().companyId} />;
}

/**
 * Tab 'Modules': the sector modules the company uses (Restaurant, Production,
 * Hôtellerie, Services), saved by the sector service. Saving updates the shared
 * cache, so the sidebar follows at once. When the sector service is down only
 * this tab says so.
 */
export function ModulesTab({ companyId }: { companyId: string | null }) {
  const query = useGetCompanyModulesQuery(companyId ?? skipToken);
  const { data } = query;
  const [save, { isLoading: saving }] = useSaveCompanyModulesMutation();
  const readOnly = !useCan('/api/companies/:id/modules');
  // The switches being edited, over the copy they started from: a fresh copy
  // (a save, a refetch) shows the stored choice again.
  const [draft, setDraft] = useState<{ base: CompanyModules; modules: SectorModule[] } | null>(null);
  const selected = data ? (draft?.base === data ? draft.modules : data.modules) : [];

  const state = serviceTabState(companyId, query, MESSAGES_SECTOR_MODULES, { rows: 4, height: 40 });
  if (state || !companyId) return state; // (no company always has a state; this narrows companyId)

  const toggle = (module: SectorModule, on: boolean) => {
    if (data) setDraft({ base: data, modules: SECTOR_MODULE_IDS.filter((m) => (m === module ? on : selected.includes(m))) });
  };

  const onSave = async () => {
    try {
      await save({ companyId, modules: selected }).unwrap();
      toastSuccess(MESSAGES_SECTOR_MODULES.saved);
    } catch (saveError) {
      toastServiceSaveError(saveError, MESSAGES_SECTOR_MODULES);
    }
  };

  return (
    <SettingsCard
      title="Modules sectoriels"
      description={
        <>
          Les modules activés apparaissent dans le menu « Modules Sectoriels ».
          {data && !data.customized ? " Par défaut, ce sont ceux de votre secteur d'activité." : ''}
        </>
      }
      readOnly={readOnly}
      saving={saving}
      onSave={() => void onSave()}
      gap={2}
    >
      <FormGroup aria-label="Modules sectoriels">
        {SECTOR_MODULE_IDS.map((module) => (
          <Box key={module} sx={{ py: 0.5 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={selected.includes(module)}
                  disabled={readOnly}
                  onChange={(_event, checked) => toggle(module, checked)}
                  slotProps={{ input: { 'aria-describedby': `module-${module}-description` } }}
                />
              }
              label={SECTOR_MODULE_LABELS[module]}
            />
            <Typography id={`module-${module}-description`} variant="body2" color="text.secondary" sx={{ ml: 6.5, mt: -0.5 }}>
              {MODULE_DESCRIPTIONS[module]}
            </Typography>
          </Box>
        ))}
      </FormGroup>
    </SettingsCard>
  );
}
