import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { INVOICE_CREDIT_STATUS_LABELS, MESSAGES_INVOICE, type Invoice } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatDate, formatMoney, toastSuccess, toastFailure, ErrorState, LoadingState, TableContainer } from '@xaalis/web-kit';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { AuditHistory, AuditTrail, useUserName } from '../audit';
import { downloadWithToast } from '../../ui/download';
import { formatQuantity } from '../inventory';
import type { PaymentDialogDefaults } from '../payments';
import { CreditNoteDialog, downloadCreditNotePdf, useListCreditNotesQuery } from '../sales-cycle';
import { invoicePdfUrl, useCancelInvoiceMutation, useGetInvoiceQuery, useValidateInvoiceMutation } from './api';
import { formatRate } from './invoiceForm';
import {
  canCancelInvoice,
  canCreditInvoice,
  canPayInvoice,
  INVOICE_MESSAGES_EXTRA,
  INVOICE_STATUS_COLORS,
  INVOICE_TYPE_COLORS,
  invoiceStatusLabel,
  invoiceTypeLabel,
  paymentMethodLabel,
} from './labels';
import { useInvoiceRights } from './rights';

/** Downloads GET /api/invoices/:id/pdf as `<number>.pdf`. */
export function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<boolean> {
  return downloadWithToast(invoicePdfUrl(invoice.id), `${invoice.number}.pdf`, INVOICE_MESSAGES_EXTRA.downloadError);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

export interface InvoiceDetailDialogProps {
  /** The invoice shown; null closes the dialog. */
  invoiceId: string | null;
  onClose: () => void;
  /** 'Modifier' (drafts). */
  onEdit: (invoiceId: string) => void;
  /** 'Enregistrer un paiement' (validated, balance due). */
  onPay: (defaults: PaymentDialogDefaults) => void;
}

/** One invoice: header, lines, totals, payments received, balance due, and its actions. */
export function InvoiceDetailDialog({ invoiceId, onClose, onEdit, onPay }: InvoiceDetailDialogProps) {
  const titleId = useId();
  const confirmId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const query = useGetInvoiceQuery(invoiceId ?? skipToken, { refetchOnMountOrArgChange: true });
  const [validateInvoice, validateState] = useValidateInvoiceMutation();
  const [cancelInvoice, cancelState] = useCancelInvoiceMutation();
  const [confirming, setConfirming] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const invoice = query.data && query.data.id === invoiceId ? query.data : undefined;
  const creditNotes = useListCreditNotesQuery(
    invoice && invoice.creditStatus !== 'none' ? { companyId: invoice.companyId, invoiceId: invoice.id, pageSize: 50 } : skipToken,
  );
  const busy = validateState.isLoading || cancelState.isLoading;
  const nameOf = useUserName();
  const rights = useInvoiceRights();

  const onValidate = async () => {
    if (!invoice) return;
    try {
      await validateInvoice(invoice.id).unwrap();
      toastSuccess('Succès', MESSAGES_INVOICE.validated);
    } catch (error) {
      toastFailure(error, INVOICE_MESSAGES_EXTRA.validateError);
    }
  };

  const onCancel = async () => {
    if (!invoice) return;
    try {
      await cancelInvoice(invoice.id).unwrap();
      setConfirming(false);
      toastSuccess('Succès', MESSAGES_INVOICE.cancelled);
    } catch (error) {
      toastFailure(error, INVOICE_MESSAGES_EXTRA.cancelError);
    }
  };

  const onDownload = async () => {
    if (!invoice) return;
    setDownloading(true);
    try {
      await downloadInvoicePdf(invoice);
    } finally {
      setDownloading(false);
    }
  };

  let content: ReactNode;
  if (!invoice && (query.isLoading || query.isFetching)) content = <LoadingState rows={4} />;
  else if (!invoice && query.error)
    content = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger la facture" />;
  else if (invoice) {
    const lines = invoice.lines ?? [];
    const payments = invoice.payments ?? [];
    const isPurchase = invoice.type === 'purchase';
    // The VAT per rate (an invoice read from an older server has none: its one rate).
    const breakdown = invoice.vatBreakdown?.length
      ? invoice.vatBreakdown
      : [{ rate: invoice.vatRate, base: invoice.subtotal, vat: invoice.vatAmount }];
    content = (
      <Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Chip size="small" label={invoiceTypeLabel(invoice.type)} color={INVOICE_TYPE_COLORS[invoice.type] ?? 'default'} />
          <Chip size="small" label={invoiceStatusLabel(invoice.status)} color={INVOICE_STATUS_COLORS[invoice.status] ?? 'default'} />
          {invoice.creditStatus !== 'none' ? (
            <Chip size="small" variant="outlined" color="warning" label={INVOICE_CREDIT_STATUS_LABELS[invoice.creditStatus]} />
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {/* An issued invoice names the party as it was issued to (its snapshot), a draft the current one. */}
          <Field label={isPurchase ? 'Fournisseur' : 'Client'}>{invoice.client?.name ?? invoice.thirdParty?.name ?? 'N/A'}</Field>
          <Field label="Date">{formatDate(invoice.date)}</Field>
          <Field label="Échéance">{invoice.dueDate ? formatDate(invoice.dueDate) : '-'}</Field>
          <Field label="Mode de paiement">{paymentMethodLabel(invoice.paymentMethod)}</Field>
        </Box>
        {invoice.notes ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
            {invoice.notes}
          </Typography>
        ) : null}
        <TableContainer label="Lignes de la facture" sx={{ mt: 3 }}>
          <Table size="small" aria-label="Lignes de la facture">
            <TableHead>
              <TableRow>
                <TableCell>Description</TableCell>
                <TableCell align="right">Quantité</TableCell>
                <TableCell align="right">Prix unitaire</TableCell>
                <TableCell align="right">TVA</TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.id}>
                  <TableCell>{line.description}</TableCell>
                  <TableCell align="right">{formatQuantity(line.quantity)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.unitPrice)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRate(line.vatRate ?? invoice.vatRate)}
                    {/* At 0 %, the code tells an export from an exempt or non-taxable line. */}
                    {line.vatCode && Number(line.vatRate) === 0 ? ` (${line.vatCode})` : ''}
                    {isPurchase && line.vatDeductible === false ? ' (non déductible)' : ''}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.total)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Box
          role="group"
          aria-label="Totaux de la facture"
          sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 4, rowGap: 0.5, justifyContent: 'end' }}
        >
          <Typography variant="body2">Sous-total</Typography>
          <Typography variant="body2" align="right">
            {formatMoney(invoice.subtotal)}
          </Typography>
          {breakdown.map((r) => (
            <Fragment key={r.rate}>
              <Typography variant="body2">
                {breakdown.length > 1 ? `TVA ${formatRate(r.rate)} (base ${formatMoney(r.base)})` : `TVA ${formatRate(r.rate)}`}
              </Typography>
              <Typography variant="body2" align="right">
                {formatMoney(r.vat)}
              </Typography>
            </Fragment>
          ))}
          {breakdown.length > 1 ? (
            <>
              <Typography variant="body2">Total TVA</Typography>
              <Typography variant="body2" align="right">
                {formatMoney(invoice.vatAmount)}
              </Typography>
            </>
          ) : null}
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            Total
          </Typography>
          <Typography variant="subtitle1" align="right" sx={{ fontWeight: 700 }}>
            {formatMoney(invoice.total)}
          </Typography>
        </Box>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          Paiements reçus
        </Typography>
        {payments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Aucun paiement reçu
          </Typography>
        ) : (
          <TableContainer label="Paiements reçus">
            <Table size="small" aria-label="Paiements reçus">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Mode</TableCell>
                  <TableCell>Référence</TableCell>
                  <TableCell>Saisi par</TableCell>
                  <TableCell align="right">Montant</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {payments.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{formatDate(p.date)}</TableCell>
                    <TableCell>{paymentMethodLabel(p.method)}</TableCell>
                    <TableCell>{p.reference || '-'}</TableCell>
                    <TableCell>{nameOf(p.createdBy)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(p.amount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {creditNotes.data?.items.length ? (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
              Avoirs
            </Typography>
            <TableContainer label="Avoirs">
              <Table size="small" aria-label="Avoirs">
                <TableBody>
                  {creditNotes.data.items.map((n) => (
                    <TableRow key={n.id}>
                      <TableCell>{n.number}</TableCell>
                      <TableCell>{formatDate(n.date)}</TableCell>
                      <TableCell>{n.reason}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(n.total)}
                      </TableCell>
                      <TableCell align="right">
                        <Button size="small" onClick={() => void downloadCreditNotePdf(n)}>
                          PDF
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        ) : null}
        {invoice.status !== 'cancelled' ? (
          <Box
            role="group"
            aria-label="Reste à payer"
            sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end', gap: 2, alignItems: 'baseline' }}
          >
            <Typography variant="subtitle1">Reste à payer</Typography>
            <Typography
              variant="h6"
              component="p"
              data-testid="invoice-balance-due"
              color={Number(invoice.balanceDue) > 0 ? 'error' : 'success.main'}
              sx={{ fontWeight: 700 }}
            >
              {formatMoney(invoice.balanceDue)}
            </Typography>
          </Box>
        ) : null}
        <AuditTrail
          steps={[
            { label: 'Créée par', userId: invoice.createdBy, at: invoice.createdAt },
            { label: 'Validée par', userId: invoice.validatedBy, at: invoice.validatedAt },
            { label: 'Annulée par', userId: invoice.cancelledBy, at: invoice.cancelledAt },
          ]}
        />
        <AuditHistory companyId={invoice.companyId} objectType="invoice" objectId={invoice.id} />
      </Box>
    );
  }

  const isDraft = invoice?.status === 'draft';
  return (
    <>
      <Dialog
        open={invoiceId !== null}
        onClose={busy ? undefined : onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
        fullScreen={fullScreen}
        scroll="paper"
      >
        <DialogTitle id={titleId}>{invoice ? `Facture ${invoice.number}` : 'Facture'}</DialogTitle>
        <DialogContent dividers>{content}</DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            Fermer
          </Button>
          {invoice ? (
            <>
              <Button onClick={() => void onDownload()} disabled={downloading}>
                {downloading ? 'Téléchargement...' : 'Télécharger le PDF'}
              </Button>
              {rights.cancel && canCancelInvoice(invoice) ? (
                <Button color="error" onClick={() => setConfirming(true)} disabled={busy}>
                  Annuler la facture
                </Button>
              ) : null}
              {rights.cancel && canCreditInvoice(invoice) ? (
                <Button color="warning" variant="outlined" onClick={() => setCrediting(true)} disabled={busy}>
                  Créer un avoir
                </Button>
              ) : null}
              {rights.edit && isDraft ? (
                <Button variant="outlined" onClick={() => onEdit(invoice.id)} disabled={busy}>
                  Modifier
                </Button>
              ) : null}
              {rights.validate && isDraft ? (
                <Button variant="contained" color="success" onClick={() => void onValidate()} disabled={busy}>
                  {validateState.isLoading ? 'Validation...' : 'Valider'}
                </Button>
              ) : null}
              {rights.pay && canPayInvoice(invoice) ? (
                <Button
                  variant="contained"
                  onClick={() => onPay({ type: 'invoice_payment', invoiceId: invoice.id, amount: invoice.balanceDue })}
                  disabled={busy}
                >
                  Enregistrer un paiement
                </Button>
              ) : null}
            </>
          ) : null}
        </DialogActions>
      </Dialog>
      {crediting && invoice ? <CreditNoteDialog invoice={invoice} onClose={() => setCrediting(false)} /> : null}
      <Dialog
        open={confirming && Boolean(invoice)}
        onClose={cancelState.isLoading ? undefined : () => setConfirming(false)}
        aria-labelledby={confirmId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={confirmId}>{`Annuler la facture ${invoice?.number ?? ''} ?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>Le brouillon sera annulé. Cette action est définitive.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={cancelState.isLoading}>
            Retour
          </Button>
          <Button color="error" variant="contained" onClick={() => void onCancel()} disabled={cancelState.isLoading}>
            {cancelState.isLoading ? 'Annulation...' : "Confirmer l'annulation"}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
