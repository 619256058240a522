import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { isProductionLowStock, MESSAGES_PRODUCTION, type FinishedProduct, type RawMaterial } from '@xaalis/contracts';
import { quantityWithUnit } from './format';

type Item = Pick<RawMaterial, 'id' | 'name' | 'unit' | 'currentStock' | 'minStock'>;

/** Items at or below their minimum stock (spec §9: stock ≤ minimum). */
export function lowStockItems<T extends Item>(items: readonly T[]): T[] {
  return items.filter(isProductionLowStock);
}

function AlertList({ title, items }: { title: string; items: readonly Item[] }) {
  return (
    <Alert severity="warning" role="alert" aria-label={title}>
      <AlertTitle>{`${title} (${items.length})`}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <li key={item.id}>
            {`${item.name} : ${quantityWithUnit(item.currentStock, item.unit)} (minimum ${quantityWithUnit(item.minStock, item.unit)})`}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The page's alerts: raw materials and finished products at or below their minimum stock; nothing when all are above. */
export function StockAlerts({
  rawMaterials,
  finishedProducts,
}: {
  rawMaterials: readonly RawMaterial[];
  finishedProducts: readonly FinishedProduct[];
}) {
  const lowRaw = lowStockItems(rawMaterials);
  const lowFinished = lowStockItems(finishedProducts);
  if (lowRaw.length === 0 && lowFinished.length === 0) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 3,
        gridTemplateColumns: { xs: '1fr', md: lowRaw.length && lowFinished.length ? '1fr 1fr' : '1fr' },
      }}
    >
      {lowRaw.length ? <AlertList title={`${MESSAGES_PRODUCTION.lowStockAlert} : matières premières`} items={lowRaw} /> : null}
      {lowFinished.length ? <AlertList title={`${MESSAGES_PRODUCTION.lowStockAlert} : produits finis`} items={lowFinished} /> : null}
    </Box>
  );
}
