import { useId } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '@/components/select-input';
import { BIRTH_DAYS, BIRTH_MONTHS, birthYears } from '../utils/birth';
import type { ProfileValues } from '../utils/profile-values';

type Props = { control: Control<ProfileValues>; error?: string };

const PARTS = [
  { name: 'birthYear', label: 'profile.birthYear', options: birthYears(), flex: 3 },
  { name: 'birthMonth', label: 'profile.birthMonth', options: BIRTH_MONTHS, flex: 2 },
  { name: 'birthDay', label: 'profile.birthDay', options: BIRTH_DAYS, flex: 2 },
] as const;

export function BirthSelect({ control, error }: Props) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography component="legend" variant="body2" color="text.secondary">
        {t('profile.birthday')}
        {/* Required, marked as the nickname field is (MUI's asterisk). */}
        <Box component="span" aria-hidden sx={{ ml: 0.25 }}>
          {'\u2009*'}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {PARTS.map((part) => (
          <Controller
            key={part.name}
            name={part.name}
            control={control}
            render={({ field }) => (
              <SelectInput
                label={t(part.label)}
                options={[{ value: '', label: '' }, ...part.options.map((option) => ({ value: String(option), label: option }))]}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={Boolean(error)}
                describedBy={error ? errorId : undefined}
                required
                margin="dense"
                sx={{ flex: part.flex }}
              />
            )}
          />
        ))}
      </Box>
      {error ? (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
