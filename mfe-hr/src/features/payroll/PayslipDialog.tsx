import {
  DEFAULT_PAYROLL_SET_ID,
  employeeName,
  MESSAGES_PAYROLL,
  MESSAGES_PAYSLIP,
  payrollSetIdFor,
  payslipInputSchema,
  type Employee,
  type PayslipBreakdown,
  type PayslipCreateInput,
  type PayslipFormValues,
} from '@xaalis/contracts';
import { computePayslip, parameterSetFor, PayrollInputError } from '@xaalis/domain';
import {
  ControlledSelect,
  FormDialog,
  FormGrid,
  FormMoneyField,
  FormNumberField,
  FormTextField,
  FullRow,
  SearchField,
  saveForCompany,
  schemaResolver,
  todayIso,
  useDebouncedSearch,
} from '@xaalis/web-kit';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { activeEmployeeChoice, useListEmployeesQuery } from '../../api/employees';
import { useCreatePayslipMutation, useGetPayrollSettingsQuery } from './api';
import { BreakdownDialog } from './BreakdownDialog';

export interface PayslipFormFields {
  employeeId: string;
  period: string;
  baseSalary: string;
  transportAllowance: string;
  housingAllowance: string;
  otherAllowances: string;
  overtimeHours: string;
  overtimeRate: string;
}

/** The current month, 'YYYY-MM' (Dakar is UTC all year). */
export function currentPeriod(now: Date = new Date()): string {
  return todayIso(now).slice(0, 7);
}

/** The spec's defaults (§9): current month, transport 20 000, no overtime at rate 1.5. */
const initialValues = (): PayslipFormFields => ({
  employeeId: '',
  period: currentPeriod(),
  baseSalary: '',
  transportAllowance: '20000',
  housingAllowance: '0',
  otherAllowances: '0',
  overtimeHours: '0',
  overtimeRate: '1.5',
});

const resolver = schemaResolver<PayslipFormFields, PayslipFormValues>(payslipInputSchema);

interface Computed {
  body: PayslipCreateInput;
  breakdown: PayslipBreakdown;
  subtitle: string;
}

export interface PayslipDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** The success toast: 'Succès' / 'Bulletin de paie créé avec succès' on /paie, 'Paie créée' on the staff page. */
  successTitle?: string;
  successDescription?: string;
  /** The failure toast's text (the server's message follows it). */
  errorText?: string;
}

/**
 * 'Nouveau bulletin': employee, period, base salary (prefilled from the employee),
 * allowances and overtime. 'Calculer' runs the payroll calculator and opens
 * 'Détail du calcul de paie', whose 'Créer le bulletin' saves the slip with the
 * computed gross and net (the server recomputes and checks them). Mount it with a new
 * key for each opening: it starts from the defaults.
 */
export function PayslipDialog({
  open,
  onClose,
  companyId,
  successTitle = 'Succès',
  successDescription = MESSAGES_PAYSLIP.created,
  errorText = MESSAGES_PAYSLIP.createError,
}: PayslipDialogProps) {
  const formId = useId();
  const [createPayslip, { isLoading: saving }] = useCreatePayslipMutation();
  // The company's scale (Paramètres, Paie); without it (not loaded, or unreadable) the default one, as the server does.
  const { data: settings } = useGetPayrollSettingsQuery(companyId ?? skipToken);
  const [computed, setComputed] = useState<Computed | null>(null);
  const { control, handleSubmit, setValue, setError } = useForm<PayslipFormFields, unknown, PayslipFormValues>({
    resolver,
    defaultValues: initialValues(),
  });
  // The choice: the active employees by name, one large page asked of the server; beyond it, the
  // search box (shown then) narrows it on the server as the user types.
  const finder = useDebouncedSearch();
  const choice = useListEmployeesQuery(open && companyId ? activeEmployeeChoice(companyId, finder.search) : skipToken);
  const [chosen, setChosen] = useState<Employee | null>(null);
  const offered = useMemo(() => {
    const items = choice.data?.items ?? [];
    // The chosen employee stays offered while a search shows others.
    return chosen && !items.some((e) => e.id === chosen.id) ? [chosen, ...items] : items;
  }, [choice.data, chosen]);
  const options = useMemo(() => offered.map((e) => ({ value: e.id, label: `${employeeName(e)} (${e.employeeNumber})` })), [offered]);
  const more = choice.data ? choice.data.totalItems - choice.data.items.length : 0;
  // The search box shows when the choice is cut, and stays while a search is typed or running.
  const searchable = more > 0 || finder.input !== '' || finder.search !== '';

  const chooseEmployee = (id: string) => {
    setValue('employeeId', id, { shouldValidate: true });
    const picked = offered.find((e) => e.id === id) ?? null;
    setChosen(picked);
    if (picked?.salary) setValue('baseSalary', picked.salary, { shouldValidate: true });
  };

  const onCalculate = handleSubmit((values) => {
    if (!chosen || chosen.id !== values.employeeId) {
      setError('employeeId', { message: MESSAGES_PAYROLL.employeeRequired });
      return;
    }
    const set = parameterSetFor(payrollSetIdFor(settings?.parameterSetId ?? DEFAULT_PAYROLL_SET_ID, values.period), values.period);
    if (!set) {
      setError('period', { message: MESSAGES_PAYROLL.noParameterSet });
      return;
    }
    try {
      const breakdown = computePayslip(
        {
          baseSalary: values.baseSalary,
          transportAllowance: values.transportAllowance,
          housingAllowance: values.housingAllowance,
          otherAllowances: values.otherAllowances,
          overtimeHours: values.overtimeHours,
          overtimeRate: values.overtimeRate,
          isCadre: chosen.isCadre,
          maritalStatus: chosen.maritalStatus ?? undefined,
          children: chosen.children,
          riskClass: settings?.accidentRiskClass,
        },
        set,
      );
      setComputed({
        body: { ...values, parameterSetId: set.id, grossSalary: breakdown.totals.gross, netSalary: breakdown.totals.net },
        breakdown,
        subtitle: `${employeeName(chosen)} — ${values.period}`,
      });
    } catch (error) {
      if (!(error instanceof PayrollInputError)) throw error;
      setError(error.field as keyof PayslipFormFields, { message: error.message });
    }
  });

  const save = () => {
    if (!computed) return;
    void saveForCompany(companyId, {
      run: (id) => createPayslip({ companyId: id, body: computed.body }).unwrap(),
      success: successDescription ? [successTitle, successDescription] : successTitle,
      failure: errorText,
      onSaved: () => {
        setComputed(null);
        onClose();
      },
    });
  };

  return (
    <>
      <FormDialog open={open} onClose={onClose} title="Nouveau bulletin" formId={formId} busy={saving} submitLabel="Calculer">
        <FormGrid id={formId} label="Nouveau bulletin" onSubmit={onCalculate}>
          {searchable ? (
            <FullRow>
              <SearchField
                label="Rechercher un employé"
                placeholder="Nom ou matricule"
                value={finder.input}
                onChange={finder.setInput}
                sx={{ width: '100%' }}
              />
            </FullRow>
          ) : null}
          <FullRow>
            <ControlledSelect
              control={control}
              name="employeeId"
              label="Employé"
              options={options}
              placeholder={choice.isFetching && !choice.data ? 'Chargement...' : 'Sélectionnez un employé'}
              helperText={
                more > 0
                  ? `${choice.data?.items.length ?? 0} employés actifs affichés sur ${choice.data?.totalItems ?? 0} : précisez la recherche`
                  : finder.search && choice.data?.totalItems === 0
                    ? 'Aucun employé actif ne correspond à la recherche'
                    : undefined
              }
              onValueChange={chooseEmployee}
            />
          </FullRow>
          <FormTextField control={control} name="period" label="Période" placeholder="YYYY-MM" helperText="Format YYYY-MM" />
          <FormMoneyField control={control} name="baseSalary" label="Salaire de base" />
          <FormMoneyField control={control} name="transportAllowance" label="Indemnité de transport" />
          <FormMoneyField control={control} name="housingAllowance" label="Indemnité de logement" />
          <FormMoneyField control={control} name="otherAllowances" label="Autres indemnités" />
          <FormNumberField control={control} name="overtimeHours" label="Heures supplémentaires" min={0} step={0.25} inputMode="decimal" />
          <FormNumberField
            control={control}
            name="overtimeRate"
            label="Taux des heures supplémentaires"
            min={0}
            step={0.01}
            inputMode="decimal"
          />
        </FormGrid>
      </FormDialog>
      <BreakdownDialog
        open={open && computed !== null}
        breakdown={computed?.breakdown ?? null}
        subtitle={computed?.subtitle ?? ''}
        onClose={() => setComputed(null)}
        onConfirm={save}
        busy={saving}
      />
    </>
  );
}
