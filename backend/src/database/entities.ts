import { AccountKey } from '../modules/auth/entities/account-key.entity';
import { AuthToken } from '../modules/auth/entities/auth-token.entity';
import { User } from '../modules/auth/entities/user.entity';
import { Profile } from '../modules/profiles/entities/profile.entity';
import { AccountsAndProfiles1732300000000 } from './migrations/1732300000000-accounts-and-profiles';

export const ENTITIES = [User, AuthToken, AccountKey, Profile];

/** Listed explicitly (no globs) so the same list works from src under jest and from dist. */
export const MIGRATIONS = [AccountsAndProfiles1732300000000];
