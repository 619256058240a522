import { PAYROLL_DECLARATION_KIND_LABELS, type PayrollDeclarationKind } from '@xaalis/contracts';

/** The French texts that differ between the two declarations. */
export const KIND_TEXTS: Record<
  PayrollDeclarationKind,
  {
    /** The heading of the tab, before the period. */
    title: string;
    /** What 'Déclarer' records. */
    declareDescription: string;
    /** The preview's error title. */
    previewError: string;
    /** The 'Total' column of the filed declarations. */
    totalHeader: string;
    /** The name of the list of filed declarations. */
    filedTitle: string;
  }
> = {
  social: {
    title: PAYROLL_DECLARATION_KIND_LABELS.social,
    declareDescription:
      'La déclaration sociale est enregistrée telle qu’affichée (cotisations IPRES et CSS des bulletins validés) et les bulletins de la période sont verrouillés.',
    previewError: 'Impossible de calculer la déclaration sociale',
    totalHeader: 'Total IPRES et CSS',
    filedTitle: 'Déclarations sociales déposées',
  },
  'salary-tax': {
    title: PAYROLL_DECLARATION_KIND_LABELS['salary-tax'],
    declareDescription:
      'L’état des retenues sur salaires est enregistré tel qu’affiché (IR, TRIMF et CFCE des bulletins validés) et les bulletins du mois sont verrouillés.',
    previewError: 'Impossible de calculer l’état des retenues sur salaires',
    totalHeader: 'Total à reverser',
    filedTitle: 'États des retenues déposés',
  },
};

/** Extra messages of the declarations pages (the contract's MESSAGES_PAYROLL_DECLARATION hold the rest). */
export const DECLARATION_MESSAGES = {
  quarterlyHint: 'Moins de 10 salariés : la déclaration peut être trimestrielle',
  reopenText:
    'La déclaration déposée reste archivée. Les bulletins de la période pourront être rectifiés, puis une déclaration rectificative déposée.',
  notOver: (end: string) => `La période se termine le ${end} : elle pourra être déclarée ensuite.`,
  drafts: (n: number) =>
    n === 1
      ? '1 bulletin en brouillon non compté : validez-le pour l’inclure'
      : `${n} bulletins en brouillon non comptés : validez-les pour les inclure`,
} as const;
