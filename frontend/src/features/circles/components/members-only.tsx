import '@/i18n/circles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/**
 * What a non-member sees in place of the thread, bookshelf and members: the shortcut cards,
 * blurred, with a hint (join, or for a visitor: log in).
 */
export function MembersOnly({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation();
  const cards = [
    { title: t('circles.shortcutThread'), text: t('circles.shortcutThreadText') },
    { title: t('circles.shortcutBooks'), text: t('circles.shortcutBooksText') },
    { title: t('circles.shortcutMembers'), text: t('circles.shortcutMembersText') },
  ];
  return (
    <Box data-testid="members-only">
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        action={
          visitor ? (
            <Button component={RouterLink} to="/login" color="inherit" size="small">
              {t('circles.login')}
            </Button>
          ) : undefined
        }
      >
        <strong>{t('circles.membersOnly')}</strong> {visitor ? t('circles.visitorHint') : t('circles.membersOnlyHint')}
      </Alert>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
          filter: 'blur(4px)',
          userSelect: 'none',
          pointerEvents: 'none',
        }}
      >
        {cards.map((card) => (
          <Card key={card.title} sx={{ p: 2, minHeight: 120 }}>
            <Typography sx={{ fontWeight: 700 }}>{card.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {card.text}
            </Typography>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
