import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STATEMENT_CSV_COLUMN_LABELS,
  STATEMENT_CSV_COLUMNS,
  type StatementCsvColumn,
  type StatementCsvLayout,
  type StatementCsvMapping,
  type StatementDateOrder,
} from '@xaalis/contracts';

const SELECT_SLOTS = { select: { native: true }, inputLabel: { shrink: true } };
const NONE = '';

export const DATE_ORDER_LABELS: Record<StatementDateOrder, string> = {
  dmy: 'Jour/Mois/Année (31/12/2026)',
  mdy: 'Mois/Jour/Année (12/31/2026)',
};

/** The mapping with one statement column moved to a file column (or to none). */
export function withColumn(mapping: StatementCsvMapping, column: StatementCsvColumn, index: number | null): StatementCsvMapping {
  const next: StatementCsvMapping = Object.fromEntries(Object.entries(mapping).filter(([key]) => key !== column));
  if (index !== null) next[column] = index;
  return next;
}

export interface StatementMappingEditorProps {
  layout: StatementCsvLayout;
  mapping: StatementCsvMapping;
  dateOrder: StatementDateOrder | '';
  onMappingChange: (mapping: StatementCsvMapping) => void;
  onDateOrderChange: (order: StatementDateOrder | '') => void;
  onReread: () => void;
  busy: boolean;
}

/**
 * 'Correspondance des colonnes' of a CSV statement: which header of the file holds each statement
 * column (one select per column), the dates' order, and 'Relire avec cette correspondance'.
 */
export function StatementMappingEditor({
  layout,
  mapping,
  dateOrder,
  onMappingChange,
  onDateOrderChange,
  onReread,
  busy,
}: StatementMappingEditorProps) {
  return (
    <Box component="section" aria-label="Correspondance des colonnes" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Correspondance des colonnes
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Vérifiez quelle colonne du fichier correspond à chaque information : la correspondance est retenue pour les prochains relevés de ce
        compte.
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {STATEMENT_CSV_COLUMNS.map((column) => (
          <TextField
            key={column}
            select
            size="small"
            label={STATEMENT_CSV_COLUMN_LABELS[column]}
            value={mapping[column] === undefined ? NONE : String(mapping[column])}
            onChange={(event) =>
              onMappingChange(withColumn(mapping, column, event.target.value === NONE ? null : Number(event.target.value)))
            }
            disabled={busy}
            slotProps={SELECT_SLOTS}
          >
            <option value={NONE}>— Aucune —</option>
            {layout.headers.map((header, index) => (
              <option key={index} value={String(index)}>
                {header.trim() || `Colonne ${index + 1}`}
              </option>
            ))}
          </TextField>
        ))}
        <TextField
          select
          size="small"
          label="Ordre des dates"
          value={dateOrder}
          onChange={(event) => onDateOrderChange(event.target.value as StatementDateOrder | '')}
          disabled={busy}
          slotProps={SELECT_SLOTS}
        >
          <option value="">Détecté automatiquement</option>
          {(Object.keys(DATE_ORDER_LABELS) as StatementDateOrder[]).map((order) => (
            <option key={order} value={order}>
              {DATE_ORDER_LABELS[order]}
            </option>
          ))}
        </TextField>
      </Box>
      <Box>
        <Button variant="outlined" onClick={onReread} disabled={busy}>
          Relire avec cette correspondance
        </Button>
      </Box>
    </Box>
  );
}
