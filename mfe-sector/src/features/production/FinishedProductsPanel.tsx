import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INVENTORY_CATEGORY_LABELS, MESSAGES_PRODUCTION, type FinishedProduct } from '@xaalis/contracts';
import { AddIcon, EditIcon, EmptyState, ErrorState, formatMoney } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { quantityWithUnit, stockBadge } from './format';
import { CardPlaceholders, GRID } from './placeholders';
import type { ListState } from './RawMaterialsPanel';

/** One finished product: stock badge, stock, costs, selling price and its bill of materials. */
export function FinishedProductCard({ product, onEdit }: { product: FinishedProduct; onEdit: (product: FinishedProduct) => void }) {
  const badge = stockBadge(product);
  const facts: [string, string][] = [
    ['Stock', quantityWithUnit(product.currentStock, product.unit)],
    ['Minimum', quantityWithUnit(product.minStock, product.unit)],
    ['Coût de production', formatMoney(product.productionCost)],
    ['Coût matières', formatMoney(product.bomUnitCost)],
    ['Prix de vente', formatMoney(product.sellingPrice)],
  ];
  return (
    <Paper variant="outlined" component="article" aria-label={product.name} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
            {product.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[product.reference, INVENTORY_CATEGORY_LABELS[product.category] ?? product.category].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Chip size="small" label={badge.label} color={badge.color} />
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, m: 0 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'nowrap' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h4">
          Nomenclature (par unité)
        </Typography>
        {product.billOfMaterials.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {MESSAGES_PRODUCTION.bomRequired}
          </Typography>
        ) : (
          <Box component="ul" aria-label={`Nomenclature de ${product.name}`} sx={{ m: 0, pl: 2.5 }}>
            {product.billOfMaterials.map((line) => (
              <Typography component="li" variant="body2" key={line.rawMaterialId}>
                {`${line.rawMaterial.name} : ${quantityWithUnit(line.quantity, line.rawMaterial.unit)}`}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
      <Box sx={{ mt: 'auto', pt: 1 }}>
        <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(product)} aria-label={`Modifier ${product.name}`}>
          Modifier
        </Button>
      </Box>
    </Paper>
  );
}

export interface FinishedProductsPanelProps {
  list: ListState<FinishedProduct>;
  onCreate: () => void;
  onEdit: (product: FinishedProduct) => void;
}

/** 'Produits finis': a grid of cards. */
export function FinishedProductsPanel({ list, onCreate, onEdit }: FinishedProductsPanelProps) {
  const products = list.data ?? [];
  let content: ReactNode;
  if (list.isLoading) content = <CardPlaceholders />;
  else if (list.error && !list.data)
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Impossible de charger les produits finis" />;
  else if (products.length === 0)
    content = (
      <EmptyState
        title={MESSAGES_PRODUCTION.finishedProductsEmpty}
        description="Décrivez ce que vous fabriquez et sa nomenclature : les matières premières consommées par unité produite."
        action={
          <Button variant="outlined" startIcon={<AddIcon />} onClick={onCreate}>
            Créer le premier produit fini
          </Button>
        }
      />
    );
  else
    content = (
      <Box sx={{ ...GRID, opacity: list.isFetching ? 0.6 : 1 }}>
        {products.map((product) => (
          <FinishedProductCard key={product.id} product={product} onEdit={onEdit} />
        ))}
      </Box>
    );
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
          Nouveau produit fini
        </Button>
      </Box>
      {content}
    </Box>
  );
}
