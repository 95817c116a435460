import {
  DENIAL_MESSAGES,
  Role,
  isCoach,
  isLead,
  verdict,
  type Ability,
  type MemberTarget,
  type TargetOf,
  type Viewer,
} from '@rally/contract';
import { forbidden, notFound } from '../../http/errors.js';
import { presentCoachFacts } from '../billing/presenter.js';
import type { MembersRepository } from './repository.js';

/** A viewer in one team they belong to. */
export interface TeamViewer extends Viewer {
  teamId: number;
}

/** The object an ability is asked about, as an argument: none, or one. */
type TargetArgs<A extends Ability> = TargetOf<A> extends void ? [] : [target: TargetOf<A>];

/** The abilities whose object is a member of the team. */
export type MemberAbility = { [A in Ability]: TargetOf<A> extends MemberTarget ? A : never }[Ability];

/**
 * The one way services ask the contract's permission table (`Abilities`). Membership comes
 * first: a team the caller is not in does not exist for them (404). Then the table's verdict: a
 * denial is a 403 with the denial's code and message.
 *
 *     const viewer = await this.access.require(userId, teamId, 'team.update');
 *     // or, when the rule needs the object:
 *     const viewer = await this.access.viewer(userId, teamId);
 *     this.access.assert(viewer, 'post.delete', post);
 */
export class TeamAccess {
  constructor(
    private readonly members: MembersRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The caller as the rules see them in this team (role and Coach plan, one query), or 404. */
  async viewer(userId: number, teamId: number): Promise<TeamViewer> {
    const row = await this.members.viewer(teamId, userId);
    if (!row) throw notFound();
    return { userId, teamId, role: row.role_id, coach: isCoach(presentCoachFacts(row), this.now()) };
  }

  /** Throws the table's denial (403) unless the viewer may do this. */
  assert<A extends Ability>(viewer: Viewer, ability: A, ...target: TargetArgs<A>): void {
    const answer = verdict(ability, viewer, ...target);
    if (answer !== 'allow') throw forbidden(DENIAL_MESSAGES[answer], answer);
  }

  /** `viewer`, then `assert`: the member of the team who may do this. */
  async require<A extends Ability>(
    userId: number,
    teamId: number,
    ability: A,
    ...target: TargetArgs<A>
  ): Promise<TeamViewer> {
    const viewer = await this.viewer(userId, teamId);
    this.assert(viewer, ability, ...target);
    return viewer;
  }

  /**
   * The member `targetId` of the viewer's team, when the viewer may do `ability` to them. Someone
   * not in the team is judged as an ordinary member of that id first: who could act on one learns
   * that they are not there (404); who could not is refused (403) and learns nothing more.
   */
  async member(viewer: TeamViewer, ability: MemberAbility, targetId: number): Promise<MemberTarget> {
    const row = await this.members.find(viewer.teamId, targetId);
    const target: MemberTarget = row
      ? { id: row.user_id, role_id: row.role_id }
      : { id: targetId, role_id: Role.Member };
    this.assert(viewer, ability, target);
    if (!row) throw notFound();
    return target;
  }

  /** Members' e-mails are shown to the team's leads (roles 2 and 3) only. */
  seesEmails(viewer: Viewer): boolean {
    return isLead(viewer.role);
  }
}
