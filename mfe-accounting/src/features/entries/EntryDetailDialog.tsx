import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Box from '@mui/material/Box';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useRef } from 'react';
import { ErrorState, LoadingState, PrintIcon } from '@xaalis/web-kit';
import { AuditHistory } from '../audit';
import { useGetEntryQuery } from './api';
import { EntryDocument } from './EntryDocument';

export const PRINT_AREA_CLASS = 'xaalis-print-area';

// While the panel is open, printing shows only the entry (the shell's sidebar and bars are hidden).
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden !important' },
        [`.${PRINT_AREA_CLASS}, .${PRINT_AREA_CLASS} *`]: { visibility: 'visible !important' },
        [`.${PRINT_AREA_CLASS}`]: { position: 'absolute', left: 0, top: 0, width: '100%', padding: '16px' },
        '.MuiDialog-root, .MuiDialog-container, .MuiDialog-paper, .MuiDialogContent-root': {
          position: 'static !important',
          overflow: 'visible !important',
          maxHeight: 'none !important',
          boxShadow: 'none !important',
          transform: 'none !important',
        },
        '.MuiBackdrop-root': { display: 'none !important' },
      },
    }}
  />
);

export interface EntryDetailDialogProps {
  /** The entry shown, or null when closed. */
  entryId: string | null;
  /** Print as soon as the entry is loaded (the print action of the list). */
  autoPrint?: boolean;
  companyName?: string;
  onClose: () => void;
}

/** The entry's detail panel: date, description, total, lines (debit/credit or '-'), totals; printable. */
export function EntryDetailDialog({ entryId, autoPrint = false, companyName, onClose }: EntryDetailDialogProps) {
  const titleId = useId();
  const { data: entry, isLoading, error, refetch } = useGetEntryQuery(entryId ?? skipToken, { refetchOnMountOrArgChange: true });
  const printed = useRef<string | null>(null);
  const ready = Boolean(entryId && entry && entry.id === entryId && entry.lines);

  useEffect(() => {
    if (!entryId) printed.current = null;
  }, [entryId]);
  useEffect(() => {
    if (!autoPrint || !ready || !entryId || printed.current === entryId) return undefined;
    printed.current = entryId;
    // Let the panel paint first.
    const timer = setTimeout(() => window.print(), 50);
    return () => clearTimeout(timer);
  }, [autoPrint, ready, entryId]);

  return (
    <Dialog open={Boolean(entryId)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      {entryId ? printStyles : null}
      <DialogTitle id={titleId}>{entry && entry.id === entryId ? `Écriture ${entry.number}` : 'Écriture comptable'}</DialogTitle>
      <DialogContent dividers>
        {isLoading || (entryId && entry && entry.id !== entryId) ? (
          <LoadingState rows={4} />
        ) : error && !entry ? (
          <ErrorState error={error} onRetry={() => void refetch()} title="Impossible de charger l'écriture" />
        ) : entry ? (
          <>
            <Box className={PRINT_AREA_CLASS}>
              <EntryDocument entry={entry} companyName={companyName} />
            </Box>
            <AuditHistory companyId={entry.companyId} objectType="entry" objectId={entry.id} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!ready}>
          Imprimer
        </Button>
        <Button onClick={onClose} variant="contained">
          Fermer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
