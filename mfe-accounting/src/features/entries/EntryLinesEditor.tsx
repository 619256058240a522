import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Account, ThirdParty } from '@xaalis/contracts';
import { memo, useMemo } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormReturn, type UseFormSetValue } from 'react-hook-form';
import { DocumentLines, LineRow, LineTextField, RemoveLineButton } from '../../ui/LineEditor';
import { foldForSearch } from '../../ui/text';
import { emptyLine, isPositiveAmount, type EntryFormValues, type EntryOutput } from './entryForm';

/** Lines can be removed only while more than this remain (specification §5). */
export const MIN_LINES = 2;
const MAX_OPTIONS = 60;

const accountLabel = (a: Account) => `${a.code} — ${a.name}`;

/** Accounts whose code starts with the text or whose name contains it; at most 60 shown. */
export function filterAccountOptions(options: Account[], input: string): Account[] {
  const q = foldForSearch(input.trim());
  if (!q) return options.slice(0, MAX_OPTIONS);
  const codeQuery = q.split(/\s|—/)[0];
  const out: Account[] = [];
  for (const a of options) {
    if (a.code.startsWith(codeQuery) || foldForSearch(a.name).includes(q) || foldForSearch(accountLabel(a)).includes(q)) {
      out.push(a);
      if (out.length >= MAX_OPTIONS) break;
    }
  }
  return out;
}

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
  accounts: Account[];
  thirdParties: readonly ThirdParty[];
  accountsHint: string;
  canRemove: boolean;
  onRemove: (index: number) => void;
  setValue: UseFormSetValue<EntryFormValues>;
  errors: FieldErrors<EntryFormValues>['lines'];
}

const EntryLine = memo(function EntryLine({
  index,
  control,
  accounts,
  thirdParties,
  accountsHint,
  canRemove,
  onRemove,
  setValue,
  errors,
}: LineProps) {
  const n = index + 1;
  const lineErrors = errors?.[index];
  const amountError = lineErrors?.debit?.message ?? lineErrors?.credit?.message;
  const byId = useMemo(() => new Map(accounts.map((a) => [a.id, a])), [accounts]);
  return (
    <LineRow n={n} mdColumns="minmax(220px, 3fr) minmax(160px, 3fr) minmax(110px, 1.3fr) minmax(110px, 1.3fr) minmax(140px, 2fr) auto">
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <Controller
          control={control}
          name={`lines.${index}.accountId`}
          render={({ field, fieldState }) => (
            <Autocomplete
              options={accounts}
              value={byId.get(field.value) ?? null}
              onChange={(_event, option) => field.onChange(option?.id ?? '')}
              onBlur={field.onBlur}
              getOptionLabel={accountLabel}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              filterOptions={(options, state) => filterAccountOptions(options, state.inputValue)}
              noOptionsText={accounts.length === 0 ? accountsHint : 'Aucun compte trouvé'}
              size="small"
              autoHighlight
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Compte"
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': `Compte ligne ${n}` } }}
                />
              )}
            />
          )}
        />
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <LineTextField control={control} name={`lines.${index}.description`} label="Libellé" n={n} fullWidth />
      </Box>
      <AmountField control={control} setValue={setValue} index={index} side="debit" error={amountError} />
      <AmountField control={control} setValue={setValue} index={index} side="credit" error={amountError} />
      <Controller
        control={control}
        name={`lines.${index}.thirdPartyId`}
        render={({ field }) => (
          <TextField
            select
            label="Tiers"
            size="small"
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value || null)}
            onBlur={field.onBlur}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-label': `Tiers ligne ${n}` } }}
          >
            <option value="">Aucun</option>
            {thirdParties.map((t) => (
              <option key={t.id} value={t.id}>
                {t.code ? `${t.code} — ${t.name}` : t.name}
              </option>
            ))}
          </TextField>
        )}
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
  accounts: Account[];
  thirdParties: readonly ThirdParty[];
  accountsHint: string;
}

/** The lines of an entry: account, description, debit, credit, third party; add and remove (never below two). */
export function EntryLinesEditor({ form, accounts, thirdParties, accountsHint }: EntryLinesEditorProps) {
  const { getValues } = form;
  const errors = form.formState.errors.lines;
  return (
    <DocumentLines
      form={form}
      min={MIN_LINES}
      title="Lignes d'écriture"
      newLine={() => emptyLine(getValues('entry.description'))}
      renderLine={(slot) => (
        <EntryLine {...slot} accounts={accounts} thirdParties={thirdParties} accountsHint={accountsHint} errors={errors} />
      )}
    />
  );
}
