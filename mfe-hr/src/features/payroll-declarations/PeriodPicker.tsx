import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { FilterSelect } from '@xaalis/web-kit';
import { useState } from 'react';
import { monthPeriod, periodIn, quarterPeriod, unitOf, type PeriodUnit } from './period';

const UNIT_LABELS: Record<PeriodUnit, string> = { month: 'Mois', quarter: 'Trimestre', year: 'Année' };
const QUARTER_OPTIONS = ['1', '2', '3', '4'].map((q) => ({ value: q, label: `T${q}` }));
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

/** The typed year: kept as typed, the period follows once it reads as a year. */
function YearField({ year, onYear }: { year: number; onYear: (year: number) => void }) {
  const [text, setText] = useState(String(year));
  return (
    <TextField
      size="small"
      type="number"
      label="Année"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (YEAR.test(e.target.value)) onYear(Number(e.target.value));
      }}
      slotProps={{ htmlInput: { min: 2000, max: 9999, step: 1 }, inputLabel: { shrink: true } }}
      sx={{ width: 110 }}
    />
  );
}

/** The field of one unit: a month input, a year and a quarter (T1…T4), or a year. */
function UnitField({ unit, period, onChange }: { unit: PeriodUnit; period: string; onChange: (period: string) => void }) {
  const year = Number(period.slice(0, 4));
  switch (unit) {
    case 'year':
      return <YearField year={year} onYear={(y) => onChange(String(y))} />;
    case 'quarter': {
      const quarter = period.slice(-1);
      return (
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <YearField year={year} onYear={(y) => onChange(quarterPeriod(y, Number(quarter)))} />
          <FilterSelect
            label="Trimestre"
            value={quarter}
            onChange={(q) => onChange(quarterPeriod(year, Number(q)))}
            options={QUARTER_OPTIONS}
            minWidth={110}
          />
        </Box>
      );
    }
    case 'month':
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
}

/**
 * The period of a declaration or a report: with more than one `units`, a 'Périodicité' select
 * (the period follows, 2026-11 → 2026-Q4), then the field of the chosen unit.
 */
export function PeriodPicker({
  units,
  period,
  onChange,
}: {
  units: readonly PeriodUnit[];
  period: string;
  onChange: (period: string) => void;
}) {
  const unit = unitOf(period);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {units.length > 1 ? (
        <FilterSelect
          label="Périodicité"
          value={unit}
          onChange={(next) => onChange(periodIn(period, next))}
          options={units.map((value) => ({ value, label: UNIT_LABELS[value] }))}
          minWidth={130}
        />
      ) : null}
      {/* Keyed: a typed year starts from the period each time the unit changes. */}
      <UnitField key={unit} unit={unit} period={period} onChange={onChange} />
    </Box>
  );
}
