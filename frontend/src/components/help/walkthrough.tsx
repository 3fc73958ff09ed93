import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ILLUSTRATIONS, type StepName } from './illustrations';

/** The tour, step by step: what the product does, on pictures of its own screens. */
export const STEPS: Array<{ name: StepName; to: string }> = [
  { name: 'find', to: '/recommend' },
  { name: 'post', to: '/home' },
  { name: 'read', to: '/recommend' },
  { name: 'follow', to: '/home' },
  { name: 'people', to: '/recommenduser' },
];

type Props = {
  /** `cards`: every step at once (/howto, /videos); `stepper`: one at a time (dialogs). */
  variant?: 'cards' | 'stepper';
  /** Called when a step's link is followed (a dialog closes). */
  onNavigate?: () => void;
};

function StepCard({ index, onNavigate, compact = false }: { index: number; onNavigate?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const step = STEPS[index];
  const Illustration = ILLUSTRATIONS[step.name];
  const title = t(`help.steps.${step.name}.title`);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={`walkthrough-step-${step.name}`}>
      <Box sx={{ p: 1.5, pb: 0, ...(compact ? { maxWidth: 180, mx: 'auto', width: '100%' } : {}) }}>
        <Illustration />
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5, ...(compact ? { py: 1, '&:last-child': { pb: 1 } } : {}) }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {t('help.stepOf', { step: index + 1, count: STEPS.length })}
        </Typography>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.8, flexGrow: 1 }}>
          {t(`help.steps.${step.name}.text`)}
        </Typography>
        <Box>
          <Button component={RouterLink} to={step.to} size="small" onClick={onNavigate} sx={{ mt: 1, ml: -1 }}>
            {t(`help.steps.${step.name}.link`)}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The illustrated walkthrough: where no video is configured (or a video file cannot play) it
 * stands in for it, so these places never show a broken player.
 */
export function Walkthrough({ variant = 'cards', onNavigate }: Props) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const label = t('help.walkthroughLabel', { count: STEPS.length });
  if (variant === 'stepper') {
    return (
      <Box role="group" aria-label={label}>
        <Box aria-live="polite">
          <StepCard index={index} onNavigate={onNavigate} compact />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
          <Button onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
            {t('help.back')}
          </Button>
          <Button onClick={() => setIndex((i) => i + 1)} disabled={index === STEPS.length - 1}>
            {t('help.next')}
          </Button>
        </Box>
      </Box>
    );
  }
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
    >
      {STEPS.map((step, i) => (
        <Box component="li" key={step.name}>
          <StepCard index={i} onNavigate={onNavigate} />
        </Box>
      ))}
    </Box>
  );
}
