import { zodResolver } from '@hookform/resolvers/zod';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  DEFAULT_LEAVE_DAYS_PER_MONTH,
  DEFAULT_PAYROLL_RISK_CLASS,
  DEFAULT_PAYROLL_SET_ID,
  MESSAGES_PAYROLL_SETTINGS,
  PAYROLL_RISK_CLASS_LABELS,
  PAYROLL_RISK_CLASSES,
  PAYROLL_SET_OPTIONS,
  payrollSettingsInputSchema,
  type PayrollSetOption,
  type PayrollSettings,
  type PayrollSettingsValues,
} from '@xaalis/contracts';
import {
  formatDate,
  FormSelectField,
  FormTextField,
  SettingsCard,
  serviceTabState,
  toastServiceSaveError,
  toastSuccess,
  useCan,
  useSession,
  FormGrid,
} from '@xaalis/web-kit';
import { useEffect, useId, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useGetPayrollSettingsQuery, useUpdatePayrollSettingsMutation } from './api';

interface PayrollFormValues {
  parameterSetId: string;
  accidentRiskClass: string;
  /** Paid leave earned per month worked: a decimal string, '2.00' by default. */
  leaveDaysPerMonth: string;
}

const resolver = zodResolver(payrollSettingsInputSchema) as unknown as Resolver<PayrollFormValues, unknown, PayrollSettingsValues>;

/** The form's values for the stored settings (the defaults 'xaalis', class 1 and 2 days a month before the first read). */
export function payrollFormValues(settings: PayrollSettings | undefined): PayrollFormValues {
  return {
    parameterSetId: settings?.parameterSetId ?? DEFAULT_PAYROLL_SET_ID,
    accidentRiskClass: String(settings?.accidentRiskClass ?? DEFAULT_PAYROLL_RISK_CLASS),
    leaveDaysPerMonth: settings?.leaveDaysPerMonth ?? DEFAULT_LEAVE_DAYS_PER_MONTH,
  };
}

/** "Barème officiel sénégalais (en vigueur depuis le 01/01/2024)". */
export function payrollSetOptionLabel(option: PayrollSetOption): string {
  return `${option.label} (${MESSAGES_PAYROLL_SETTINGS.effectiveSince} ${formatDate(option.effectiveFrom)})`;
}

/** The leave field's input: a decimal from 0 to 10, to the hundredth (the schema checks it). */
const LEAVE_DAYS_INPUT = { min: 0, max: 10, step: 0.01, inputMode: 'decimal' as const };

const RISK_OPTIONS = PAYROLL_RISK_CLASSES.map((c) => ({ value: String(c), label: PAYROLL_RISK_CLASS_LABELS[c] }));

/**
 * Paramètres → 'Paie' (exposed as './PayrollSettings'): the company's payroll parameter set
 * (Barème Xaalis or the dated official Senegalese one), its work-accident risk class and the
 * paid leave earned per month worked, served by the HR service. When that service is down
 * only this tab says so; the rest of Paramètres keeps working.
 */
export default function PayrollSettingsTab() {
  const { companyId } = useSession();
  const formId = useId();
  const query = useGetPayrollSettingsQuery(companyId ?? skipToken);
  const { data } = query;
  const [save, { isLoading: saving }] = useUpdatePayrollSettingsMutation();
  const readOnly = !useCan('/api/companies/:id/payroll-settings');
  const { control, handleSubmit, reset } = useForm<PayrollFormValues, unknown, PayrollSettingsValues>({
    resolver,
    defaultValues: payrollFormValues(data),
  });

  // A fresh copy of the settings (first read, a save, a refetch) refills the form.
  useEffect(() => {
    if (data) reset(payrollFormValues(data));
  }, [data, reset]);

  const setOptions = useMemo(
    () => (data?.sets?.length ? data.sets : PAYROLL_SET_OPTIONS).map((o) => ({ value: o.id, label: payrollSetOptionLabel(o) })),
    [data],
  );

  const state = serviceTabState(companyId, query, MESSAGES_PAYROLL_SETTINGS, { rows: 2, height: 48 });
  if (state || !companyId) return state; // (no company always has a state; this narrows companyId)

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save({ companyId, body }).unwrap();
      toastSuccess(MESSAGES_PAYROLL_SETTINGS.saved);
    } catch (saveError) {
      toastServiceSaveError(saveError, MESSAGES_PAYROLL_SETTINGS);
    }
  });

  return (
    <SettingsCard
      title="Paramètres de paie"
      description="Le barème, la classe de risque et les congés acquis utilisés par défaut pour calculer vos bulletins de paie."
      readOnly={readOnly}
      saving={saving}
      form={formId}
    >
      <FormGrid id={formId} label="Paramètres de paie" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <FormSelectField
          control={control}
          name="parameterSetId"
          id={`${formId}-set`}
          label="Barème de paie"
          options={setOptions}
          disabled={readOnly}
          helperText="Un bulletin dont la période précède la date d'entrée en vigueur utilise le Barème Xaalis."
        />
        <FormSelectField
          control={control}
          name="accidentRiskClass"
          id={`${formId}-risk`}
          label="Classe de risque accidents du travail"
          options={RISK_OPTIONS}
          disabled={readOnly}
          helperText="Taux de la cotisation patronale accidents du travail (CSS) appliqué par le barème officiel."
        />
        <FormTextField
          control={control}
          name="leaveDaysPerMonth"
          id={`${formId}-leave`}
          label="Jours de congé acquis par mois"
          type="number"
          inputProps={LEAVE_DAYS_INPUT}
          disabled={readOnly}
          helperText="2 jours ouvrables par mois selon le Code du travail (art. L.148)"
        />
      </FormGrid>
    </SettingsCard>
  );
}
