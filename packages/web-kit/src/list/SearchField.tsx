import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { SearchIcon } from '../ui/icons';

export interface SearchFieldProps {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}

/** A small search box with a magnifier (accessible name = its label). */
export function SearchField({ label, placeholder, value, onChange, sx }: SearchFieldProps) {
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
