import i18next from 'i18next';
import en from '@/i18n/en.json';
import ja from '@/i18n/ja.json';
import type { ProfileResponse } from '@/api/generated';
import type { BookHeadInfo } from '../book-head';
import type { HeadContext, HeadLanguage } from '../types';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, ja: { translation: ja } },
  lng: 'ja',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const ORIGIN = 'https://monobook.example';

/** A head context with the app's real texts in `lang`. */
export function ctx(lang: HeadLanguage, path: string): HeadContext {
  // Keys are checked by the language files' test, not by i18next's key types here.
  const t = i18n.getFixedT(lang) as unknown as HeadContext['t'];
  return { lang, origin: ORIGIN, path, t };
}

export function book(over: Partial<BookHeadInfo> = {}): BookHeadInfo {
  return {
    id: 7,
    title: '都道府県別 健康保険料率',
    summary: '協会けんぽの都道府県別の保険料率を、2015年度から2024年度まで並べたBook。\n最も高いのは佐賀県。',
    img: '/media/covers/abc_123.jpg',
    created_on: '2026-10-01T09:00:00.000Z',
    page_price: 0,
    rating: 80,
    is_owned: false,
    members_only: false,
    moderated_reason: null,
    goodpoint: '',
    badpoint: '',
    point1: '',
    point2: '',
    point3: '',
    point4: '',
    point5: '',
    answer: '',
    post_count: 2,
    monthly_views: 10,
    gender_count: { male: 1, female: 1 },
    files: [
      { id: 3, title: 'rates.csv', profile: { id: 1, userId: 11, img: null, nickName: 'Hanako' }, communities: [], communities_info: [] },
      { id: 4, title: 'rates-2024.csv', profile: { id: 1, userId: 11, img: null, nickName: 'Hanako' }, communities: [], communities_info: [] },
      { id: 5, title: 'notes.csv', profile: { id: 2, userId: 12, img: null, nickName: 'Taro' }, communities: [], communities_info: [] },
    ],
    language: 'ja',
    column_profile: {
      sheet: 'rates',
      rows: 470,
      sampled: false,
      columns: [
        { name: 'code', type: 'number', role: 'identifier', missing: 0, distinct: 47 },
        { name: 'year', type: 'date', role: 'time', missing: 0, distinct: 10, from: '2015/4/1', to: '2024/3/31' },
        { name: 'prefecture', label: '都道府県', type: 'text', role: 'entity', missing: 0, distinct: 47 },
        { name: 'rate', label: '保険料率', type: 'number', role: 'measure', unit: '%', missing: 0, distinct: 300, min: 9.5, max: 10.5, mean: 10 },
      ],
    },
    tags: ['健康保険', '都道府県'],
    modified_on: '2026-10-05T12:00:00.000Z',
    file_formats: ['text/csv'],
    ...over,
  };
}

export function profile(over: Partial<ProfileResponse> = {}): ProfileResponse {
  return {
    id: 3,
    userProfile: 12,
    nickName: 'Taro',
    caption: 'Open data about trains & stations',
    description: 'I post timetables.',
    birth: null,
    birthday: null,
    birthYear: null,
    birthMonth: null,
    birthDay: null,
    sex: '0',
    img: 'https://monobook.example/media/avatars/t.jpg',
    imgBackground: null,
    created_on: '2026-09-01T00:00:00.000Z',
    ...over,
  };
}
