import type { Company } from '@xaalis/contracts';

/** localStorage key of the onboarding guide's state for a company. */
export const onboardingKey = (companyId: string | null) => `xaalis.onboarding.${companyId ?? 'new'}`;

export type OnboardingState = 'active' | 'dismissed';

export function readOnboarding(companyId: string | null): OnboardingState | null {
  try {
    const value = window.localStorage.getItem(onboardingKey(companyId));
    return value === 'active' || value === 'dismissed' ? value : null;
  } catch {
    return null;
  }
}

export function writeOnboarding(companyId: string | null, state: OnboardingState): void {
  try {
    window.localStorage.setItem(onboardingKey(companyId), state);
  } catch {
    /* private mode: the guide is then only remembered for this visit */
  }
}

export type OnboardingStepId = 'company' | 'accounts' | 'third-parties';

export interface OnboardingStep {
  id: OnboardingStepId;
  label: string;
  hint: string;
  done: boolean;
}

/** The next steps after registration, each derived from the data. */
export function onboardingSteps(
  company: Company | null,
  /** How many accounts and third parties the company has. */
  accounts: number | undefined,
  thirdParties: number | undefined,
): OnboardingStep[] {
  return [
    {
      id: 'company',
      label: "Compléter les informations de l'entreprise",
      hint: 'Renseignez le numéro RCCM et le NINEA (onglet Entreprise).',
      done: Boolean(company?.registrationNumber?.trim() && company?.taxNumber?.trim()),
    },
    {
      id: 'accounts',
      label: 'Générer le plan comptable',
      hint: "Le plan SYSCOHADA adapté à votre secteur d'activité (bouton « Générer Plan Comptable »).",
      done: (accounts ?? 0) > 0,
    },
    {
      id: 'third-parties',
      label: 'Ajouter vos tiers',
      hint: 'Au moins un client ou un fournisseur (onglet Tiers).',
      done: (thirdParties ?? 0) > 0,
    },
  ];
}
