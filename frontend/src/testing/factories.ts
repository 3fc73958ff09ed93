import type { Profile } from '@/api/types';

let nextId = 1;

export function profileFactory(overrides: Partial<Profile> = {}): Profile {
  const id = nextId++;
  return {
    id,
    userProfile: 100 + id,
    nickName: `user${id}`,
    caption: `caption of user${id}`,
    description: '',
    birth: '1990-04-01',
    birthday: '1990-04-01',
    birthYear: 1990,
    birthMonth: 4,
    birthDay: 1,
    sex: '0',
    img: null,
    imgBackground: null,
    created_on: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
