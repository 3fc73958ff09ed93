import type { Book, Profile, Tag, UploadedFile } from '@/api/types';
import type { Post } from '@/api/types';
import type { Circle } from '@/api/types';

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
    members_only: false,
    moderated_reason: null,
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
    failure: null,
    page: null,
    price: 0,
    mydata: false,
    communities: [],
    user_id: 1,
    created_on: new Date().toISOString(),
    ...overrides,
  };
}

export function postFactory(overrides: Partial<Post> = {}): Post {
  const id = nextId++;
  return {
    id,
    text: `Post ${id}`,
    img: null,
    created_on: new Date().toISOString(),
    rating: null,
    reviewTo: null,
    reviewToPage: null,
    reposting: false,
    repostingFrom: null,
    repostingFromUser: null,
    repostingProfile: null,
    new_data_flag: false,
    purepost_flag: true,
    communitypost_flag: false,
    communities: [],
    communities_info: [],
    liked: [],
    userPost: 900,
    userPostProfile: { id: 1, userId: 900, nickName: 'Author', img: null },
    title: '',
    commentedCounts: 0,
    repostedTimes: 0,
    likedTimes: 0,
    is_liked: false,
    is_reposted: false,
    is_commented: false,
    moderated_reason: null,
    ...overrides,
  };
}

export const postList = (posts: Post[]) => ({ res: posts, totalCount: posts.length, aggregate: { rating__sum: null } });

export function circleFactory(overrides: Partial<Circle> = {}): Circle {
  const id = nextId++;
  return {
    id,
    title: `Circle ${id}`,
    description: `About circle ${id}`,
    image: null,
    background_image: null,
    created_on: '2024-01-01T00:00:00.000Z',
    createdon: '2024-01-01T00:00:00.000Z',
    item_type: 'community',
    owner: 900,
    page_count: 0,
    member_count: 1,
    post_count: 0,
    joinrequest_count: 0,
    moderated_reason: null,
    ...overrides,
  };
}
