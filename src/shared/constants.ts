// Business constants of the product (SPEC.md §9, API.md), shared by server and browser.

export const SITE_NAME_DEFAULT = 'Code Commons';

export const ROLES = ['Client', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

export const MEMBERSHIPS = ['Bronze', 'Gold'] as const;
export type Membership = (typeof MEMBERSHIPS)[number];

/** SPEC.md §6: anything stored that is not Admin is a Client. */
export const toRole = (value: unknown): Role => (value === 'Admin' ? 'Admin' : 'Client');
/** SPEC.md §1: anything not Gold is shown as Bronze. */
export const toMembership = (value: unknown): Membership => (value === 'Gold' ? 'Gold' : 'Bronze');

/** Posts a member may write in total, by membership level. */
export const POST_LIMITS: Record<Membership, number> = { Bronze: 5, Gold: 10 };

/** Gold membership price, in cents and as shown. */
export const GOLD_PRICE_CENTS = 999;
export const GOLD_PRICE_CURRENCY = 'usd';
export const GOLD_PRICE_LABEL = '$9.99';

export const PAGE_SIZES = [5, 10, 20] as const;
export const HOME_PAGE_SIZE = 5;
export const DASHBOARD_PAGE_SIZE = 10;
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 10;
/** The default page of a call SPEC.md calls "all …" (API.md: still one page). */
export const ALL_PAGE_LIMIT = 100;

export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const POST_TITLE_MAX = 150;
export const POST_DESCRIPTION_MAX = 20_000;
export const COMMENT_MAX = 5_000;
export const TAG_MAX = 30;
export const SEARCH_QUERY_MAX = 200;
/**
 * A search counts its matches up to one more than this, and pages no further than this (what it
 * costs stays bounded): a total of SEARCH_COUNT_MAX + 1 means "more than SEARCH_COUNT_MAX".
 */
export const SEARCH_COUNT_MAX = 200;
export const ANNOUNCEMENT_TITLE_MAX = 150;
export const ANNOUNCEMENT_DESCRIPTION_MAX = 5_000;
export const COMMENT_PREVIEW_LENGTH = 20;

export const REPORT_FEEDBACKS = ['Off-topic or irrelevant', 'Abusive or disrespectful language', 'Spam or promotional content'] as const;
export type ReportFeedback = (typeof REPORT_FEEDBACKS)[number];

/** API.md "Notifications": the four kinds a member is told of. */
export const NOTIFICATION_TYPES = ['comment', 'reply', 'announcement', 'membership'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** A notification's text: the plain start of its comment or announcement. */
export const NOTIFICATION_TEXT_MAX = 140;
/** At most one mail per post per member in this long. */
export const NOTIFICATION_EMAIL_INTERVAL_MS = 10 * 60 * 1000;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The upload's refusal past UPLOAD_MAX_BYTES (413), and the forms' before they upload. */
export const UPLOAD_TOO_LARGE_MESSAGE = 'The image is larger than 5 MB.';
export const UPLOAD_MAX_DIMENSION = 512;

/** DESIGN.md's leaderboard: points earned in the last 7 days, top 10. */
export const LEADERBOARD_DAYS = 7;
export const LEADERBOARD_SIZE = 10;
export const POINTS = { post: 10, comment: 2, upVote: 1, downVote: -1 } as const;

export const DEFAULT_AVATAR = '/default-avatar.png';
export const SHARE_HASHTAG = 'code';
export const TOAST_AUTO_CLOSE_MS = 5000;
export const COMMENT_SUCCESS_CLOSE_MS = 2000;
