import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { memo } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormReturn, type UseFormSetValue } from 'react-hook-form';
import { AccountField } from '../accounts';
import { ThirdPartyField } from '../third-parties';
import { DocumentLines, LineRow, LineTextField, RemoveLineButton } from '../../ui/LineEditor';
import { emptyLine, isPositiveAmount, type EntryFormValues, type EntryOutput } from './entryForm';

/** Lines can be removed only while more than this remain (specification §5). */
export const MIN_LINES = 2;

const amountInput = { min: 0, step: 0.01, inputMode: 'decimal' as const };
const selectOnFocus = (event: React.FocusEvent<HTMLInputElement>) => event.target.select();

const SIDES = {
  debit: { label: 'Débit', other: 'credit' },
  credit: { label: 'Crédit', other: 'debit' },
} as const;

interface AmountFieldProps {
  control: Control<EntryFormValues, unknown, EntryOutput>;
  setValue: UseFormSetValue<EntryFormValues>;
  index: number;
  side: keyof typeof SIDES;
  /** The line's amount error: both fields are marked, the debit shows the message. */
  error: string | undefined;
}

/** 'Débit' or 'Crédit' of a line: a positive amount zeroes the other side (specification §5). */
function AmountField({ control, setValue, index, side, error }: AmountFieldProps) {
  const { label, other } = SIDES[side];
  return (
    <Controller
      control={control}
      name={`lines.${index}.${side}`}
      render={({ field: { ref, ...field } }) => (
        <TextField
          {...field}
          inputRef={ref}
          onChange={(event) => {
            field.onChange(event.target.value);
            if (isPositiveAmount(event.target.value)) setValue(`lines.${index}.${other}`, '0.00', { shouldValidate: false });
          }}
          onFocus={selectOnFocus}
          label={label}
          type="number"
          size="small"
          error={Boolean(error)}
          helperText={side === 'debit' ? error : undefined}
          slotProps={{ htmlInput: { ...amountInput, 'aria-label': `${label} ligne ${index + 1}` } }}
        />
      )}
    />
  );
}

interface LineProps {
  index: number;
  control: Control<EntryFormValues, unknown, EntryOutput>;
  companyId: string | null;
  canRemove: boolean;
  onRemove: (index: number) => void;
  setValue: UseFormSetValue<EntryFormValues>;
  errors: FieldErrors<EntryFormValues>['lines'];
}

const EntryLine = memo(function EntryLine({ index, control, companyId, canRemove, onRemove, setValue, errors }: LineProps) {
  const n = index + 1;
  const lineErrors = errors?.[index];
  const amountError = lineErrors?.debit?.message ?? lineErrors?.credit?.message;
  const accountId = useWatch({ control, name: `lines.${index}.accountId` });
  const thirdPartyId = useWatch({ control, name: `lines.${index}.thirdPartyId` });
  return (
    <LineRow n={n} mdColumns="minmax(220px, 3fr) minmax(160px, 3fr) minmax(110px, 1.3fr) minmax(110px, 1.3fr) minmax(140px, 2fr) auto">
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <AccountField
          control={control}
          name={`lines.${index}.accountId`}
          id={`line-${index}-account`}
          label="Compte"
          ariaLabel={`Compte ligne ${n}`}
          size="small"
          companyId={companyId}
          value={accountId}
        />
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <LineTextField control={control} name={`lines.${index}.description`} label="Libellé" n={n} fullWidth />
      </Box>
      <AmountField control={control} setValue={setValue} index={index} side="debit" error={amountError} />
      <AmountField control={control} setValue={setValue} index={index} side="credit" error={amountError} />
      <ThirdPartyField
        control={control}
        name={`lines.${index}.thirdPartyId`}
        id={`line-${index}-third-party`}
        label="Tiers"
        placeholder="Aucun"
        ariaLabel={`Tiers ligne ${n}`}
        size="small"
        companyId={companyId}
        value={thirdPartyId ?? ''}
      />
      <RemoveLineButton
        n={n}
        canRemove={canRemove}
        keepReason="Une écriture compte au moins deux lignes"
        onRemove={() => onRemove(index)}
      />
    </LineRow>
  );
});

export interface EntryLinesEditorProps {
  form: UseFormReturn<EntryFormValues, unknown, EntryOutput>;
  /** The company whose accounts and third parties the lines search. */
  companyId: string | null;
}

/** The lines of an entry: account, description, debit, credit, third party; add and remove (never below two). */
export function EntryLinesEditor({ form, companyId }: EntryLinesEditorProps) {
  const { getValues } = form;
  const errors = form.formState.errors.lines;
  return (
    <DocumentLines
      form={form}
      min={MIN_LINES}
      title="Lignes d'écriture"
      newLine={() => emptyLine(getValues('entry.description'))}
      renderLine={(slot) => <EntryLine {...slot} companyId={companyId} errors={errors} />}
    />
  );
}
