import type { Profile, ProfileForm as ProfileFormDto } from '@/api/types';
import { composeBirth, splitBirth } from './birth';

export const NICKNAME_MAX = 20;
export const CAPTION_MAX = 100;

export type Sex = NonNullable<ProfileFormDto['sex']>;
export const SEX_CODES: Sex[] = ['0', '1', '3', '4'];

export type ProfileValues = {
  nickName: string;
  caption: string;
  description: string;
  birthYear: string;
  birthMonth: string;
  birthDay: string;
  sex: Sex;
};

function isSex(value: string): value is Sex {
  return (SEX_CODES as string[]).includes(value);
}

export function toFormValues(profile: Profile | undefined): ProfileValues {
  const birth = splitBirth(profile?.birth ?? profile?.birthday);
  const sex = profile?.sex ?? '0';
  return {
    nickName: profile && profile.nickName !== 'default' ? profile.nickName : '',
    caption: profile?.caption ?? '',
    description: profile?.description ?? '',
    birthYear: birth.year,
    birthMonth: birth.month,
    birthDay: birth.day,
    sex: isSex(sex) ? sex : '0',
  };
}

export function hasRequired(values: ProfileValues): boolean {
  const nick = values.nickName.trim();
  return nick !== '' && nick !== 'default' && values.birthYear !== '' && values.birthMonth !== '' && values.birthDay !== '';
}

/**
 * The multipart body: everything on create; on edit only the fields that changed (the server
 * changes only the fields it receives).
 */
export function toProfileBody(values: ProfileValues, original: ProfileValues | null, images: { img?: Blob; imgBackground?: Blob }): ProfileFormDto {
  const birth = composeBirth(Number(values.birthYear), Number(values.birthMonth), Number(values.birthDay)) ?? undefined;
  const all: ProfileFormDto = {
    nickName: values.nickName.trim(),
    caption: values.caption,
    description: values.description,
    birth,
    sex: values.sex,
  };
  const body: ProfileFormDto = {};
  if (original === null) Object.assign(body, all);
  else {
    const before = toProfileBody(original, null, {});
    for (const field of ['nickName', 'caption', 'description', 'birth', 'sex'] as const) {
      if (all[field] !== before[field]) Object.assign(body, { [field]: all[field] });
    }
  }
  if (images.img) body.img = images.img;
  if (images.imgBackground) body.imgBackground = images.imgBackground;
  return body;
}
