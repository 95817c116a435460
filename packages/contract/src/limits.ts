/** Business constants and limits of spec §9 and decisions.md. */
export const Limits = {
  passwordMin: 4,
  codeMin: 4,
  cardHolderNameMin: 3,
  aboutMeMin: 10,
  /** About me and skills. */
  aboutMax: 2000,
  phoneMax: 32,
  locationMax: 255,
  topicMin: 6,
  topicMax: 165,
  thoughtMax: 500,
  textPostMin: 4,
  textPostMax: 500,
  slideshowTextMax: 300,
  slideshowContentMax: 500,
  listNameMin: 4,
  listNameMax: 50,
  taskDescriptionMin: 4,
  taskDescriptionMax: 500,
  priorityMax: 25,
  commentMin: 4,
  nameMax: 100,
  teamNameMax: 50,
  imageMaxBytes: 5 * 1024 * 1024,
  /** Files attached to posts and comments (spec §5 types): photos as above, audio and video below. */
  audioMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 50 * 1024 * 1024,
  /** The largest upload of any kind. */
  uploadMaxBytes: 50 * 1024 * 1024,
  /** Signed upload and download URLs live this long. */
  uploadUrlTtlSeconds: 15 * 60,
  downloadUrlTtlSeconds: 6 * 60 * 60,
  /** Reactions listed with a post for its hover list (decisions.md: up to 5, then 'and N more'). */
  reactionPreview: 5,
  emailMax: 254,
  passwordMax: 256,
  inviteEmailsMax: 50,
} as const;

export const Timing = {
  /** Length of a verification / reset code's life (decisions.md). */
  codeTtlMs: 10 * 60 * 1000,
  /** Wrong tries a code survives in all, from every source together (decisions.md). */
  codeMaxAttempts: 20,
  /** Wrong passwords or codes from one source at one account before that source waits (429). */
  failuresPerSource: 5,
  /** Wrong answers at one account, from anywhere, before every attempt is slowed down. */
  failuresBeforeSlowdown: 10,
  /** Each failure past that threshold adds this wait, up to `slowdownMaxMs`. */
  slowdownStepMs: 250,
  slowdownMaxMs: 2000,
  /** How long failures are remembered. */
  failureWindowMs: 15 * 60 * 1000,
  /** A bearer token unused this long is revoked at its next use. */
  sessionIdleMs: 30 * 24 * 60 * 60 * 1000,
  /** Verify screen: Resend is enabled after this countdown. */
  resendCountdownMs: 5 * 60 * 1000,
  authErrorMs: 4000,
  formErrorMs: 2000,
  checkinIntervalMs: 4 * 60 * 60 * 1000,
  maxSnackbars: 3,
} as const;

export const Paging = {
  firstPage: 1,
  feedPerPage: 10,
  defaultPerPage: 20,
  maxPerPage: 50,
} as const;

export const VERIFICATION_CODE_LENGTH = 6;
