import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES_VAT, vatPeriodLabel, type VatPeriodicity, type VatReturnLine } from '@xaalis/contracts';
import { ConfirmDialog, ErrorState, LoadingState, ReadOnlyNotice, toastSuccess, useCan } from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { useGetTaxSettingsQuery } from '../settings';
import { usePreviewVatReturnQuery, useReopenVatReturnMutation } from './api';
import { DeclareDialog, refusalText } from './DeclareDialog';
import { FiledReturnsTable } from './FiledReturnsTable';
import { PeriodPicker } from './PeriodPicker';
import { previousVatPeriod } from './period';
import { VatDrillDialog } from './VatDrillDialog';
import { VatPreviewView } from './VatPreview';

/** One period's return: the period, the preview with its checks, 'Déclarer', reopening, and the returns on file. */
function VatReturnPanel({ companyId, periodicity }: { companyId: string; periodicity: VatPeriodicity }) {
  const [period, setPeriod] = useState(() => previousVatPeriod(periodicity));
  const [drill, setDrill] = useState<VatReturnLine | null>(null);
  const [declaring, setDeclaring] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [reopenError, setReopenError] = useState<string | null>(null);
  const canDeclare = useCan('/api/companies/:id/vat-returns');
  const query = usePreviewVatReturnQuery({ companyId, period });
  const [reopen, reopenState] = useReopenVatReturnMutation();
  const preview = query.currentData;
  const label = vatPeriodLabel(period);

  const onReopen = async () => {
    if (!preview?.declared) return;
    setReopenError(null);
    try {
      await reopen({ companyId, id: preview.declared.id }).unwrap();
      toastSuccess('Succès', MESSAGES_VAT.reopened);
      setReopening(false);
    } catch (error) {
      setReopenError(refusalText(error));
    }
  };

  let body: ReactNode;
  if (!preview && query.isFetching) body = <LoadingState rows={5} />;
  else if (!preview && query.error)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de calculer la déclaration de TVA" />;
  else if (preview)
    body = (
      <VatPreviewView
        companyId={companyId}
        preview={preview}
        canDeclare={canDeclare}
        onLine={setDrill}
        onDeclare={() => setDeclaring(true)}
        onReopen={() => {
          setReopenError(null);
          setReopening(true);
        }}
      />
    );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h2" component="h2">{`Déclaration de TVA — ${label}`}</Typography>
        <PeriodPicker periodicity={periodicity} period={period} onChange={setPeriod} />
      </Box>
      {canDeclare ? null : <ReadOnlyNotice />}
      {body}
      <FiledReturnsTable companyId={companyId} />
      <VatDrillDialog companyId={companyId} period={period} line={drill} onClose={() => setDrill(null)} />
      {declaring && canDeclare ? (
        <DeclareDialog companyId={companyId} period={period} corrective={Boolean(preview?.declared)} onClose={() => setDeclaring(false)} />
      ) : null}
      {canDeclare ? (
        <ConfirmDialog
          open={reopening}
          title={`Rouvrir la déclaration de ${label} ?`}
          text="La déclaration déposée reste archivée. Les écritures de la période pourront être corrigées, puis une déclaration rectificative déposée."
          confirmLabel="Rouvrir"
          danger={false}
          busy={reopenState.isLoading}
          error={reopenError}
          onConfirm={() => void onReopen()}
          onClose={() => setReopening(false)}
        />
      ) : null}
    </Box>
  );
}

/** The 'TVA' tab: the company's VAT periodicity (Paramètres → Fiscalité) sets the period picker. */
export function VatReturnsTab({ companyId }: { companyId: string }) {
  const settings = useGetTaxSettingsQuery(companyId);
  if (settings.isLoading) return <LoadingState rows={4} />;
  // Settings that cannot be read leave the monthly picker: the server says which period it expects.
  const periodicity = settings.data?.vatPeriodicity ?? 'monthly';
  return <VatReturnPanel key={periodicity} companyId={companyId} periodicity={periodicity} />;
}
