import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES_CREDIT_NOTE, type CreditNoteInput, type Invoice } from '@xaalis/contracts';
import { sub } from '@xaalis/domain';
import { formatMoney, toastFailure, toastSuccess } from '@xaalis/web-kit';
import { useId, useState } from 'react';
import { useCreateCreditNoteMutation } from './api';

type Mode = 'all' | 'lines' | 'amount';

export interface CreditNoteDialogProps {
  /** The invoice credited; null closes the dialog. */
  invoice: Invoice | null;
  onClose: () => void;
}

/** 'Créer un avoir': the whole remainder, chosen lines and quantities, or an amount; its reason; goods back in stock. */
export function CreditNoteDialog({ invoice, onClose }: CreditNoteDialogProps) {
  const titleId = useId();
  const [create, state] = useCreateCreditNoteMutation();
  const [mode, setMode] = useState<Mode>('all');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!invoice) return null;
  const hasStock = (invoice.lines ?? []).some((l) => l.inventoryItemId);

  const submit = async () => {
    if (!reason.trim()) {
      setError(MESSAGES_CREDIT_NOTE.reasonRequired);
      return;
    }
    const body: CreditNoteInput = { reason: reason.trim(), restock };
    if (mode === 'amount') body.amount = amount.replace(',', '.').replace(/\s/g, '');
    if (mode === 'lines') {
      body.lines = Object.entries(quantities)
        .filter(([, q]) => q.trim() !== '' && Number(q.replace(',', '.')) > 0)
        .map(([invoiceLineId, q]) => ({ invoiceLineId, quantity: q.replace(',', '.') }));
      if (!body.lines.length) {
        setError('Indiquez au moins une quantité à créditer');
        return;
      }
    }
    setError(null);
    try {
      const note = await create({ invoiceId: invoice.id, body }).unwrap();
      toastSuccess('Succès', MESSAGES_CREDIT_NOTE.created(note.number));
      onClose();
    } catch (err) {
      toastFailure(err, "Erreur lors de la création de l'avoir");
    }
  };

  return (
    <Dialog open onClose={state.isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`Créer un avoir — facture ${invoice.number}`}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Motif de l'avoir"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          required
          error={Boolean(error) && !reason.trim()}
          helperText={error && !reason.trim() ? error : ' '}
          sx={{ mb: 1 }}
        />
        <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as Mode)} aria-label="Montant de l'avoir">
          <FormControlLabel
            value="all"
            control={<Radio />}
            label={`Totalité du reste (${formatMoney(sub(invoice.total, invoice.creditTotal ?? '0'))})`}
          />
          <FormControlLabel value="lines" control={<Radio />} label="Lignes et quantités choisies" />
          <FormControlLabel value="amount" control={<Radio />} label="Un montant TTC" />
        </RadioGroup>
        {mode === 'amount' ? (
          <TextField
            label="Montant TTC"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ mt: 1 }}
          />
        ) : null}
        {mode === 'lines' ? (
          <Box sx={{ mt: 1, display: 'grid', gap: 1 }}>
            {(invoice.lines ?? []).map((l) => (
              <Box key={l.id} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <Typography variant="body2" sx={{ flex: 1 }}>{`${l.description} (${l.quantity} × ${formatMoney(l.unitPrice)})`}</Typography>
                <TextField
                  size="small"
                  label={`Quantité — ${l.description}`}
                  value={quantities[l.id] ?? ''}
                  onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ width: 160 }}
                />
              </Box>
            ))}
          </Box>
        ) : null}
        {hasStock ? (
          <FormControlLabel
            control={<Checkbox checked={restock} onChange={(e) => setRestock(e.target.checked)} />}
            label="Remettre les articles en stock"
            sx={{ mt: 1 }}
          />
        ) : null}
        {error && reason.trim() ? (
          <Typography color="error" variant="body2" role="alert">
            {error}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state.isLoading}>
          Annuler
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={state.isLoading}>
          {state.isLoading ? 'Création...' : "Créer l'avoir"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
