import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES_THIRD_PARTY, THIRD_PARTY_TYPE_LABELS, type ThirdPartyType } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { AddIcon, EmptyState, ErrorState, LoadingState } from '@xaalis/web-kit';
import { useListThirdPartiesQuery } from './api';
import { useCanEditThirdParties } from './rights';
import { ThirdPartyDialog } from './ThirdPartyDialog';

const TYPE_COLORS: Record<ThirdPartyType, 'primary' | 'secondary' | 'default'> = {
  client: 'primary',
  supplier: 'secondary',
  both: 'default',
};

/** Tab 'Tiers': clients and suppliers, 'Nouveau Tiers', empty 'Aucun tiers configuré'. */
export function ThirdPartiesTab({ companyId }: { companyId: string | null }) {
  const { data, isLoading, error, refetch } = useListThirdPartiesQuery(companyId ?? skipToken);
  const [dialogOpen, setDialogOpen] = useState(false);
  const canEdit = useCanEditThirdParties();
  const rows = useMemo(() => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'fr')), [data]);

  if (!companyId) {
    return (
      <EmptyState title="Aucune entreprise" description="Enregistrez d'abord les informations de votre entreprise (onglet Entreprise)." />
    );
  }

  let body;
  if (isLoading) body = <LoadingState rows={3} />;
  else if (error && !data) body = <ErrorState error={error} onRetry={() => void refetch()} title="Impossible de charger les tiers" />;
  else if (rows.length === 0)
    body = (
      <EmptyState
        title={MESSAGES_THIRD_PARTY.empty}
        description={canEdit ? 'Ajoutez vos clients et fournisseurs pour les retrouver dans vos factures et vos écritures.' : undefined}
        action={
          canEdit ? (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialogOpen(true)}>
              Ajouter le premier tiers
            </Button>
          ) : undefined
        }
      />
    );
  else
    body = (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Tiers">
          <TableHead>
            <TableRow>
              <TableCell>Type</TableCell>
              <TableCell>Nom</TableCell>
              <TableCell>Code</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Téléphone</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((t) => (
              <TableRow key={t.id} hover>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={TYPE_COLORS[t.type] ?? 'default'}
                    label={THIRD_PARTY_TYPE_LABELS[t.type] ?? t.type}
                  />
                </TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t.name}</TableCell>
                <TableCell>{t.code || '-'}</TableCell>
                <TableCell>{t.email || '-'}</TableCell>
                <TableCell>{t.phone || '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h2" component="h2">
            Tiers
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Clients et fournisseurs de votre entreprise.
          </Typography>
        </Box>
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialogOpen(true)}>
            Nouveau Tiers
          </Button>
        ) : null}
      </Box>
      {body}
      {canEdit ? <ThirdPartyDialog open={dialogOpen} onClose={() => setDialogOpen(false)} companyId={companyId} /> : null}
    </Box>
  );
}
