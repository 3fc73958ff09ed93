import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { ParseKeys } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { RelativeTime } from '@/components/relative-time';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { api } from '@/api/api';
import { LANGUAGES, chooseLanguage, currentLanguage } from '@/i18n';
import type { Language } from '@/i18n';

const LANGUAGE_LABELS: Record<Language, ParseKeys> = { ja: 'settings.japanese', en: 'settings.english' };

export function LanguageSettingRoute() {
  const { t, i18n } = useTranslation();
  const showSnack = useSnackbar();
  const { profile, isLoggedIn } = useSession();
  const [updateAccount, { isLoading: saving }] = api.endpoints.updateAccount.useMutation();
  const dispatch = useDispatch();
  const language = currentLanguage();

  const choose = async (next: Language) => {
    // Saved to the account, so that the UI follows it on other devices and mail is in it too.
    if (isLoggedIn) {
      const result = await updateAccount({ updateAccountDto: { language: next } });
      if (!('data' in result)) {
        showSnack(t('settings.languageSaveFailed'), 'error');
        return;
      }
    }
    await chooseLanguage(next);
    // Books are answered in the reader's language: read them again in the new one.
    dispatch(api.util.invalidateTags(['books']));
    // `t` still speaks the old language here; ask i18n for the new one.
    showSnack(i18n.t('settings.languageChanged'), 'success');
  };

  // Japanese first: most users read Japanese.
  const ordered = [...LANGUAGES].sort((a) => (a === 'ja' ? -1 : 1));
  return (
    <PageContainer title={t('settings.languageTitle')}>
      <Card>
        <CardContent>
          {profile ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
              <UserAvatar src={profile.img} name={displayName(profile.nickName, t('common.noName'))} size={56} />
              <div>
                <Typography sx={{ fontWeight: 700 }}>{displayName(profile.nickName, t('common.noName'))}</Typography>
                <Typography variant="body2" color="text.secondary">
                  <Trans i18nKey="common.joined" components={{ time: <RelativeTime iso={profile.created_on} /> }} />
                </Typography>
              </div>
            </Box>
          ) : null}
          <Typography sx={{ mb: 2 }}>{t('settings.currentLanguage', { language: t(LANGUAGE_LABELS[language]) })}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {ordered.map((option) => (
              <Button
                key={option}
                variant={option === language ? 'contained' : 'outlined'}
                disabled={option === language || saving}
                lang={option}
                onClick={() => void choose(option)}
              >
                {t(LANGUAGE_LABELS[option])}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>
      <Button component={RouterLink} to="/settings" startIcon={<ArrowBack />} sx={{ mt: 2 }}>
        {t('settings.backToSettings')}
      </Button>
    </PageContainer>
  );
}
