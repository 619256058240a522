import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { errorMessage, isApiError, serverMessage } from '@xaalis/web-kit';
import type { ChangeEvent } from 'react';

/** How long typed filters settle before the report is asked again. */
export const FILTER_DELAY_MS = 400;

/** A 400 answer: its messages per field of the form, or its message when no field is named. */
export interface BadRequest {
  fields: Partial<Record<string, string>>;
  message: string | null;
}

/** The 400 of a report read, split between the inputs it names and a general message; null for any other failure. */
export function badRequest(error: unknown, fields: readonly string[]): BadRequest | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const issues = (error.data as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues ?? [];
  const named: Partial<Record<string, string>> = {};
  for (const issue of Array.isArray(issues) ? issues : []) {
    if (typeof issue.path === 'string' && fields.includes(issue.path) && typeof issue.message === 'string' && !named[issue.path])
      named[issue.path] = issue.message;
  }
  const any = Object.keys(named).length > 0;
  return { fields: named, message: any ? null : (serverMessage(error) ?? errorMessage(error)) };
}

/** The general message of a 400, under the inputs. */
export function BadRequestAlert({ bad }: { bad: BadRequest | null }) {
  if (!bad?.message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {bad.message}
    </Alert>
  );
}

interface FilterFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A small input of a report's filters, with the server's message under it. */
function FilterField({ label, value, onChange, error, date }: FilterFieldProps & { date?: boolean }) {
  return (
    <TextField
      type={date ? 'date' : 'text'}
      size="small"
      label={label}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={{ width: date ? 180 : 150 }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: date ? { max: '9999-12-31' } : { inputMode: 'numeric' } }}
    />
  );
}

/** A date (`YYYY-MM-DD`) of the Balance's and the Grand livre's range. */
export const ReportDateField = (props: FilterFieldProps) => <FilterField {...props} date />;

/** An account number of the Grand livre's range (digits only on the server's side). */
export const AccountField = (props: FilterFieldProps) => <FilterField {...props} />;
