import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { VatPeriodicity } from '@xaalis/contracts';
import { FilterSelect } from '@xaalis/web-kit';
import { useState } from 'react';
import { monthPeriod, QUARTERS, quarterOf, quarterPeriod } from './period';

const QUARTER_OPTIONS = QUARTERS.map((q) => ({ value: q, label: `T${q}` }));
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The period of the return: a month, or a year and a quarter (T1…T4), as the company's VAT periodicity says. */
export function PeriodPicker({
  periodicity,
  period,
  onChange,
}: {
  periodicity: VatPeriodicity;
  period: string;
  onChange: (period: string) => void;
}) {
  const quarter = quarterOf(period);
  // The year is typed: it is kept as typed, and the period follows once it reads as a year.
  const [yearText, setYearText] = useState(String(quarter?.year ?? period.slice(0, 4)));
  if (periodicity === 'quarterly') {
    const q = quarter ?? { year: Number(period.slice(0, 4)), quarter: 1 };
    return (
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="number"
          label="Année"
          value={yearText}
          onChange={(e) => {
            setYearText(e.target.value);
            if (/^\d{4}$/.test(e.target.value)) onChange(quarterPeriod(Number(e.target.value), q.quarter));
          }}
          slotProps={{ htmlInput: { min: 2000, max: 9999, step: 1 }, inputLabel: { shrink: true } }}
          sx={{ width: 110 }}
        />
        <FilterSelect
          label="Trimestre"
          value={String(q.quarter)}
          onChange={(value) => onChange(quarterPeriod(q.year, Number(value)))}
          options={QUARTER_OPTIONS}
          minWidth={110}
        />
      </Box>
    );
  }
  return (
    <TextField
      size="small"
      type="month"
      label="Mois"
      value={MONTH.test(period) ? period : ''}
      onChange={(e) => {
        const m = MONTH.exec(e.target.value);
        if (m) onChange(monthPeriod(Number(m[1]), Number(m[2])));
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: 170 }}
    />
  );
}
