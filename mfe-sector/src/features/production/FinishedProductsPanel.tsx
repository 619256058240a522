import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { INVENTORY_CATEGORY_LABELS, MESSAGES_PRODUCTION, type FinishedProduct } from '@xaalis/contracts';
import { EditIcon, formatMoney } from '@xaalis/web-kit';
import { PagedPanel, type PanelPaging } from '../../ui/paged';
import { ArticleCard, Fact, Facts } from '../../ui/cards';
import { quantityWithUnit, stockBadge } from './format';
import { CARD_GRID, CardPlaceholders } from '../../ui/placeholders';
import type { ListState } from './RawMaterialsPanel';

/** One finished product: stock badge, stock, costs, selling price and its bill of materials. */
export function FinishedProductCard({ product, onEdit }: { product: FinishedProduct; onEdit?: (product: FinishedProduct) => void }) {
  const badge = stockBadge(product);
  const facts: [string, string][] = [
    ['Stock', quantityWithUnit(product.currentStock, product.unit)],
    ['Minimum', quantityWithUnit(product.minStock, product.unit)],
    ['Coût de production', formatMoney(product.productionCost)],
    ['Coût matières', formatMoney(product.bomUnitCost)],
    ['Prix de vente', formatMoney(product.sellingPrice)],
  ];
  return (
    <ArticleCard
      title={product.name}
      subtitle={[product.reference, INVENTORY_CATEGORY_LABELS[product.category] ?? product.category].filter(Boolean).join(' · ')}
      badge={<Chip size="small" label={badge.label} color={badge.color} />}
    >
      <Facts>
        {facts.map(([label, value]) => (
          <Fact key={label} label={label} valueSx={{ whiteSpace: 'nowrap' }}>
            {value}
          </Fact>
        ))}
      </Facts>
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
      {onEdit ? (
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(product)} aria-label={`Modifier ${product.name}`}>
            Modifier
          </Button>
        </Box>
      ) : null}
    </ArticleCard>
  );
}

export interface FinishedProductsPanelProps {
  list: ListState<FinishedProduct>;
  paging: PanelPaging;
  onCreate: () => void;
  onEdit: (product: FinishedProduct) => void;
  /** No creation nor edit (a role that may not change the module). */
  readOnly?: boolean;
}

/** 'Produits finis': a grid of cards. */
export function FinishedProductsPanel({ list, paging, onCreate, onEdit, readOnly = false }: FinishedProductsPanelProps) {
  const products = list.data?.items ?? [];
  return (
    <PagedPanel
      {...paging}
      emptyFiltered="Aucun produit fini ne correspond à la recherche"
      create={readOnly ? undefined : { label: 'Nouveau produit fini', onClick: onCreate }}
      list={list}
      errorTitle="Impossible de charger les produits finis"
      loading={<CardPlaceholders count={6} testId="card-placeholder" />}
      count={products.length}
      empty={{
        title: MESSAGES_PRODUCTION.finishedProductsEmpty,
        create: readOnly
          ? undefined
          : {
              description: 'Décrivez ce que vous fabriquez et sa nomenclature : les matières premières consommées par unité produite.',
              label: 'Créer le premier produit fini',
              onClick: onCreate,
            },
      }}
    >
      <Box sx={{ ...CARD_GRID, opacity: list.isFetching ? 0.6 : 1 }}>
        {products.map((product) => (
          <FinishedProductCard key={product.id} product={product} onEdit={readOnly ? undefined : onEdit} />
        ))}
      </Box>
    </PagedPanel>
  );
}
