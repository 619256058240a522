import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CheckCircleIcon, CircleOutlineIcon } from '@xaalis/web-kit';
import type { OnboardingStep, OnboardingStepId } from './onboarding';

export interface OnboardingBannerProps {
  steps: OnboardingStep[];
  onDismiss: () => void;
  onOpenStep: (id: OnboardingStepId) => void;
}

/** 'Bienvenue sur Xaalis' with the next steps, each ticked once done. */
export function OnboardingBanner({ steps, onDismiss, onOpenStep }: OnboardingBannerProps) {
  const titleId = useId();
  const done = steps.filter((s) => s.done).length;
  return (
    <Alert
      severity="info"
      component="section"
      role="region"
      aria-labelledby={titleId}
      onClose={onDismiss}
      slotProps={{ closeButton: { 'aria-label': 'Masquer le guide de démarrage', title: 'Masquer le guide de démarrage' } }}
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle id={titleId}>Premiers pas : configurez votre entreprise</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Prochaines étapes ({done}/{steps.length} terminées) :
      </Typography>
      <Box component="ol" aria-label="Prochaines étapes" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {steps.map((step) => (
          <Box
            component="li"
            key={step.id}
            data-step={step.id}
            data-done={step.done ? 'true' : 'false'}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            {step.done ? (
              <CheckCircleIcon color="success" fontSize="small" titleAccess="Terminé" sx={{ mt: '2px' }} />
            ) : (
              <CircleOutlineIcon color="disabled" fontSize="small" titleAccess="À faire" sx={{ mt: '2px' }} />
            )}
            <Box>
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() => onOpenStep(step.id)}
                sx={{ fontWeight: 600, textDecoration: step.done ? 'line-through' : 'none', textAlign: 'left', verticalAlign: 'baseline' }}
              >
                {step.label}
              </Link>
              <Typography variant="caption" component="p" color="text.secondary">
                {step.done ? 'Terminé' : step.hint}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}
