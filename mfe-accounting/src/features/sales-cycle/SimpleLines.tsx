import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONEY_PATTERN, QUANTITY_PATTERN, PERCENT_PATTERN, invoiceTotals } from '@xaalis/contracts';
import { formatMoney } from '@xaalis/web-kit';

export interface SimpleLine {
  description: string;
  quantity: string;
  unitPrice: string;
  /** Kept as they were when a saved document's line is edited here (a stock item, an account). */
  accountId?: string | null;
  inventoryItemId?: string | null;
}
/** What the totals can read while typing: an unreadable figure counts as 0. */
const readable = (l: SimpleLine) => ({
  quantity: QUANTITY_PATTERN.test(l.quantity.trim()) ? l.quantity.trim() : '0',
  unitPrice: MONEY_PATTERN.test(l.unitPrice.trim()) && !l.unitPrice.trim().startsWith('-') ? l.unitPrice.trim() : '0',
});

export const emptyLine = (): SimpleLine => ({ description: '', quantity: '1', unitPrice: '' });

/** A saved document's lines as edited here (one empty line for a new document). */
export const editableLines = (saved?: readonly SimpleLine[]): SimpleLine[] =>
  saved?.length
    ? saved.map((l) => ({
        description: l.description,
        quantity: String(Number(l.quantity)),
        unitPrice: l.unitPrice,
        accountId: l.accountId,
        inventoryItemId: l.inventoryItemId,
      }))
    : [emptyLine()];

/** The lines as the API reads them (a decimal comma typed becomes a point). */
export const wireLines = (lines: readonly SimpleLine[]) =>
  lines.map((l) => ({ ...l, quantity: l.quantity.replace(',', '.'), unitPrice: l.unitPrice.replace(',', '.') }));

/** Free-text lines (description, quantity, unit price) and their totals at `vatRate`, as the server computes them. */
export function SimpleLines({
  lines,
  onChange,
  vatRate,
}: {
  lines: SimpleLine[];
  onChange: (lines: SimpleLine[]) => void;
  vatRate: string;
}) {
  const set = (i: number, patch: Partial<SimpleLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const totals = invoiceTotals(lines.map(readable), PERCENT_PATTERN.test(vatRate.trim()) ? vatRate.trim() : '0');
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {lines.map((l, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            label={`Description ${i + 1}`}
            value={l.description}
            onChange={(e) => set(i, { description: e.target.value })}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label="Quantité"
            value={l.quantity}
            onChange={(e) => set(i, { quantity: e.target.value })}
            sx={{ width: 100 }}
          />
          <TextField
            size="small"
            label="Prix unitaire"
            value={l.unitPrice}
            onChange={(e) => set(i, { unitPrice: e.target.value })}
            sx={{ width: 140 }}
          />
          <IconButton
            aria-label={`Supprimer la ligne ${i + 1}`}
            onClick={() => onChange(lines.filter((_, j) => j !== i))}
            disabled={lines.length === 1}
          >
            ×
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Button onClick={() => onChange([...lines, emptyLine()])}>Ajouter une ligne</Button>
        <Typography variant="body2">{`HT ${formatMoney(totals.subtotal)} — TVA ${formatMoney(totals.vatAmount)} — TTC ${formatMoney(totals.total)}`}</Typography>
      </Box>
    </Box>
  );
}
