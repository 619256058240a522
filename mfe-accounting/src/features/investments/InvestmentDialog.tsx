import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  DEPRECIATION_METHOD_LABELS,
  DEPRECIATION_METHODS,
  INVESTMENT_CATEGORIES,
  INVESTMENT_CATEGORY_LABELS,
  INVESTMENT_ACCOUNT_PREFIXES,
  INVESTMENT_DEFAULT_ACCOUNTS,
  MESSAGES_INVESTMENT,
  accountFitsCategory,
  investmentInputSchema,
  type DepreciationMethod,
  type Investment,
  type InvestmentCategory,
} from '@xaalis/contracts';
import { depreciationPlan, deriveDepreciationRate } from '@xaalis/domain';
import {
  EntityFormDialog,
  FormDateField,
  FormSelectField,
  FormMoneyField,
  FormTextField,
  FullRow,
  todayIso,
  useEntityForm,
  useGetCompanyQuery,
  FormCountField,
} from '@xaalis/web-kit';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { AccountField } from '../accounts';
import { useCreateInvestmentMutation, useUpdateInvestmentMutation } from './api';
import { PlanTable } from './PlanTable';

type InvestmentOutput = z.output<typeof investmentInputSchema>;

interface InvestmentFormValues {
  name: string;
  category: InvestmentCategory;
  purchaseDate: string;
  purchasePrice: string;
  depreciationMethod: DepreciationMethod;
  usefulLife: string;
  depreciationRate: string;
  residualValue: string;
  /** '' = the category's default account. */
  accountId: string;
}

const defaults = (): InvestmentFormValues => ({
  name: '',
  category: 'material',
  purchaseDate: todayIso(),
  purchasePrice: '',
  depreciationMethod: 'linear',
  usefulLife: '',
  depreciationRate: '',
  residualValue: '0',
  accountId: '',
});

function valuesOf(inv: Investment | null | undefined): InvestmentFormValues {
  if (!inv) return defaults();
  return {
    name: inv.name,
    category: inv.category,
    purchaseDate: inv.purchaseDate,
    purchasePrice: inv.purchasePrice,
    depreciationMethod: inv.depreciationMethod,
    usefulLife: String(inv.usefulLife),
    depreciationRate: inv.depreciationRate,
    residualValue: inv.residualValue,
    accountId: inv.accountId,
  };
}

const CATEGORY_OPTIONS = INVESTMENT_CATEGORIES.map((value) => ({ value, label: INVESTMENT_CATEGORY_LABELS[value] }));
const METHOD_OPTIONS = DEPRECIATION_METHODS.map((value) => ({ value, label: DEPRECIATION_METHOD_LABELS[value] }));

export interface InvestmentDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** Edit this investment (possible while nothing is recorded); create when absent. */
  investment?: Investment | null;
}

/**
 * 'Nouvel Investissement' (and its edit): the rate is derived from the useful
 * life and the method, the asset account chosen among the company's class-2
 * accounts, and the plan is previewed (same calculator as the worker) before saving.
 */
export function InvestmentDialog({ open, onClose, companyId, investment }: InvestmentDialogProps) {
  const [create] = useCreateInvestmentMutation();
  const [update] = useUpdateInvestmentMutation();
  const company = useGetCompanyQuery(open && companyId ? companyId : skipToken);

  const form = useEntityForm<InvestmentFormValues, InvestmentOutput>({
    open,
    onClose,
    schema: investmentInputSchema,
    defaultValues: () => valuesOf(investment),
    resetKey: investment,
    companyId,
    save: (v, id) => {
      const body = {
        name: v.name,
        category: v.category,
        purchaseDate: v.purchaseDate,
        purchasePrice: v.purchasePrice,
        depreciationMethod: v.depreciationMethod,
        depreciationRate: v.depreciationRate,
        usefulLife: v.usefulLife,
        residualValue: v.residualValue,
        currentValue: v.purchasePrice,
        accountId: v.accountId,
      };
      return investment ? update({ id: investment.id, body }).unwrap() : create({ companyId: id, body }).unwrap();
    },
    success: ['Succès', investment ? MESSAGES_INVESTMENT.updated : MESSAGES_INVESTMENT.created],
    failure: investment ? MESSAGES_INVESTMENT.updateError : MESSAGES_INVESTMENT.createError,
  });
  const { control, setValue } = form;
  const values = useWatch({ control }) as InvestmentFormValues;

  // The rate follows the useful life and the method (linear 100 / life, declining × coefficient).
  const life = Number(values.usefulLife);
  useEffect(() => {
    const derived = deriveDepreciationRate(values.depreciationMethod, life);
    if (values.category === 'financial') setValue('depreciationRate', derived || '0');
    else if (derived) setValue('depreciationRate', derived);
  }, [life, values.depreciationMethod, values.category, setValue]);

  // A category change leaves an account of the old category behind (the categories' prefixes are disjoint): back to the default.
  const shownCategory = useRef(values.category);
  useEffect(() => {
    if (shownCategory.current === values.category) return;
    shownCategory.current = values.category;
    if (values.accountId && !accountFitsCategory(investment?.accountCode ?? '', values.category)) setValue('accountId', '');
  }, [values.category, values.accountId, investment, setValue]);

  const preview = useMemo(() => {
    const parsed = investmentInputSchema.safeParse(values);
    if (!parsed.success) return null;
    return depreciationPlan(parsed.data, company.data?.fiscalYear ?? '01-01');
  }, [values, company.data?.fiscalYear]);

  const title = investment ? `Modifier l'investissement ${investment.name}` : 'Nouvel Investissement';
  const financial = values.category === 'financial';
  return (
    <EntityFormDialog
      form={form}
      title={title}
      maxWidth="md"
      dividers
      submitLabel={investment ? 'Enregistrer les modifications' : "Créer l'investissement"}
    >
      <FullRow>
        <FormTextField control={control} name="name" label="Nom" autoFocus />
      </FullRow>
      <FormSelectField control={control} name="category" label="Catégorie" options={CATEGORY_OPTIONS} />
      <FormDateField control={control} name="purchaseDate" label="Date d'achat" />
      <FormMoneyField control={control} name="purchasePrice" label="Prix d'achat" />
      <FormMoneyField control={control} name="residualValue" label="Valeur résiduelle" />
      <FormSelectField control={control} name="depreciationMethod" label="Méthode d'amortissement" options={METHOD_OPTIONS} />
      <FormCountField control={control} name="usefulLife" label="Durée d'utilité (années)" min={1} max={100} />
      <FormTextField
        control={control}
        name="depreciationRate"
        label="Taux d'amortissement (%)"
        readOnly
        helperText={values.depreciationMethod === 'declining' ? 'Taux linéaire × coefficient SYSCOHADA' : '100 / durée d’utilité'}
      />
      <AccountField
        control={control}
        name="accountId"
        label="Compte d'immobilisation"
        placeholder={`Compte par défaut (${INVESTMENT_DEFAULT_ACCOUNTS[values.category]})`}
        helperText={`Vide : compte par défaut ${INVESTMENT_DEFAULT_ACCOUNTS[values.category]}`}
        companyId={open ? companyId : null}
        filter={{ prefix: INVESTMENT_ACCOUNT_PREFIXES[values.category].join(',') }}
        value={values.accountId ?? ''}
      />
      <FullRow>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Aperçu du plan d&apos;amortissement
        </Typography>
        {financial ? (
          <Alert severity="info">{MESSAGES_INVESTMENT.financialNote}</Alert>
        ) : preview && preview.length ? (
          <PlanTable rows={preview} label="Aperçu du plan d'amortissement" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Renseignez le prix, la durée d&apos;utilité et la date d&apos;achat pour voir le plan.
          </Typography>
        )}
      </FullRow>
    </EntityFormDialog>
  );
}
