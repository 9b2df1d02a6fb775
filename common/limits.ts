/** Numbers that matter, shared by the browser and the server. */
export const LIMITS = {
  username: { min: 3, max: 32 },
  email: { max: 254 },
  password: { min: 6, max: 128 },
  dreamTitle: { min: 1, max: 200 },
  narrative: { min: 1, max: 20_000 },
  tags: { maxCount: 20, maxLength: 40 },
  intentionText: { min: 1, max: 500 },
  intentionNotes: { max: 5_000 },
  symbol: { min: 1, max: 60 },
  symbolCategory: { max: 60 },
  /** What a symbol means to the dreamer (their personal lexicon). */
  personalMeaning: { min: 1, max: 1_000 },
  searchQuery: { max: 200 },
} as const;

export const LIST_SIZES = {
  recentDreamsDefault: 5,
  recentDreamsHome: 3,
  recentDreamsJournal: 20,
  recentDreamsMax: 100,
  previousIntentionsDefault: 3,
  previousIntentionsPage: 10,
  previousIntentionsMax: 100,
  searchDefault: 20,
  searchMax: 50,
  topTagsDefault: 5,
  topTagsMax: 50,
  /** A dream sign links to this many of its dreams, newest first (its count says how many there are). */
  dreamSignLinks: 20,
  /** The tag input suggests this many of the user's most used tags. */
  tagSuggestions: 8,
  symbolsDefault: 50,
  /** One page of the symbol dictionary at most: browsing pages it, nothing loads the whole store. */
  symbolsMax: 100,
  symbolsPage: 16,
  symbolsRecent: 12,
  /** The personal lexicon lists at most this many symbols. */
  lexiconMax: 200,
  homeSkeletons: 2,
  journalSkeletons: 6,
} as const;

export const SESSION = {
  cookieName: 'dt_session',
  lifetimeMs: 30 * 24 * 60 * 60 * 1000,
  /** A session is renewed when it is older than this (sliding expiry). */
  renewAfterMs: 24 * 60 * 60 * 1000,
  cleanupIntervalMs: 60 * 60 * 1000,
} as const;

export const HTTP = {
  bodyLimitBytes: 1024 * 1024,
  importBodyLimitBytes: 10 * 1024 * 1024,
  /**
   * The request line (method, address) and headers together: a longer address is refused at once
   * with 414, as soon as that many bytes have arrived (the common 8 KB limit of web servers).
   */
  maxRequestHeadBytes: 8 * 1024,
} as const;

export const UI = {
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThreshold: 50,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  tagSuggestionCloseDelayMs: 200,
  /** The journal searches (and writes ?q= to the URL) this long after the last keystroke. */
  searchDebounceMs: 300,
  starCount: 120,
  queryStaleMs: 5 * 60 * 1000,
  currentUserStaleMs: 300_000,
} as const;

export const AUTH_THROTTLE = {
  /** Failed logins allowed per username and per IP within the window before 429. */
  loginFailures: 10,
  loginWindowMs: 15 * 60 * 1000,
  /** Registrations allowed per IP within the window. */
  registrations: 20,
  registrationWindowMs: 60 * 60 * 1000,
} as const;

/** The guided library (spec part 2 §5, §9). */
export const GUIDED = {
  durationMin: 5,
  durationMax: 30,
  durationStep: 5,
  durationDefault: 15,
  /** A library item's length in minutes. */
  libraryDurationMin: 5,
  libraryDurationMax: 45,
  focusArea: { min: 1, max: 200 },
  preferences: { max: 1_000 },
  /** Spoken pace of a guided script, in words per minute, pauses aside. */
  wordsPerMinute: 100,
  /** Words a personalised script holds per minute of its length: a little under half the time is speech, the rest is rests. */
  scriptWordsPerMinute: 45,
  /** Card content is cut to this many characters. */
  cardTruncate: 200,
  /** The id a generated item opens with as a detail. */
  personalizedId: -1,
} as const;

/** The ambient audio player (spec part 2 §9). */
export const AUDIO = {
  defaultVolume: 0.7,
  seekSeconds: 10,
  timeStep: 0.1,
  volumeStep: 0.01,
  sleepTimerMinutes: [15, 30, 60],
  /** The sleep timer lowers the volume to silence over this many seconds before it pauses. */
  sleepFadeSeconds: 30,
} as const;

/** The community feed, comments and reports (spec part 2 §9, decisions page). */
export const COMMUNITY = {
  feedPageSize: 10,
  feedMaxPageSize: 50,
  /** Card content is cut at this many characters, with Read more. */
  cardTruncate: 200,
  sharedTitle: { min: 1, max: 200 },
  sharedContent: { min: 1, max: 20_000 },
  interpretation: { max: 20_000 },
  comment: { min: 1, max: 2_000 },
  /** An item reported by this many different users is hidden until an admin decides. */
  autoHideReports: 3,
  /** Pagination lists every page up to this many, then ellipses with one sibling each side. */
  allPagesUpTo: 7,
  adminUsersPageSize: 25,
  adminUsersMaxPageSize: 100,
  adminRecentUsers: 5,
} as const;
