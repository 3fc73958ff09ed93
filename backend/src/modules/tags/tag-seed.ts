import type { Language } from '../../common/i18n/language';

/** The tags every installation starts with, in both languages (the generator picks from these). */
export const ATTRIBUTE_SEED: Record<Language, string[]> = {
  ja: [
    '健康', '医療', '保険', '人口', '経済', '家計', '物価', '雇用', '教育', '子育て',
    '高齢化', '気象', '防災', '環境', 'エネルギー', '農業', '食品', '観光', '交通', '不動産',
    '地域', '都道府県', 'スポーツ', 'ランニング', '音楽', '映画', 'ゲーム', '旅行', 'ファッション', '料理',
    'テクノロジー', 'AI', 'プログラミング', 'ビジネス', 'マーケティング', '調査', 'アンケート', '統計', '写真', '自然',
  ],
  en: [
    'Health', 'Medicine', 'Insurance', 'Population', 'Economy', 'Household', 'Prices', 'Employment', 'Education', 'Parenting',
    'Aging', 'Weather', 'Climate', 'Environment', 'Energy', 'Agriculture', 'Food', 'Tourism', 'Transport', 'Housing',
    'Cities', 'Countries', 'Sports', 'Running', 'Music', 'Movies', 'Games', 'Travel', 'Fashion', 'Cooking',
    'Technology', 'AI', 'Programming', 'Business', 'Marketing', 'Research', 'Survey', 'Statistics', 'Photography', 'Nature',
  ],
};

/** Tags added by migration 1735600000000 (calendars and holidays had none). */
export const CALENDAR_TAGS: Record<Language, string[]> = {
  ja: ['祝日', 'カレンダー'],
  en: ['Holidays', 'Calendar'],
};

/**
 * The tag of what kind of file a Book is, given when no tag of its subject was found (issue 40):
 * a table of figures, a document, a photo. They say nothing of a subject, so they relate no Books.
 */
export const KIND_TAGS: Record<'table' | 'document' | 'image', Record<Language, string>> = {
  table: { ja: '統計', en: 'Statistics' },
  document: { ja: '調査', en: 'Research' },
  image: { ja: '写真', en: 'Photography' },
};
