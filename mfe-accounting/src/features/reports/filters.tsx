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

/** A small date input (`YYYY-MM-DD`) of a report's filters, with the server's message under it. */
export function ReportDateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={{ width: 180 }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } }}
    />
  );
}

/** A small account-number input of the Grand livre's filters (digits only on the server's side). */
export function AccountField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={{ width: 150 }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
