/**
 * The profiles module's one rule of a profile that shows, as SQL for the modules that need it in
 * their statements (the follows module's checks, the packers): active, i.e. its account has not
 * asked to be deleted (`profiles.active` is cleared in the deletion request's transaction).
 */
export function activeProfileSql(alias: string): string {
  return `${alias}.active`;
}

/** True when the user `userSql` (an SQL expression, e.g. `:user`) has a profile that shows. */
export function hasActiveProfileSql(userSql: string): string {
  return `EXISTS (SELECT 1 FROM profiles ap WHERE ap.user_id = ${userSql} AND ${activeProfileSql('ap')})`;
}

/** The profile `profileSql` (a profile id, e.g. `:object`) as one row when it shows, none otherwise: for a check inside another module's statement. */
export function shownProfileRowSql(profileSql: string): string {
  return `SELECT 1 FROM profiles sp WHERE sp.id = ${profileSql} AND ${activeProfileSql('sp')}`;
}
