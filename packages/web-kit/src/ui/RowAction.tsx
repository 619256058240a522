import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { DeleteIcon, EditIcon } from './icons';

/** An icon button of a table row, named by its label and shown as a tooltip (none while disabled). */
export function RowAction({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const button = (
    <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
      {children}
    </IconButton>
  );
  return disabled ? (
    button
  ) : (
    <Tooltip title={label}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** 'Modifier <name>' and 'Supprimer <name>' icon buttons, each only when its handler is given. */
export function EditDeleteActions<T>({
  item,
  name,
  onEdit,
  onDelete,
}: {
  item: T;
  name: string;
  onEdit?: (item: T) => void;
  onDelete?: (item: T) => void;
}) {
  return (
    <>
      {onEdit ? (
        <RowAction label={`Modifier ${name}`} onClick={() => onEdit(item)}>
          <EditIcon fontSize="small" />
        </RowAction>
      ) : null}
      {onDelete ? (
        <RowAction label={`Supprimer ${name}`} onClick={() => onDelete(item)}>
          <DeleteIcon fontSize="small" />
        </RowAction>
      ) : null}
    </>
  );
}
