import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { TextInput } from '@/components/text-input';
import { useForm } from 'react-hook-form';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { api } from '@/api/api';
import { FormError } from '@/components/form-error';
import { currentLanguage } from '@/i18n';
import { useServerMessage } from '@/hooks/use-server-message';
import { parseApiError } from '@/utils/api-error';
import { applyServerErrors } from '@/utils/apply-server-errors';

/** "I agree to the Terms of use and the Privacy policy", both linked (opening in a new tab). */
function AgreeLabel() {
  const { t } = useTranslation();
  const links = {
    T: (
      <Link key="terms" component={RouterLink} to="/terms" target="_blank" rel="noopener">
        {t('legal.termsLink')}
      </Link>
    ),
    P: (
      <Link key="privacy" component={RouterLink} to="/privacy" target="_blank" rel="noopener">
        {t('legal.privacyLink')}
      </Link>
    ),
  };
  const text = t('auth.agreeTerms', { terms: '\u0000T\u0000', privacy: '\u0000P\u0000' });
  return <>{text.split('\u0000').map((part) => (part === 'T' || part === 'P' ? links[part] : part))}</>;
}

type RegisterValues = { email: string; password1: string; password2: string; agreed: boolean };

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const translate = useServerMessage();
  const [registerAccount, { isLoading }] = api.endpoints.register.useMutation();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    defaultValues: { email: '', password1: '', password2: '', agreed: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    const result = await registerAccount({
      registerDto: {
        email: values.email.trim(),
        password1: values.password1,
        password2: values.password2,
        agreed: values.agreed,
        language: currentLanguage(),
      },
    });
    if (!('error' in result)) {
      navigate('/please-verify', { state: { email: values.email.trim() } });
      return;
    }
    const error = parseApiError(result.error);
    if (error.kind === 'network' || error.kind === 'server') {
      setFormErrors([t('common.networkError')]);
      return;
    }
    const fieldMap = { email: 'email', password1: 'password1', password2: 'password2', agreed: 'agreed' } as const;
    const rest = applyServerErrors(error, fieldMap, setError, translate);
    setFormErrors(rest.length > 0 || Object.keys(error.fieldErrors).length > 0 ? rest : [t('common.errorGeneric')]);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="register-title">
      <FormError messages={formErrors} />
      <TextInput
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...register('email', { required: t('auth.emailRequired') })}
      />
      <TextInput
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        error={Boolean(errors.password1)}
        helperText={errors.password1?.message}
        {...register('password1', { required: t('ResetPassword5') })}
      />
      <TextInput
        label={t('auth.passwordAgain')}
        type="password"
        autoComplete="new-password"
        error={Boolean(errors.password2)}
        helperText={errors.password2?.message}
        {...register('password2', {
          required: t('ResetPassword5'),
          validate: (value, all) => value === all.password1 || t('ResetPassword2'),
        })}
      />
      <FormControlLabel
        control={<Checkbox {...register('agreed', { validate: (v) => v || t('messages.agreeTerms') })} />}
        label={<AgreeLabel />}
        sx={{ mt: 1 }}
      />
      {errors.agreed ? (
        <FormHelperText error role="alert">
          {errors.agreed.message}
        </FormHelperText>
      ) : null}
      <Button type="submit" variant="outlined" fullWidth size="large" disabled={isLoading} sx={{ mt: 2 }}>
        {isLoading ? t('auth.registering') : t('auth.registerButton')}
      </Button>
    </form>
  );
}
