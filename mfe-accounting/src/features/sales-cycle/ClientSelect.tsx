import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useListThirdPartiesQuery } from '../third-parties';

/** A client of the company (the first hundred, by name). */
export function ClientSelect({ companyId, value, onChange }: { companyId: string | null; value: string; onChange: (id: string) => void }) {
  const clients = useListThirdPartiesQuery(companyId ? { companyId, role: 'client', pageSize: 100 } : skipToken);
  return (
    <TextField select label="Client" value={value} onChange={(e) => onChange(e.target.value)} fullWidth required>
      {(clients.data?.items ?? []).map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
