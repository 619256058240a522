import TextField from '@mui/material/TextField';

export interface FilterSelectProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  /** The first choice, value '' ('Tous les statuts'...); none when absent. */
  allLabel?: string;
  minWidth: number;
}

/** A native select in a small outlined field, for filters and selectors (accessible name = its label). */
export function FilterSelect<V extends string>({ label, value, onChange, options, allLabel, minWidth }: FilterSelectProps<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      sx={{ minWidth }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
