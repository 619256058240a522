import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { isProductionLowStock, MESSAGES_PRODUCTION, type FinishedProduct, type RawMaterial } from '@xaalis/contracts';
import { moreLowItems } from '../../ui/format';
import { quantityWithUnit } from './format';

type Item = Pick<RawMaterial, 'id' | 'name' | 'unit' | 'currentStock' | 'minStock'>;

/** Items at or below their minimum stock (spec §9: stock ≤ minimum). */
export function lowStockItems<T extends Item>(items: readonly T[]): T[] {
  return items.filter(isProductionLowStock);
}

/** The count is the server's over the whole company when known; the list holds those of the items read (the first page). */
function AlertList({ title, items, total }: { title: string; items: readonly Item[]; total: number }) {
  return (
    <Alert severity="warning" role="alert" aria-label={title}>
      <AlertTitle>{`${title} (${total})`}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <li key={item.id}>
            {`${item.name} : ${quantityWithUnit(item.currentStock, item.unit)} (minimum ${quantityWithUnit(item.minStock, item.unit)})`}
          </li>
        ))}
        {total > items.length ? <li>{moreLowItems(total - items.length)}</li> : null}
      </Box>
    </Alert>
  );
}

/**
 * The page's alerts: raw materials and finished products at or below their minimum stock; nothing when all are
 * above. The lists are the first page read; `rawLowCount` and `finishedLowCount`, the server's counters over the
 * whole company, give the totals (the low items beyond that page are counted, not named).
 */
export function StockAlerts({
  rawMaterials,
  finishedProducts,
  rawLowCount,
  finishedLowCount,
}: {
  rawMaterials: readonly RawMaterial[];
  finishedProducts: readonly FinishedProduct[];
  rawLowCount?: number;
  finishedLowCount?: number;
}) {
  const lowRaw = lowStockItems(rawMaterials);
  const lowFinished = lowStockItems(finishedProducts);
  const rawTotal = Math.max(rawLowCount ?? 0, lowRaw.length);
  const finishedTotal = Math.max(finishedLowCount ?? 0, lowFinished.length);
  if (rawTotal === 0 && finishedTotal === 0) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 3,
        gridTemplateColumns: { xs: '1fr', md: rawTotal && finishedTotal ? '1fr 1fr' : '1fr' },
      }}
    >
      {rawTotal ? <AlertList title={`${MESSAGES_PRODUCTION.lowStockAlert} : matières premières`} items={lowRaw} total={rawTotal} /> : null}
      {finishedTotal ? (
        <AlertList title={`${MESSAGES_PRODUCTION.lowStockAlert} : produits finis`} items={lowFinished} total={finishedTotal} />
      ) : null}
    </Box>
  );
}
