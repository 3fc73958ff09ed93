import { useState } from 'react';
import Button from '@mui/material/Button';
import { TextInput } from '@/components/text-input';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { FormError } from '@/components/form-error';
import { useServerMessage } from '@/hooks/use-server-message';
import { parseApiError } from '@/utils/api-error';
import { applyServerErrors } from '@/utils/apply-server-errors';

type Props = { id: number; resetKey: string; email: string; onDone: () => void };
type ResetValues = { password: string; passwordAgain: string };

export function ResetPasswordForm({ id, resetKey, email, onDone }: Props) {
  const { t } = useTranslation();
  const translate = useServerMessage();
  const [resetPassword, { isLoading }] = api.endpoints.resetPassword.useMutation();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetValues>({
    defaultValues: { password: '', passwordAgain: '' },
  });

  const onSubmit = handleSubmit(async ({ password, passwordAgain }) => {
    setFormErrors([]);
    const result = await resetPassword({ resetPasswordDto: { id, key: resetKey, email, password, password2: passwordAgain } });
    if (!('error' in result)) {
      onDone();
      return;
    }
    const error = parseApiError(result.error);
    if (error.kind === 'network') {
      setFormErrors([t('ResetPassword4')]);
      return;
    }
    const rest = applyServerErrors(error, { password: 'password', password2: 'passwordAgain' }, setError, translate);
    const placed = Object.keys(error.fieldErrors).some((field) => field === 'password' || field === 'password2');
    if (rest.length > 0) setFormErrors(rest);
    else if (!placed) setFormErrors([t(error.kind === 'server' ? 'ResetPassword4' : 'ResetPassword3')]);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Typography sx={{ mb: 1 }}>{t('auth.resetFor', { email })}</Typography>
      <FormError messages={formErrors} />
      <TextInput
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...register('password', { required: t('ResetPassword5') })}
      />
      <TextInput
        label={t('auth.passwordAgain')}
        type="password"
        autoComplete="new-password"
        error={Boolean(errors.passwordAgain)}
        helperText={errors.passwordAgain?.message}
        {...register('passwordAgain', {
          required: t('ResetPassword5'),
          validate: (value, all) => value === all.password || t('ResetPassword2'),
        })}
      />
      <Button type="submit" variant="contained" fullWidth size="large" disabled={isLoading} sx={{ mt: 2 }}>
        {t('auth.resetButton')}
      </Button>
    </form>
  );
}
