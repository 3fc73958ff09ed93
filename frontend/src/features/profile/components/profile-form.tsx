import { useState } from 'react';
import Button from '@mui/material/Button';
import { SelectInput } from '@/components/select-input';
import { TextInput } from '@/components/text-input';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/api';
import type { Profile } from '@/api/types';
import { FormError } from '@/components/form-error';
import { displayName } from '@/components/user-avatar';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { useServerMessage } from '@/hooks/use-server-message';
import { useSnackbar } from '@/hooks/use-snackbar';
import { parseApiError } from '@/utils/api-error';
import { applyServerErrors } from '@/utils/apply-server-errors';
import { composeBirth } from '../utils/birth';
import { CAPTION_MAX, NICKNAME_MAX, SEX_CODES, hasRequired, toFormValues, toProfileBody } from '../utils/profile-values';
import type { ProfileValues, Sex } from '../utils/profile-values';
import { AvatarField } from './avatar-field';
import { BackgroundField } from './background-field';
import { BirthSelect } from './birth-select';

type Props = {
  /** The existing profile, or undefined to create one. */
  profile: Profile | undefined;
};

const SEX_LABELS: Record<Sex, ParseKeys> = {
  '0': 'profile.sexNoAnswer',
  '1': 'profile.sexMale',
  '3': 'profile.sexFemale',
  '4': 'profile.sexOther',
};

const SERVER_FIELDS = {
  nickName: 'nickName',
  caption: 'caption',
  description: 'description',
  birth: 'birthYear',
  sex: 'sex',
} as const;

export function ProfileForm({ profile }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const showSnack = useSnackbar();
  const translate = useServerMessage();
  const [createProfile, createState] = api.endpoints.createProfile.useMutation();
  const [updateProfile, updateState] = api.endpoints.updateProfile.useMutation();
  const [avatar, setAvatar] = useState<File | undefined>();
  const [background, setBackground] = useState<File | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const original = profile ? toFormValues(profile) : null;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileValues>({
    defaultValues: toFormValues(profile),
  });
  const saving = createState.isLoading || updateState.isLoading;
  const name = displayName(profile?.nickName, t('common.noName'));

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    if (!hasRequired(values)) {
      setFormErrors([t('AccountEach11')]);
      // Mark the fields themselves, not only the banner.
      const nick = values.nickName.trim();
      if (nick === '' || nick === 'default') setError('nickName', { type: 'required', message: t('profile.nickNameRequired') });
      if (values.birthYear === '' || values.birthMonth === '' || values.birthDay === '') {
        setError('birthYear', { type: 'required', message: t('profile.birthdayRequired') });
      }
      return;
    }
    if (!composeBirth(Number(values.birthYear), Number(values.birthMonth), Number(values.birthDay))) {
      setError('birthYear', { type: 'validate', message: t('profile.invalidDate') });
      return;
    }
    const body = toProfileBody(values, original, { img: avatar, imgBackground: background });
    const result = profile ? await updateProfile({ id: profile.id, profileFieldsDto: body }) : await createProfile({ profileFieldsDto: body });
    if ('data' in result && result.data) {
      // Put the saved profile in place now, so nothing still sees the old (missing) one.
      dispatch(api.util.upsertQueryData('getMyProfile', undefined, result.data));
      showSnack(t('profile.saved'), 'success');
      navigate('/home');
      return;
    }
    const error = parseApiError(result.error);
    if (error.kind === 'network') {
      setFormErrors([t('common.networkError')]);
      return;
    }
    const rest = applyServerErrors(error, SERVER_FIELDS, setError, translate);
    setFormErrors(rest.length > 0 || Object.keys(error.fieldErrors).length > 0 ? rest : [t('profile.saveFailed')]);
  });

  const maxLength = (count: number) => ({ value: count, message: t('profile.maxLength', { count }) });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('profile.accountTitle')}>
      <FormError messages={formErrors} />
      <AvatarField currentUrl={profile?.img} name={name} onChange={setAvatar} />
      <TextInput
        label={t('profile.nickName')}
        required
        error={Boolean(errors.nickName)}
        helperText={errors.nickName?.message}
        slotProps={{ htmlInput: { maxLength: NICKNAME_MAX } }}
        {...register('nickName', { maxLength: maxLength(NICKNAME_MAX) })}
      />
      <TextInput
        label={t('profile.caption')}
        error={Boolean(errors.caption)}
        helperText={errors.caption?.message}
        slotProps={{ htmlInput: { maxLength: CAPTION_MAX } }}
        {...register('caption', { maxLength: maxLength(CAPTION_MAX) })}
      />
      <TextInput
        label={t('profile.description')}
        multiline
        minRows={3}
        error={Boolean(errors.description)}
        helperText={errors.description?.message}
        {...register('description')}
      />
      <BirthSelect control={control} error={errors.birthYear?.message} />
      <Controller
        name="sex"
        control={control}
        render={({ field }) => (
          <SelectInput
            label={t('profile.sex')}
            options={SEX_CODES.map((code) => ({ value: code, label: t(SEX_LABELS[code]) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={Boolean(errors.sex)}
            helperText={errors.sex?.message}
          />
        )}
      />
      <BackgroundField currentUrl={profile?.imgBackground} name={name} onChange={setBackground} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={saving} sx={{ mt: 2 }}>
        {saving ? t('common.saving') : t('common.save')}
      </Button>
    </form>
  );
}
