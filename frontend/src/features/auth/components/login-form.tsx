import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TextInput } from '@/components/text-input';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '@/api/api';
import { FormError } from '@/components/form-error';
import { loggedIn } from '@/lib/session-slice';
import { useServerMessage } from '@/hooks/use-server-message';
import { chooseLanguage, isLanguage } from '@/i18n';
import { parseApiError } from '@/utils/api-error';
import { applyServerErrors } from '@/utils/apply-server-errors';
import { ResendVerification } from './resend-verification';

type LoginValues = { email: string; password: string };

/** Only paths inside the app are followed after login. */
function safeRedirect(url: string | undefined): string {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : '/home';
}

export function LoginForm() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  // A visitor sent here by the log-in prompt goes back to the screen they were on.
  const from = (useLocation().state as { from?: string } | null)?.from;
  const translate = useServerMessage();
  const [login, { isLoading }] = api.endpoints.login.useMutation();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // The address of a "not verified" answer: the form offers to send the mail again.
  const [unverified, setUnverified] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    setUnverified(null);
    const result = await login({ loginDto: { email: values.email.trim(), password: values.password } });
    if ('data' in result && result.data) {
      if (isLanguage(result.data.language)) await chooseLanguage(result.data.language);
      dispatch(api.util.resetApiState());
      dispatch(loggedIn(result.data.token));
      const next = safeRedirect(result.data.redirect_url);
      navigate(next === '/home' && from ? safeRedirect(from) : next);
      return;
    }
    const error = parseApiError(result.error);
    if (error.kind === 'network' || error.kind === 'server') {
      setFormErrors([t('common.networkError')]);
      return;
    }
    if (error.messages.some((message) => message.code === 'emailNotVerified')) setUnverified(values.email.trim());
    const rest = applyServerErrors(error, { email: 'email', password: 'password' }, setError, translate);
    const hasFieldErrors = Object.keys(error.fieldErrors).length > 0;
    setFormErrors(rest.length > 0 || hasFieldErrors ? rest : [t('messages.emailOrPasswordIncorrect')]);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <FormError messages={formErrors} />
      {unverified && (
        <>
          <Typography variant="body2">{t('auth.notVerifiedResend')}</Typography>
          <ResendVerification key={unverified} email={unverified} />
        </>
      )}
      <TextInput
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        autoFocus
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...register('email', { required: t('auth.emailRequired') })}
      />
      <TextInput
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...register('password', { required: t('auth.passwordRequired') })}
      />
      <Button type="submit" variant="contained" fullWidth size="large" disabled={isLoading} sx={{ mt: 2 }}>
        {isLoading ? t('auth.loggingIn') : t('auth.loginButton')}
      </Button>
    </form>
  );
}
