import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

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
