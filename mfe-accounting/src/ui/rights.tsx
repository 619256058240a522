import Alert from '@mui/material/Alert';
import { roleForbiddenMessage } from '@xaalis/contracts';
import { useRole } from '@xaalis/web-kit';

// The interface hides what the current role cannot do (each feature's rights.ts says what);
// the services refuse it anyway. Where a form stays visible but read-only, this notice says why.

/** "Action non autorisée pour votre rôle (Collaborateur)". */
export function useForbiddenMessage(): string {
  return roleForbiddenMessage(useRole());
}

/** Over a form the current role may read but not change. */
export function ReadOnlyNotice() {
  const message = useForbiddenMessage();
  return (
    <Alert severity="info" role="note" sx={{ mb: 2 }}>
      {`Consultation seule — ${message}`}
    </Alert>
  );
}
