import { useId } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {PARTS.map((part) => (
          <Controller
            key={part.name}
            name={part.name}
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t(part.label)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={Boolean(error)}
                margin="dense"
                slotProps={{ select: { SelectDisplayProps: { 'aria-describedby': error ? errorId : undefined } as object } }}
                sx={{ flex: part.flex }}
              >
                {part.options.map((option) => (
                  <MenuItem key={option} value={String(option)}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
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
