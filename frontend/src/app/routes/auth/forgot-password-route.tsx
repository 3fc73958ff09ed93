import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { TextInput } from '@/components/text-input';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@/api/api';
import { FormError } from '@/components/form-error';
import { PageContainer } from '@/components/page-container';
import { currentLanguage } from '@/i18n';
import { useServerMessage } from '@/hooks/use-server-message';
import { allMessages, parseApiError } from '@/utils/api-error';
import { looksLikeEmail } from '@/features/auth/utils/email';

type ForgotValues = { email: string };

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const translate = useServerMessage();
  const [requestReset, { isLoading }] = api.endpoints.forgotPassword.useMutation();
  const [sent, setSent] = useState(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormErrors([]);
    const result = await requestReset({ forgotPasswordDto: { email: email.trim(), language: currentLanguage() } });
    if (!('error' in result)) {
      setSent(true);
      return;
    }
    const error = parseApiError(result.error);
    const serverMessages = allMessages(error).map(translate);
    if (error.kind === 'network') setFormErrors([t('ForgotPassword3')]);
    else if (error.kind === 'server') setFormErrors(serverMessages.length > 0 ? serverMessages : [t('ForgotPassword3')]);
    else setFormErrors(serverMessages.length > 0 ? serverMessages : [t('ForgotPassword2')]);
  });

  return (
    <PageContainer documentTitle={t('auth.forgotTitle')}>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {t('auth.forgotTitle')}
          </Typography>
          {sent ? (
            <>
              <Alert severity="success" role="status">
                {t('auth.forgotSent')}
              </Alert>
              <Button component={RouterLink} to="/login" sx={{ mt: 2 }}>
                {t('auth.toLogin')}
              </Button>
            </>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Typography sx={{ mb: 1 }}>{t('auth.forgotBody')}</Typography>
              <FormError messages={formErrors} />
              <TextInput
                label={t('auth.email')}
                type="email"
                autoComplete="email"
                error={Boolean(errors.email)}
                helperText={errors.email?.message}
                {...register('email', {
                  validate: (value) => {
                    const email = value.trim();
                    if (!email) return t('ForgotPassword4');
                    return looksLikeEmail(email) || t('ForgotPassword1');
                  },
                })}
              />
              <Button type="submit" variant="contained" fullWidth size="large" disabled={isLoading} sx={{ mt: 2 }}>
                {isLoading ? t('auth.forgotSending') : t('auth.forgotButton')}
              </Button>
              <Button component={RouterLink} to="/login" fullWidth sx={{ mt: 1 }}>
                {t('auth.toLogin')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
