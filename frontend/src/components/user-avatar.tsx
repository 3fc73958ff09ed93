import Avatar from '@mui/material/Avatar';
import { useTranslation } from 'react-i18next';

type Props = {
  src: string | null | undefined;
  name: string;
  size?: number;
};

/** Nicknames "default" mean unset. */
export function displayName(nickName: string | null | undefined, fallback: string): string {
  return nickName && nickName !== 'default' ? nickName : fallback;
}

export function UserAvatar({ src, name, size = 40 }: Props) {
  const { t } = useTranslation();
  const label = t('common.avatarOf', { name });
  // Without a picture MUI shows the initial in a div: name it so it still reads as the avatar.
  const fallbackProps = src ? {} : { role: 'img', 'aria-label': label };
  return (
    <Avatar src={src ?? undefined} alt={label} {...fallbackProps} sx={{ width: size, height: size, bgcolor: 'primary.light', fontSize: size * 0.45 }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
