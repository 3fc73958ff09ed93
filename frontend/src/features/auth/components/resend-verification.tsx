import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { FormError } from '@/components/form-error';
import { TextInput } from '@/components/text-input';
import { useServerMessage } from '@/hooks/use-server-message';
import { currentLanguage } from '@/i18n';
import { allMessages, parseApiError } from '@/utils/api-error';
import { looksLikeEmail } from '../utils/email';

type Props = {
  /** The address the person already typed (sign-up, login); asked for when absent. */
  email?: string;
};

/**
 * "Send it again" for the verification mail (please-verify page, the login's "not verified"
 * answer). The server answers the same for any address and limits the calls (resend-verification).
 */
export function ResendVerification({ email: known }: Props) {
  const { t } = useTranslation();
  const translate = useServerMessage();
  const [resend, { isLoading }] = api.endpoints.resendVerification.useMutation();
  const [email, setEmail] = useState(known ?? '');
  const [sent, setSent] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const send = async () => {
    setErrors([]);
    setSent(null);
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setErrors([t('ForgotPassword1')]);
      return;
    }
    const result = await resend({ forgotPasswordDto: { email: address, language: currentLanguage() } });
    if ('data' in result && result.data) {
      setSent(translate({ code: 'verificationResent' }));
      return;
    }
    const error = parseApiError(result.error);
    const messages = allMessages(error).map(translate);
    setErrors(error.kind === 'network' ? [t('common.networkError')] : messages.length > 0 ? messages : [t('common.errorGeneric')]);
  };

  return (
    <Box component="section" aria-label={t('auth.resendTitle')} sx={{ mt: 2, textAlign: 'start' }}>
      <FormError messages={errors} />
      {known === undefined && (
        <TextInput label={t('auth.email')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      )}
      <Button variant="outlined" fullWidth onClick={() => void send()} disabled={isLoading} sx={{ mt: 1 }}>
        {isLoading ? t('auth.resendSending') : t('auth.resendButton')}
      </Button>
      {sent && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {sent}
        </Alert>
      )}
    </Box>
  );
}
