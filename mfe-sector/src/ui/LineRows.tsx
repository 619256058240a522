import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AddIcon, DeleteIcon, RowAction } from '@xaalis/web-kit';
import type { ReactNode } from 'react';

export interface LineRowsProps {
  /** The section's title ('Ingrédients', 'Articles du menu'). */
  heading: string;
  /** Shown under the title (e.g. nothing to choose from yet). */
  notice?: ReactNode;
  /** The field array's row ids, one per line. */
  keys: readonly string[];
  /** A line's group label, its number appended: 'Ingrédient' → 'Ingrédient 2'. */
  lineLabel: string;
  /** The remove button's label, its number appended: "Retirer l'ingrédient" → "Retirer l'ingrédient 2". */
  removeLabel: string;
  /** The line's grid columns from `sm` up, the remove button's `auto` included. */
  columns: string;
  renderLine: (index: number) => ReactNode;
  onRemove: (index: number) => void;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
}

/** A form's editable lines (a recipe's ingredients, a menu's items): one row of fields per line, its remove button, and 'Ajouter ...'. */
export function LineRows({
  heading,
  notice,
  keys,
  lineLabel,
  removeLabel,
  columns,
  renderLine,
  onRemove,
  addLabel,
  canAdd,
  onAdd,
}: LineRowsProps) {
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {heading}
      </Typography>
      {notice}
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {keys.map((key, index) => (
          <Box
            key={key}
            role="group"
            aria-label={`${lineLabel} ${index + 1}`}
            sx={{ display: 'grid', gap: 1, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: columns } }}
          >
            {renderLine(index)}
            <RowAction label={`${removeLabel} ${index + 1}`} onClick={() => onRemove(index)}>
              <DeleteIcon fontSize="small" />
            </RowAction>
          </Box>
        ))}
      </Box>
      <Button size="small" startIcon={<AddIcon />} sx={{ mt: 1 }} disabled={!canAdd} onClick={onAdd}>
        {addLabel}
      </Button>
    </Box>
  );
}
