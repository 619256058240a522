import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AddIcon, DeleteIcon } from '@xaalis/web-kit';

/** The message of a field array's own error (react-hook-form puts it on `root` or on the array). */
export function arrayErrorMessage(errors: unknown): string | undefined {
  return (
    (errors as { root?: { message?: string }; message?: string } | undefined)?.root?.message ??
    (errors as { message?: string } | undefined)?.message
  );
}

/** The lines of a document: a heading, the lines, the array's error, 'Ajouter une ligne'. */
export function LinesSection({ title, error, onAdd, children }: { title: string; error?: string; onAdd: () => void; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
      {error ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      ) : null}
      <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1 }}>
        Ajouter une ligne
      </Button>
    </Box>
  );
}

/** One line (group 'Ligne {n}'): its fields on a grid of `md` columns, stacked two by two on phones. */
export function LineRow({ n, mdColumns, children }: { n: number; mdColumns: string; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={`Ligne ${n}`}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr 1fr', md: mdColumns },
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}

/** 'Supprimer la ligne {n}', disabled (with the reason as its title) when the line must stay. */
export function RemoveLineButton({
  n,
  canRemove,
  keepReason,
  onRemove,
}: {
  n: number;
  canRemove: boolean;
  keepReason: string;
  onRemove: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <IconButton
        aria-label={`Supprimer la ligne ${n}`}
        title={canRemove ? `Supprimer la ligne ${n}` : keepReason}
        onClick={onRemove}
        disabled={!canRemove}
        size="small"
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
