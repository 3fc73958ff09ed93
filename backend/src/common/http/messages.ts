/**
 * Every message the API can put in an answer (`detail`, `non_field_errors`, field errors), in
 * one place. The wording is DRF's or the old server's, verbatim (old clients match on it); the
 * name of each is its stable code, which every error answer carries beside the text
 * (drf-errors.ts), and by which the frontend translates (frontend/src/i18n/server-messages.ts;
 * a test there fails when a code below has no translation). A test in this folder fails when
 * code sends a message literal that is not taken from here.
 *
 * This file has no imports so that the frontend's tests can read it.
 */

/** Fixed messages. */
export const MESSAGES = {
  // DRF's standard messages
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  nullValue: 'This field may not be null.',
  invalidInput: 'Invalid input.',
  notAString: 'Not a valid string.',
  invalidInt: 'A valid integer is required.',
  nullCharacter: 'Null characters are not allowed.',
  invalidEmail: 'Enter a valid email address.',
  invalidDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  invalidBool: 'Must be a valid boolean.',
  unexpectedField: 'Unexpected field.',
  notFound: 'Not found.',
  permissionDenied: 'You do not have permission to perform this action.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  inactiveUser: 'User inactive or deleted.',
  invalidTokenHeader: 'Invalid token header. No credentials provided.',
  invalidTokenHeaderSpaces: 'Invalid token header. Token string should not contain spaces.',
  serverError: 'A server error occurred.',
  /** Live-bell streams of one process (NOTIFICATION_STREAMS_MAX). */
  streamsFull: 'This server holds as many notification streams as it can. Try again in a moment.',
  /** The reason a post held by the spam brake carries (only its author gets it). */
  heldForReview: 'Held for review: a new account with reports against it posted a link.',
  /** The reason a suspended account's Books, ads and circles carry while the suspension holds. */
  hiddenWhileSuspended: 'Hidden while its account is suspended.',
  badRequest: 'Bad request.',
  fileTooLarge: 'File too large.',
  unsupportedMediaType: 'Unsupported media type in request.',
  noFile: 'No file was submitted.',
  emptyFile: 'The submitted file is empty.',
  invalidImage: 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
  // accounts
  loginFailed: 'Email or password is not correct!',
  emailNotVerified: 'E-mail is not verified.',
  invalidKey: 'Invalid value',
  passwordsDiffer: "The two password fields didn't match.",
  passwordMismatch: "Password doesn't match",
  agreeTerms: 'You must agree to the terms.',
  passwordTooShort: 'This password is too short. It must contain at least 8 characters.',
  passwordNumeric: 'This password is entirely numeric.',
  passwordLikeEmail: 'The password is too similar to the email address.',
  passwordCommon: 'This password is too common.',
  invalidLanguage: 'Must be "ja" or "en".',
  ok: 'OK',
  verificationSent: 'Verification e-mail sent.',
  verificationResent: 'If this address has an account waiting to be confirmed, a new verification e-mail has been sent.',
  alreadyVerified: 'E-mail is already verified.',
  loggedOut: 'Successfully logged out.',
  resetMailSent: 'Password reset e-mail has been sent.',
  passwordReset: 'Password has been reset with the new password.',
  deletionRequested: 'Account deletion requested.',
  // profiles
  chooseNickname: 'Choose a nickname.',
  invalidSex: 'Must be one of 0, 1, 3, 4.',
  unrealBirthday: 'Enter a real birthday.',
  profileExists: 'This user already has a profile.',
  // Books
  alreadyFollowed: 'This page is already followed',
  mustBuy: 'This Book must be bought.',
  buyToDownload: 'Buy this Book to download its files.',
  ownedNow: 'You own this Book now.',
  bookCreatorOnly: 'Only the creator of this Book can make it public.',
  viewRecorded: 'View recorded.',
  unsupportedFile: 'Unsupported file type. Upload a JPEG, CSV, Excel or Word file.',
  fileExtensionMismatch:
    "The file's content does not match its extension. Upload a JPEG, CSV, Excel or Word file under its own extension (.jpg, .csv, .xlsx, .xls, .docx, .doc).",
  invalidPrice: 'Choose one of the price tiers: 0, 800, 3000, 9800, 40000, 250000.',
  profileRequired: 'Create your profile before posting data.',
  ownUserId: 'user_id must be your own id.',
  linkExpired: 'This link is invalid or has expired.',
  priceNeedsMydata: 'A price can be set only for your own data (mydata).',
  // posts and follows
  expectedList: 'Expected a list of items.',
  circlePostNeedsCircles: 'A circle post needs its circles.',
  ratingNeedsReview: 'A rating needs reviewTo (the Book reviewed).',
  onlyReviewRated: 'Only a review has a rating.',
  followAsYourself: 'You can only ask to follow as yourself.',
  approveOwnRequests: 'Only the requested user can approve a follow request.',
  invalidAccessLogType: 'Must be one of profile, page, community.',
  logged: 'Logged.',
  circlesNotAvailable: 'Circles are not available yet.',
  alreadyReposted: 'You have already reposted this post.',
  likeOnlyYourself: 'You can only like or unlike a post as yourself.',
  authorOnly: 'Only the author can change or delete this.',
  repostNotEditable: "A repost shows someone else's post: it cannot be edited.",
  cannotFollowSelf: 'You cannot follow yourself.',
  // safety
  cannotBlockSelf: 'You cannot block or mute yourself.',
  blockedInteraction: 'You cannot interact with this user.',
  unknownReportTarget: 'This target does not exist.',
  moderatorsOnly: 'Only moderators can do this.',
  adminsOnly: 'Only administrators can do this.',
  accountSuspended: 'This account is suspended.',
  // circles
  notCircleMember: 'You are not a member of this circle.',
  circleOwnerOnly: 'Only the owner of the circle can do this.',
  alreadyCircleMember: 'This user is already a member of the circle.',
  youAreCircleMember: 'You are already a member of this circle.',
  notYourInvitation: 'This invitation is not for you.',
  circleCreated: 'Circle created.',
  joinRequestApproved: 'The join request was approved.',
  circlePostNotReposted: 'A circle post cannot be reposted.',
  // payments
  paymentsOff: 'Payments are not available on this site.',
  freeBook: 'This Book is free: claim it instead of buying it.',
  ownBook: 'This is your own Book.',
  alreadyOwned: 'You already own this Book.',
  foreignSiteUrl: "SITE_URL must be this site's own address.",
  badSignature: 'Invalid Stripe signature.',
  notYourAccount: 'This is not your Stripe account.',
  payoutProfileRequired: 'Create your profile before setting up payouts.',
  paymentProviderError: 'The payment service did not answer. Try again later.',
  paymentPending: 'A konbini payment for this Book is pending: pay its voucher, or buy again once it has expired.',
  malformedEvent: 'Malformed Stripe event.',
  // ads
  adProfileRequired: 'Create your profile before advertising.',
  adTags: 'Please select 3 Tags',
  invalidUrl: 'Enter a valid URL.',
  adAlreadyPaid: 'This ad is already paid for.',
  adOwnerOnly: 'Only the advertiser can do this.',
  // sign-in providers
  googleEmailNotVerified: 'Your Gmail account was not verified.',
  invalidIdToken: 'The sign-in token is invalid or has expired.',
  signInMethodTaken: 'This sign-in account is already linked to another account.',
  lastSignInMethod: 'You cannot remove your last way to sign in.',
  signInCodeInvalid: 'This sign-in has expired or was already used. Please sign in again.',
  signInOtherBrowser: 'Please finish signing in in the browser where you started it.',
  // analytics
  analyticsEnterpriseOnly: 'Analytics are available on the enterprise plan only.',
} as const;

/** Messages with a value in them; `{name}` marks where the value goes. */
export const MESSAGE_TEMPLATES = {
  maxLength: 'Ensure this field has no more than {n} characters.',
  minLength: 'Ensure this field has at least {n} characters.',
  invalidChoice: '"{value}" is not a valid choice.',
  throttled: 'Request was throttled. Expected available in {seconds} seconds.',
  jsonParse: 'JSON parse error - {detail}',
  /** DRF's MultiPartParser. */
  multipartParse: 'Multipart form parse error - {detail}',
  /** DRF's ProhibitSurrogateCharactersValidator. */
  surrogate: 'Surrogate characters are not allowed: U+{code}.',
  tooDeep: 'Nested too deep (more than {levels} levels).',
  maxItems: 'Ensure this field has no more than {n} elements.',
  minValue: 'Ensure this value is greater than or equal to {n}.',
  maxValue: 'Ensure this value is less than or equal to {n}.',
  multipleOf: 'Ensure this value is a multiple of {n}.',
  /** DRF's PrimaryKeyRelatedField. */
  invalidPk: 'Invalid pk "{pk}" - object does not exist.',
  /** DRF's UniqueTogetherValidator. */
  uniqueSet: 'The fields {fields} must make a unique set.',
  /** DRF's MethodNotAllowed (405). */
  methodNotAllowed: 'Method "{method}" not allowed.',
  /** Live-bell streams one account holds open on one process (NOTIFICATION_STREAMS_PER_ACCOUNT). */
  streamsPerAccount: 'Too many notification streams are open for this account (at most {n}). Close another tab, or try again later.',
  /** A user's uploads per 24 hours (UPLOAD_DAILY_FILES, UPLOAD_DAILY_BYTES). */
  uploadQuota: 'Upload limit reached: at most {files} files and {megabytes} MB per 24 hours. Try again later.',
} as const;

export type MessageName = keyof typeof MESSAGES;
export type TemplateName = keyof typeof MESSAGE_TEMPLATES;

/**
 * The values each template carries on the wire (an error answer's `params`), by kind: a client
 * translates `{"code": "maxLength", "params": {"n": 20}}` without reading the English. A number
 * is sent as a JSON number; the rest as the message shows them (a pk as given, a code point in hex).
 */
export const TEMPLATE_PARAMS = {
  maxLength: { n: 'integer' },
  minLength: { n: 'integer' },
  invalidChoice: { value: 'string' },
  throttled: { seconds: 'integer' },
  jsonParse: { detail: 'string' },
  multipartParse: { detail: 'string' },
  surrogate: { code: 'string' },
  tooDeep: { levels: 'integer' },
  maxItems: { n: 'integer' },
  minValue: { n: 'number' },
  maxValue: { n: 'number' },
  multipleOf: { n: 'number' },
  invalidPk: { pk: 'string' },
  uniqueSet: { fields: 'string' },
  methodNotAllowed: { method: 'string' },
  streamsPerAccount: { n: 'integer' },
  uploadQuota: { files: 'integer', megabytes: 'number' },
} as const satisfies Record<TemplateName, Record<string, 'integer' | 'number' | 'string'>>;

/**
 * The stable code of an error answer: the name of its message in this catalogue (a fixed
 * message or a template). Clients translate by it; the English text may change.
 */
export type ErrorCode = MessageName | TemplateName;
export type ErrorParams = Record<string, string | number>;

/** Every code, fixed messages first, in the catalogue's order (openapi.yaml's enum). */
export const ERROR_CODES = [...Object.keys(MESSAGES), ...Object.keys(MESSAGE_TEMPLATES)] as ErrorCode[];

export function fillTemplate(name: TemplateName, values: Record<string, string | number>): string {
  return MESSAGE_TEMPLATES[name].replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('([\\s\\S]*)')}$`);
}

/** Which catalogue entry a message is, with the values of a template; undefined when none. */
export function matchMessage(message: string): { name: MessageName | TemplateName; values: Record<string, string> } | undefined {
  for (const [name, text] of Object.entries(MESSAGES)) {
    if (text === message) return { name: name as MessageName, values: {} };
  }
  for (const [name, template] of Object.entries(MESSAGE_TEMPLATES)) {
    const match = templatePattern(template).exec(message);
    if (!match) continue;
    const keys = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    return { name: name as TemplateName, values: Object.fromEntries(keys.map((key, i) => [key, match[i + 1]])) };
  }
  return undefined;
}

/**
 * A catalogued message as its code and values, the values typed as TEMPLATE_PARAMS says (a
 * number that is not one in the text stays text); undefined for a text the catalogue lacks.
 */
export function messageCode(message: string): { code: ErrorCode; params?: ErrorParams } | undefined {
  const match = matchMessage(message);
  if (!match) return undefined;
  if (!(match.name in TEMPLATE_PARAMS)) return { code: match.name };
  const kinds: Record<string, string> = TEMPLATE_PARAMS[match.name as TemplateName];
  const params = Object.fromEntries(
    Object.entries(match.values).map(([key, value]) => [key, kinds[key] !== 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value]),
  );
  return { code: match.name, params };
}
