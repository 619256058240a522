import { MESSAGES_ACCOUNT } from '@xaalis/contracts';
import { useCallback } from 'react';
import { toastMissingCompany, toastSaveError, toastSuccess } from '@xaalis/web-kit';
import { useGenerateChartMutation } from './api';

/** "12 comptes créés sur 640 au total", for the generation toast. */
export function chartGenerationSummary({ created, total }: { created: number; total: number }): string {
  if (created === 0) return `Aucun nouveau compte : votre plan comptable était déjà complet (${total} comptes).`;
  const plural = created > 1;
  return `${created} compte${plural ? 's' : ''} créé${plural ? 's' : ''} (${total} au total).`;
}

/**
 * POST /api/companies/:id/generate-chart with the sector, and the specification's
 * toasts: 'Plan comptable généré automatiquement selon votre secteur d'activité' (with
 * how many accounts were created) or 'Erreur lors de la génération du plan comptable'.
 */
export function useGenerateChart(companyId: string | null) {
  const [trigger, state] = useGenerateChartMutation();
  const generate = useCallback(
    async (sector: string) => {
      if (!companyId) {
        toastMissingCompany();
        return;
      }
      try {
        const result = await trigger({ companyId, sector }).unwrap();
        toastSuccess(MESSAGES_ACCOUNT.chartGenerated, chartGenerationSummary(result));
      } catch (error) {
        toastSaveError(error, MESSAGES_ACCOUNT.chartError);
      }
    },
    [companyId, trigger],
  );
  return [generate, { isLoading: state.isLoading }] as const;
}
