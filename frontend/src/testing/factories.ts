import type { Book, Profile, Tag, UploadedFile } from '@/api/types';

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

export function bookFactory(overrides: Partial<Book> = {}): Book {
  const id = nextId++;
  return {
    id,
    title: `Book ${id}`,
    summary: `Summary of book ${id}`,
    img: null,
    created_on: '2024-01-01T00:00:00.000Z',
    page_price: 0,
    rating: 0,
    is_owned: false,
    goodpoint: '',
    badpoint: '',
    point1: '',
    point2: '',
    point3: '',
    point4: '',
    point5: '',
    answer: '',
    post_count: 0,
    monthly_views: 0,
    gender_count: { male: 0, female: 0 },
    files: [],
    language: 'en',
    ...overrides,
  };
}

export function tagFactory(overrides: Partial<Tag> = {}): Tag {
  const id = nextId++;
  return { id, attributeName: `tag${id}`, language: 'en', ...overrides };
}

export function uploadedFileFactory(overrides: Partial<UploadedFile> = {}): UploadedFile {
  const id = nextId++;
  return {
    id,
    title: `Data ${id}`,
    description: '',
    file: `data-${id}.csv`,
    kind: 'csv',
    size: 1000,
    status: 'pending',
    page: null,
    price: 0,
    mydata: false,
    communities: [],
    user_id: 1,
    created_on: new Date().toISOString(),
    ...overrides,
  };
}
