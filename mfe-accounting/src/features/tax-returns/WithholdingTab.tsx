import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { vatPeriodLabel, type VatPeriodicity } from '@xaalis/contracts';
import { ErrorState, FilterSelect, LoadingState, ReadOnlyNotice, useCan } from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { usePreviewWithholdingStatementQuery } from './api';
import { WithholdingDeclareDialog } from './DeclareDialog';
import { FiledWithholdingsTable } from './FiledWithholdingsTable';
import { PeriodPicker } from './PeriodPicker';
import { periodIn, previousVatPeriod } from './period';
import { WithholdingPreviewView } from './WithholdingPreview';

/** The bordereau is monthly, or quarterly when the month's withholdings are under 20 000 F: the user says which. */
const PERIODICITY_OPTIONS: { value: VatPeriodicity; label: string }[] = [
  { value: 'monthly', label: 'Mois' },
  { value: 'quarterly', label: 'Trimestre' },
];

/** The 'Retenues à la source' tab: a period (the previous month by default), its bordereau, 'Déposer le bordereau', the bordereaux on file. */
export function WithholdingTab({ companyId }: { companyId: string }) {
  const [periodicity, setPeriodicity] = useState<VatPeriodicity>('monthly');
  const [period, setPeriod] = useState(() => previousVatPeriod('monthly'));
  const [declaring, setDeclaring] = useState(false);
  const canDeclare = useCan('/api/companies/:id/withholding-statements');
  const query = usePreviewWithholdingStatementQuery({ companyId, period });
  const preview = query.currentData;

  let body: ReactNode;
  if (!preview && query.isFetching) body = <LoadingState rows={4} />;
  else if (!preview && query.error)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de calculer le bordereau de retenues" />;
  else if (preview)
    body = <WithholdingPreviewView companyId={companyId} preview={preview} canDeclare={canDeclare} onDeclare={() => setDeclaring(true)} />;

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h2" component="h2">{`Bordereau des retenues à la source — ${vatPeriodLabel(period)}`}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <FilterSelect
            label="Périodicité"
            value={periodicity}
            onChange={(next) => {
              setPeriodicity(next);
              setPeriod((current) => periodIn(current, next));
            }}
            options={PERIODICITY_OPTIONS}
            minWidth={130}
          />
          {/* Keyed: the quarter picker's typed year starts from the period each time the periodicity changes. */}
          <PeriodPicker key={periodicity} periodicity={periodicity} period={period} onChange={setPeriod} />
        </Box>
      </Box>
      {canDeclare ? null : <ReadOnlyNotice />}
      {body}
      <FiledWithholdingsTable companyId={companyId} />
      {declaring && canDeclare ? (
        <WithholdingDeclareDialog companyId={companyId} period={period} onClose={() => setDeclaring(false)} />
      ) : null}
    </Box>
  );
}
