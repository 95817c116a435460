import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers on both
 * SQLite and PostgreSQL, so the same code reads both (docs/adr/0002-one-schema-two-databases.md).
 */
export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  avatar: string | null;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
}

/** 'email': a change of the account's e-mail, to `new_email`, waiting for its code. */
export type CodePurpose = 'verify' | 'reset' | 'email' | 'login';

export interface OneTimeCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: CodePurpose;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** The address an 'email' code changes the account to; null for other purposes. */
  new_email: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** pending → sending (claimed by one node) → sent | logged | failed, or back to pending to retry. */
  status: 'pending' | 'sending' | 'sent' | 'logged' | 'failed';
  /** The last failure; kept after a later try succeeds. */
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Tries started (claims), including one a crash interrupted. */
  attempts: Generated<number>;
  /** When a pending mail is due; null only for rows that are not pending. */
  next_attempt_at: string | null;
  /** When the current try was claimed; a 'sending' row claimed long ago was left by a crash. */
  claimed_at: string | null;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan: 'Free' | 'Premium';
  stripe_status: 'active' | 'trialing' | 'canceled' | 'past_due' | 'incomplete' | 'unpaid';
  trial_ends_at: string | null;
  next_invoice_at: string | null;
  action_performed_by: number | null;
  subscription_service: number | null;
  has_payment_method: number;
  created_at: string;
  updated_at: string;
  /** The card provider's customer and subscription (billing; null for the built-in trial). */
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  /** When the provider state written last was read (ISO): an older read is stale. */
  provider_synced_at: string | null;
}

/** Webhook events already handled (billing): a replay is a no-op. */
export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  avatar: string | null;
  owner_id: number;
  is_personal: number;
  level_of_engagement_id: number;
  created_at: string;
  updated_at: string;
  /** Set while the owner's deletion can still be undone (ADR 0019); the purge job removes the row. */
  deleted_at: Generated<string | null>;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  role_id: number;
  read_welcome_message: number;
  joined_at: string;
}

export interface InvitationsTable {
  id: Generated<number>;
  team_id: number;
  invitor_id: number;
  email: string;
  code: string;
  status: 'pending' | 'accepted' | 'rejected';
  reject_reason: string | null;
  created_at: string;
  responded_at: string | null;
  /** When its mail last went out: at most one a day per address and team (ADR 0021). */
  last_mailed_at: string | null;
}

export interface PostsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  type_id: number;
  text: string | null;
  color_id: number | null;
  media_key: string | null;
  media_type_id: number | null;
  /** JSON text of what a post type adds (topic, check-in id, publishing state…). */
  extra: string | null;
  original_user_id: number | null;
  original_team_id: number | null;
  is_forwarded: Generated<number>;
  buzzes_count: Generated<number>;
  expressions_count: Generated<number>;
  created_at: string;
}

/** Posts per team and type, kept by the posts module's `insertPost` and `deletePost` (ADR 0038). */
export interface TeamPostCountsTable {
  team_id: number;
  type_id: number;
  posts_count: number;
}

/** A version per team's timeline, raised by triggers on every write a page shows (migration 2026112505). */
export interface TeamTimelineVersionsTable {
  team_id: number;
  version: number | string;
}

export interface PostTagsTable {
  post_id: number;
  user_id: number;
}

/** A reaction ("buzz") on a reactable object: a post (to-do tasks come with their own column). */
export interface ReactionsTable {
  id: Generated<number>;
  post_id: number | null;
  task_id: number | null;
  user_id: number;
  buzz_type_id: number;
  created_at: string;
}

/** A comment ("engagement", "expression") on a reactable object. */
export interface CommentsTable {
  id: Generated<number>;
  post_id: number | null;
  task_id: number | null;
  user_id: number;
  content: string | null;
  media_key: string | null;
  media_type_id: number;
  created_at: string;
}

/** One presigned upload key: declared, then its bytes arrived and checked, then attached once. */
export interface UploadsTable {
  id: Generated<number>;
  key: string;
  user_id: number;
  team_id: number;
  policy: 'expression' | 'team.teamvideo' | 'team.celebration' | 'team.watercooler';
  media_type: 'photo' | 'video' | 'audio';
  declared_size: number;
  declared_mime: string;
  stored_size: number | null;
  created_at: string;
  /** The bytes arrived and passed the content check. */
  completed_at: string | null;
  attached_at: string | null;
  /**
   * Video and audio are converted on the server (issue 22): `encoding` until the MP4 and the
   * poster exist, then `ready` (or `failed`). Pictures and older uploads are `ready`.
   */
  media_state: Generated<'ready' | 'encoding' | 'failed'>;
  /** The converted file to play instead of `key` (null: play `key` itself). */
  playable_key: string | null;
  /** A still of a video, as a JPEG. */
  poster_key: string | null;
  duration_ms: number | null;
}

/** A user's profile (spec §3); hours 'HH:MM' in `timezone`, null meaning the 08:00–17:00 default. */
export interface ProfilesTable {
  user_id: number;
  phone: string | null;
  location: string | null;
  geo_lat: number | null;
  geo_lng: number | null;
  timezone: string | null;
  about_me: string | null;
  about_skills: string | null;
  cover: string | null;
  mood_id: number | null;
  working_hours_start: string | null;
  working_hours_end: string | null;
  personal_hours_start: string | null;
  personal_hours_end: string | null;
  secondary_image_1: string | null;
  secondary_image_2: string | null;
  updated_at: string;
}

/** One notification of one user (spec §3); `data` is JSON text (avatar, message, team_name, url). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  team_id: number | null;
  actor_id: number | null;
  kind: string;
  /** What it is about (a post id, a team id…), by kind. */
  subject: number | null;
  data: string;
  read_at: string | null;
  created_at: string;
}

/** A browser's Web Push subscription (its JSON), one row per push endpoint. */
export interface DeviceTokensTable {
  id: Generated<number>;
  user_id: number;
  device_id: string;
  /** The session (auth_tokens.id) that registered it; deleted with it. Null only in theory (see the migration). */
  session_id: number | null;
  endpoint: string;
  subscription: string;
  created_at: string;
  updated_at: string;
}

/** A push held outside the user's hours; `sent_at` set when a summary claimed it. */
export interface HeldPushesTable {
  id: Generated<number>;
  user_id: number;
  notification_id: number;
  created_at: string;
  sent_at: string | null;
}

/** A member who turned pushes of a team off. */
export interface PushMutesTable {
  team_id: number;
  user_id: number;
}

/** A check-in request of a lead (decisions.md); its `checkin` post may be gone (null). */
export interface CheckinsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  post_id: number | null;
  members_count: number;
  /** Answers so far, recounted by the check-ins module with each answer (ADR 0038). */
  responses_count: Generated<number>;
  created_at: string;
}

/** One member's answer to a check-in: the mood, its score then, private or also a `checkin.reply` post. */
export interface CheckinResponsesTable {
  id: Generated<number>;
  checkin_id: number;
  team_id: number;
  user_id: number;
  mood_id: number;
  score: number;
  is_private: number;
  post_id: number | null;
  created_at: string;
}

/** A team video (kind `video`, post type 6) or slideshow (`slideshow`, type 11): a lead's question (ADR 0028). */
export interface PromptsTable {
  id: Generated<number>;
  team_id: number;
  post_id: number;
  kind: 'video' | 'slideshow';
  /** Who asked: the owner, who alone reminds, hides answers and publishes. */
  user_id: number;
  topic: string;
  content: string | null;
  media_key: string | null;
  published_at: string | null;
  /** Answers so far (their file at position 0), recounted by the prompts module with each answer (ADR 0038). */
  answers_count: Generated<number>;
  created_at: string;
}

/** One file of a member's answer: a video (position 0), or an image with its caption (0–4). */
export interface PromptResponsesTable {
  id: Generated<number>;
  prompt_id: number;
  user_id: number;
  media_key: string;
  media_type: 'video' | 'photo';
  caption: string | null;
  position: number;
  /** Hidden by the owner before publishing: seen by the owner and the author only, never played. */
  hidden_at: string | null;
  hidden_by: number | null;
  created_at: string;
}

/** A reminder the owner sent a member who has not answered; one per member, prompt and UTC day. */
export interface PromptRemindersTable {
  prompt_id: number;
  user_id: number;
  reminded_by: number;
  reminded_at: string;
  day: string;
}

/** An Inspiration topic: the topic of its team on `publish_date` (UTC day), published once. */
export interface TopicsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  content: string;
  publish_date: string;
  published_at: string | null;
  post_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A team's to-do list (spec §3). */
export interface TodoListsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  name: string;
  created_at: string;
}

/** A task of a to-do list: reactable like a post (its own counts, `task_id` on reactions and comments). */
export interface TodoTasksTable {
  id: Generated<number>;
  todo_list_id: number;
  team_id: number;
  user_id: number;
  description: string | null;
  priority: string | null;
  due_date: string | null;
  media_key: string | null;
  media_type_id: number | null;
  /** 1 incomplete, 2 completed. */
  status_id: Generated<number>;
  completed_by: number | null;
  completed_at: string | null;
  buzzes_count: Generated<number>;
  expressions_count: Generated<number>;
  created_at: string;
}

export interface TodoTaskTagsTable {
  task_id: number;
  user_id: number;
}

/** A coach's portfolio settings (ADR 0036): a null threshold switches its rule off; no row, the defaults. */
export interface PortfolioSettingsTable {
  user_id: number;
  happiness_drop: number | null;
  quiet: number | null;
  low_participation: number | null;
  overdue_tasks: number | null;
  digest_enabled: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  digest_day: number;
  /** Local hour 0–23 in the profile's time zone. */
  digest_hour: number;
  updated_at: string | null;
}

/** Per team and UTC day: posts, reactions, comments and check-in answers, kept by their writers (ADR 0036, 0038). */
export interface TeamActivityDaysTable {
  team_id: number;
  /** YYYY-MM-DD, the UTC day of the activities' `created_at`. */
  day: string;
  activity: number;
  /** The newest activity of the day. */
  last_at: string;
}

/** Per team and person: their last activity and check-in answer, their answers' count and score sum (ADR 0036). */
export interface TeamMemberActivityTable {
  team_id: number;
  user_id: number;
  last_active_at: string;
  last_answer_at: string | null;
  answers: number;
  score_sum: number;
}

/** The event log (ADR 0024): `payload` is the JSON of an `AppEvent` (events/types.ts). */
export interface EventsTable {
  id: Generated<number>;
  team_id: number | null;
  type: string;
  payload: string;
  created_at: string;
}

/** How far each durable consumer of the event log got. */
/** The one durable work queue (queue/work-queue.ts, ADR 0039). */
export interface JobsTable {
  id: Generated<number>;
  /** The handler that runs it. */
  queue: string;
  /** At most one queued and one running job per key (a consumer's drain, a periodic job). */
  key: string | null;
  /** JSON. */
  payload: string;
  state: 'queued' | 'running' | 'failed';
  /** Attempts begun (a claim counts one). */
  attempts: number;
  /** Not claimed before this time (a delayed job, a retry's back-off, a periodic job's next run). */
  run_at: string;
  /** The process running it and until when its lease holds (ISO time). */
  leased_by: string | null;
  leased_until: string | null;
  /** Why the last attempt failed. */
  last_error: string | null;
  created_at: string;
  /** When it failed for good. */
  finished_at: string | null;
}

export interface EventConsumersTable {
  name: string;
  last_event_id: number;
  leased_by: string | null;
  leased_until: string | null;
}

/** A coach was told that a team they lead is flagged for `cause` (issue 26); gone when it clears. */
export interface AttentionFlagsTable {
  user_id: number;
  team_id: number;
  cause: string;
  flagged_at: string;
}

/** A coach's weekly digest was queued for `week` ('YYYY-Www', ISO week in their time zone). */
export interface PortfolioDigestsTable {
  user_id: number;
  week: string;
  sent_at: string;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  one_time_codes: OneTimeCodesTable;
  mail_outbox: MailOutboxTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  /** The memberships of deleted teams, kept for a restore (ADR 0019). */
  deleted_team_members: TeamMembersTable;
  invitations: InvitationsTable;
  posts: PostsTable;
  post_tags: PostTagsTable;
  team_post_counts: TeamPostCountsTable;
  team_timeline_versions: TeamTimelineVersionsTable;
  reactions: ReactionsTable;
  comments: CommentsTable;
  uploads: UploadsTable;
  profiles: ProfilesTable;
  notifications: NotificationsTable;
  device_tokens: DeviceTokensTable;
  held_pushes: HeldPushesTable;
  push_mutes: PushMutesTable;
  todo_lists: TodoListsTable;
  todo_tasks: TodoTasksTable;
  todo_task_tags: TodoTaskTagsTable;
  topics: TopicsTable;
  checkins: CheckinsTable;
  checkin_responses: CheckinResponsesTable;
  prompts: PromptsTable;
  prompt_responses: PromptResponsesTable;
  prompt_reminders: PromptRemindersTable;
  portfolio_settings: PortfolioSettingsTable;
  team_activity_days: TeamActivityDaysTable;
  team_member_activity: TeamMemberActivityTable;
  events: EventsTable;
  event_consumers: EventConsumersTable;
  jobs: JobsTable;
  attention_flags: AttentionFlagsTable;
  portfolio_digests: PortfolioDigestsTable;
}

export type PostRow = Selectable<PostsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type PromptRow = Selectable<PromptsTable>;
export type PromptResponseRow = Selectable<PromptResponsesTable>;
export type ProfileRow = Selectable<ProfilesTable>;

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type TeamRow = Selectable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type InvitationRow = Selectable<InvitationsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** Where a repository runs its statements: the database, or a transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;
