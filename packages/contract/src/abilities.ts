/**
 * Spec §6 as one table of named abilities: pure functions of the viewer (team role, plan) and
 * the object. The server checks every action through `verdict`; the web shows a button exactly
 * when `can` says the server would allow it. Membership of the team is a precondition of every
 * row: a team the viewer is not in does not exist for them (404), before any row is asked.
 */
import { PostType, Role } from './ids.js';
import { Messages } from './messages.js';
import type { SubscriptionDto } from './schemas/billing.js';

/** What a rule knows of the person acting. */
export interface Viewer {
  userId: number;
  /** The viewer's role_id in the team (2 owner, 3 admin, 4 member). */
  role: number;
  /** The viewer holds the Coach plan now (`isCoach`). */
  coach: boolean;
}

/** The person acting outside any team (creating one): who they are and their plan. */
export type AccountViewer = Pick<Viewer, 'userId' | 'coach'>;

/** What creating an engagement depends on besides the plan (spec §1). */
export interface NewTeamFacts {
  /** The viewer owns a personal team already (a deleted one does not count). */
  owns_personal_team: boolean;
}

/** A member card or a member a call names. */
export interface MemberTarget {
  id: number;
  role_id: number;
}

/** A timeline post, as far as the rules need it. */
export interface PostTarget {
  author_id: number;
  type_id: number;
  is_forwarded: boolean;
  /** For team videos and slideshows: published to the team. */
  published: boolean;
}

/** A to-do task, as far as the rules need it. */
export interface TaskTarget {
  creator_id: number;
  tagged_ids: readonly number[];
}

/** Content with one owner: a team video or a slideshow. */
export interface OwnedTarget {
  owner_id: number;
}

/**
 * A rule's answer: 'allow', or why not. Each denial has its own message, so the server can say
 * "you need the Coach plan" rather than a bare "not allowed".
 */
export type Verdict = 'allow' | 'forbidden' | 'coach_plan_required' | 'owner_role_fixed' | 'owner_cannot_be_removed';

export const DENIAL_MESSAGES: Record<Exclude<Verdict, 'allow'>, string> = {
  forbidden: Messages.forbidden,
  coach_plan_required: Messages.needCoachPlan,
  owner_role_fixed: Messages.ownerRoleFixed,
  owner_cannot_be_removed: Messages.ownerCannotBeRemoved,
};

/** Roles 2 and 3 lead a team (spec §6). */
export const isLead = (role: number): boolean => role === Role.Owner || role === Role.Admin;

/** Post types a lead or the author may delete (decisions.md): text, team video, celebration, bright idea, slideshow. */
export const DELETABLE_POST_TYPES: readonly number[] = [
  PostType.text,
  PostType.teamvideo,
  PostType.celebration,
  PostType.brightidea,
  PostType.slideshow,
];
/** Post types everyone may create; leads (roles 2 and 3) also create check-ins, team videos and slideshows (spec §6). */
export const MEMBER_POST_TYPES: readonly number[] = [PostType.text, PostType.celebration, PostType.brightidea];
export const LEAD_POST_TYPES: readonly number[] = [
  ...MEMBER_POST_TYPES,
  PostType.checkin,
  PostType.teamvideo,
  PostType.slideshow,
];
/** The post types a role's selector offers. */
export const postTypesFor = (role: number): readonly number[] => (isLead(role) ? LEAD_POST_TYPES : MEMBER_POST_TYPES);
/** Check-in and watercooler posts have no footer: no reactions, no comments (spec §2). */
export const POST_TYPES_WITHOUT_FOOTER: readonly number[] = [PostType.checkin, PostType.watercooler];

/**
 * Post types never shared: those without a footer (where Share sits) and a member's check-in
 * answer, which belongs to the team whose coach asked.
 */
export const UNSHAREABLE_POST_TYPES: readonly number[] = [...POST_TYPES_WITHOUT_FOOTER, PostType['checkin.reply']];

/** Post types shared only once published: team videos and slideshows. */
export const PUBLISHED_ONLY_SHARE_TYPES: readonly number[] = [PostType.teamvideo, PostType.slideshow];

/** The facts of a subscription that decide whether it is active, and whether it is the Coach plan. */
export type CoachFacts = Pick<SubscriptionDto, 'name' | 'stripe_status' | 'trial_ends_at' | 'has_payment_method'> &
  Partial<Pick<SubscriptionDto, 'is_active'>>;

/**
 * Whether a trial that ends at `endsAt` is still running at `now`: a trial is active through its
 * end instant (`trial_ends_at`, TRIAL_DAYS days after sign-up; decisions.md: 14) and over the
 * millisecond after, whatever the calendar day. The trial expiry job moves only trials past it.
 */
export const trialRunning = (endsAt: string | null, now: Date): boolean =>
  endsAt === null || now.getTime() <= Date.parse(endsAt);

/**
 * The one rule of an active subscription (spec §4, §6), whatever its plan: status active, or
 * trialing through its end instant. A trial past its end without a card on file is over at once,
 * before the expiry job has moved the account to the Member plan; with a card the provider
 * renews it. The server presents it as `is_active` (Settings reads 'Subscribed' from it), and
 * decides Create Engagement, invitations and a team's status by it (`isCoach`).
 */
export function subscriptionActive(s: CoachFacts, now: Date = new Date()): boolean {
  if (s.stripe_status === 'active') return true;
  if (s.stripe_status !== 'trialing') return false;
  return s.has_payment_method || trialRunning(s.trial_ends_at, now);
}

/**
 * Premium and active (`subscriptionActive`, spec §6). Facts the server presented carry its own
 * verdict (`is_active`, read at its clock): the web takes that, so it offers exactly what the
 * server will allow (the web reads the subscription again when a trial's end passes).
 */
export function isCoach(s: CoachFacts | null | undefined, now: Date = new Date()): boolean {
  if (!s || s.name !== 'Premium') return false;
  return s.is_active ?? subscriptionActive(s, now);
}

const when = (allowed: boolean): Verdict => (allowed ? 'allow' : 'forbidden');
const lead = (v: Viewer) => when(isLead(v.role));

/** A rule with no object (`void`) or with one of type T, asked of a team member (or of an account). */
type Rule<T = void, V = Viewer> = (viewer: V, target: T) => Verdict;
const rule = <T = void, V = Viewer>(fn: Rule<T, V>) => fn;

export const Abilities = {
  // Accounts (no team yet)
  /**
   * Create Engagement (spec §1, §6): a Coach (Premium, active or trialing) creates engagements
   * without limit; anyone else creates one personal team (`createsPersonalTeam`), then needs the
   * plan. Asked by the server's create call and by the web's Create Engagement button.
   */
  'team.create': rule<NewTeamFacts, AccountViewer>((v, t) =>
    v.coach || !t.owns_personal_team ? 'allow' : 'coach_plan_required',
  ),

  // Teams and members (issue 3)
  'team.update': rule(lead),
  /**
   * Deleting an engagement is its owner's act alone (decisions.md; spec §6 only hides the button
   * from role 4): an admin must not be able to erase a paying coach's team. ADR 0019.
   */
  'team.delete': rule((v) => when(v.role === Role.Owner)),
  /** Invite Members (spec §6): a lead of the team holding the Coach plan. Where it is offered: `inviteOffered`. */
  'team.invite': rule((v) => (!isLead(v.role) ? 'forbidden' : v.coach ? 'allow' : 'coach_plan_required')),
  'level.set': rule((v) => when(v.role === Role.Owner)),
  'member.changeRole': rule<MemberTarget>((v, t) =>
    !isLead(v.role) ? 'forbidden' : t.role_id === Role.Owner ? 'owner_role_fixed' : 'allow',
  ),
  /** Leads remove others; anyone but the Super Admin may leave (remove themselves). */
  'member.remove': rule<MemberTarget>((v, t) =>
    !isLead(v.role) && t.id !== v.userId ? 'forbidden' : t.role_id === Role.Owner ? 'owner_cannot_be_removed' : 'allow',
  ),

  // Timeline, rituals and lists (later issues; the rules are spec §6's today)
  'post.share': rule<PostTarget>((v, p) =>
    when(
      isLead(v.role) &&
        !p.is_forwarded &&
        !UNSHAREABLE_POST_TYPES.includes(p.type_id) &&
        (!PUBLISHED_ONLY_SHARE_TYPES.includes(p.type_id) || p.published),
    ),
  ),
  /**
   * "Share to the teams you lead": the viewer's role here is theirs in the team a post would be
   * shared to (spec §6: roles 2 and 3). The server refuses any other team; the dialog lists none.
   */
  'post.shareTo': rule((v) => when(isLead(v.role))),
  'post.delete': rule<PostTarget>((v, p) =>
    when((isLead(v.role) || p.author_id === v.userId) && DELETABLE_POST_TYPES.includes(p.type_id)),
  ),
  /** Create a post of this type (the selector offers exactly these). */
  'post.create': rule<{ type_id: number }>((v, p) => when(postTypesFor(v.role).includes(p.type_id))),
  /** React to or comment on a post: any member, on a post that has a footer. */
  'post.engage': rule<Pick<PostTarget, 'type_id'>>((_v, p) => when(!POST_TYPES_WITHOUT_FOOTER.includes(p.type_id))),
  'topic.edit': rule(lead),
  'stats.view': rule(lead),
  'checkin.request': rule(lead),
  'todoList.create': rule(lead),
  'task.create': rule(lead),
  'task.delete': rule(lead),
  /** Spec §4: whoever the task tags, anyone when it tags no one, and its creator. */
  'task.complete': rule<TaskTarget>((v, t) =>
    when(t.creator_id === v.userId || t.tagged_ids.length === 0 || t.tagged_ids.includes(v.userId)),
  ),
  /** Only the owner of a video or slideshow publishes it and sends reminders. */
  'content.publish': rule<OwnedTarget>((v, c) => when(c.owner_id === v.userId)),
} as const;

export type Ability = keyof typeof Abilities;
export const ABILITIES = Object.keys(Abilities) as Ability[];

/** The object an ability is asked about, or none. */
export type TargetOf<A extends Ability> = Parameters<(typeof Abilities)[A]>[1];
/** Who an ability is asked of: a member of a team (`Viewer`), or an account (`AccountViewer`). */
export type ViewerOf<A extends Ability> = Parameters<(typeof Abilities)[A]>[0];
type TargetArgs<A extends Ability> = TargetOf<A> extends void ? [] : [target: TargetOf<A>];

/** Why the viewer may not do this, or 'allow'. */
export function verdict<A extends Ability>(ability: A, viewer: ViewerOf<A>, ...target: TargetArgs<A>): Verdict {
  const fn = Abilities[ability] as (v: ViewerOf<A>, t: unknown) => Verdict;
  return fn(viewer, target[0]);
}

/** The viewer may do this. */
export const can = <A extends Ability>(ability: A, viewer: ViewerOf<A>, ...target: TargetArgs<A>): boolean =>
  verdict(ability, viewer, ...target) === 'allow';

/** The kind of team `team.create` makes: a Coach's engagement, or anyone else's one personal team. */
export const createsPersonalTeam = (v: AccountViewer): boolean => !v.coach;

/** Of the viewer's teams, whether they own a personal one (the fact `team.create` asks for). */
export const ownsPersonalTeam = (teams: readonly { is_personal: boolean; role_id: number }[]): boolean =>
  teams.some((t) => t.is_personal && t.role_id === Role.Owner);

/**
 * Where Invite Members is offered (spec §6): on the team card to roles 2 and 3, in the team's
 * sidebar to role 2 only, in the tag-member field to leads when no one else is in the team;
 * everywhere only when `team.invite` allows it, so nobody is offered a button the server refuses.
 */
export type InvitePlace = 'card' | 'sidebar' | 'tag';
export const inviteOffered = (place: InvitePlace, viewer: Viewer): boolean =>
  can('team.invite', viewer) && (place !== 'sidebar' || viewer.role === Role.Owner);

/** Team role names (spec §6, decisions.md), the one source of both apps' labels. */
export const ROLE_LABELS: Readonly<Record<number, string>> = {
  [Role.Owner]: 'Super Admin',
  [Role.Admin]: 'Admin',
  [Role.Member]: 'Member',
};
export const roleLabel = (role: number): string => ROLE_LABELS[role] ?? ROLE_LABELS[Role.Member]!;
/** The label in a sentence: "an Admin", "a Member", "the Super Admin". */
export const roleWithArticle = (role: number): string => {
  const label = roleLabel(role);
  return role === Role.Owner ? `the ${label}` : `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;
};
