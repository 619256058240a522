import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES_SECTOR_MODULES, MODULES_SETTINGS_PATH, SECTOR_MODULE_LABELS, type SectorModule } from '@xaalis/contracts';
import { Link as RouterLink } from 'react-router-dom';

/** Shown instead of a sector page whose module the company has not enabled. */
export function ModuleDisabledPage({ module }: { module: SectorModule }) {
  return (
    <Box component="section" aria-label={MESSAGES_SECTOR_MODULES.disabledTitle} sx={{ display: 'flex', justifyContent: 'center', pt: 4 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 560, width: '100%' }} data-testid="module-disabled">
        <Typography variant="h1" component="h1" gutterBottom>
          {MESSAGES_SECTOR_MODULES.disabledTitle}
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 1 }}>
          {SECTOR_MODULE_LABELS[module]}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {MESSAGES_SECTOR_MODULES.disabledDescription}
        </Typography>
        <Button component={RouterLink} to={MODULES_SETTINGS_PATH} variant="contained">
          {MESSAGES_SECTOR_MODULES.disabledLink}
        </Button>
      </Paper>
    </Box>
  );
}
