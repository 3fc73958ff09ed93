import { Tag } from '../modules/tags/entities/tag.entity';
import { AccountKey } from '../modules/auth/entities/account-key.entity';
import { AuthToken } from '../modules/auth/entities/auth-token.entity';
import { User } from '../modules/auth/entities/user.entity';
import { UploadedFile } from '../modules/uploads/entities/uploaded-file.entity';
import { Book } from '../modules/books/entities/book.entity';
import { Profile } from '../modules/profiles/entities/profile.entity';
import { AccountsAndProfiles1732300000000 } from './migrations/1732300000000-accounts-and-profiles';
import { Books1732400000000 } from './migrations/1732400000000-books';
import { AttributeSeed1732400000001 } from './migrations/1732400000001-attribute-seed';
import { ModeratedBooksAndSuspendedContent1735900000001 } from './migrations/1735900000001-moderated-books-and-suspended-content';
import { ReportOutcomes1735900000000 } from './migrations/1735900000000-report-outcomes';
import { Safety1735800000000 } from './migrations/1735800000000-safety';
import { HomeFeedIndexes1736000000000 } from './migrations/1736000000000-home-feed-indexes';
import { SuspendedOwnersContent1736100000000 } from './migrations/1736100000000-suspended-owners-content';
import { HomeScanIndex1736200000000 } from './migrations/1736200000000-home-scan-index';
import { CalendarTags1735600000000 } from './migrations/1735600000000-calendar-tags';
import { Platform1732500000000 } from './migrations/1732500000000-platform';
import { Social1732600000000 } from './migrations/1732600000000-social';
import { PostCounts1732600000001 } from './migrations/1732600000001-post-counts';
import { FeedStatistics1732600000002 } from './migrations/1732600000002-feed-statistics';
import { UploadFailures1732730000001 } from './migrations/1732730000001-upload-failures';
import { DeletionThroughOwners1732750000000 } from './migrations/1732750000000-deletion-through-owners';
import { BookCounters1732770000001 } from './migrations/1732770000001-book-counters';
import { SignIn1732800000000 } from './migrations/1732800000000-sign-in';
import { Circles1732900000000 } from './migrations/1732900000000-circles';
import { Notifications1733000000000 } from './migrations/1733000000000-notifications';
import { Payments1733100000000 } from './migrations/1733100000000-payments';
import { Ads1733500000000 } from './migrations/1733500000000-ads';
import { SalesByBook1733600000000 } from './migrations/1733600000000-sales-by-book';
import { AdPick1733900000000 } from './migrations/1733900000000-ad-pick';
import { AuthChanges1734200000000 } from './migrations/1734200000000-auth-changes';
import { SignInCodes1735000000000 } from './migrations/1735000000000-sign-in-codes';
import { MembersOnlyBooks1735100000000 } from './migrations/1735100000000-members-only-books';
import { MoneyHoles1735200000000 } from './migrations/1735200000000-money-holes';
import { AccountPlans1733300000000 } from './migrations/1733300000000-account-plans';
import { BookLanguages1733200000000 } from './migrations/1733200000000-book-languages';

export const ENTITIES = [User, AuthToken, AccountKey, Profile, Tag, Book, UploadedFile];

/** Listed explicitly (no globs) so the same list works from src under jest and from dist. */
export const MIGRATIONS = [
  AccountsAndProfiles1732300000000,
  Books1732400000000,
  AttributeSeed1732400000001,
  Platform1732500000000,
  Social1732600000000,
  PostCounts1732600000001,
  FeedStatistics1732600000002,
  UploadFailures1732730000001,
  DeletionThroughOwners1732750000000,
  BookCounters1732770000001,
  SignIn1732800000000,
  Circles1732900000000,
  Notifications1733000000000,
  Payments1733100000000,
  BookLanguages1733200000000,
  AccountPlans1733300000000,
  Ads1733500000000,
  SalesByBook1733600000000,
  AdPick1733900000000,
  AuthChanges1734200000000,
  SignInCodes1735000000000,
  MembersOnlyBooks1735100000000,
  CalendarTags1735600000000,
  MoneyHoles1735200000000,
  Safety1735800000000,
  ReportOutcomes1735900000000,
  ModeratedBooksAndSuspendedContent1735900000001,
  HomeFeedIndexes1736000000000,
  SuspendedOwnersContent1736100000000,
  HomeScanIndex1736200000000,
];
