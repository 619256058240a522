import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@xaalis/web-kit';
import type { ChangeEvent } from 'react';

export interface FileChooserProps {
  /** The button's text ('Choisir un fichier'). */
  buttonText: string;
  /** The file input's accessible name ('Fichier CSV ou XLSX'). */
  inputLabel: string;
  accept: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  /** What is shown beside the button: the chosen file's description, or the text for none. */
  chosen: string;
  hasFile: boolean;
}

/**
 * A file picker of the import dialogs: the input (visually hidden, focusable) takes the keyboard;
 * the button-styled label is its visible face, outlined while the input has the focus.
 */
export function FileChooser({ buttonText, inputLabel, accept, onChange, disabled, chosen, hasFile }: FileChooserProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button
        component="label"
        role={undefined}
        tabIndex={-1}
        variant="outlined"
        disabled={disabled}
        sx={{ '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        {buttonText}
        <Box
          component="input"
          type="file"
          accept={accept}
          aria-label={inputLabel}
          onChange={onChange}
          disabled={disabled}
          sx={visuallyHidden}
        />
      </Button>
      <Typography variant="body2" color={hasFile ? 'text.primary' : 'text.secondary'}>
        {chosen}
      </Typography>
    </Box>
  );
}
