import { HttpStatus, Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfDetailError, DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { Db } from '../../database/db';
import { ProfilesService } from '../profiles/profiles.service';
import { INVITATION_COLUMNS, type InvitationRow } from './circle-sql';
import { CircleMembership } from './circle-membership.service';
import { CirclePacker } from './circle.packer';
import { CircleReads } from './circle-reads.service';
import type { InvitationResponse } from './dto/circle.dto';

/** Invitations: a member invites a user, the invited user accepts and joins (their waiting join request settles). */
@Injectable()
export class CircleInvitations {
  constructor(
    private readonly db: Db,
    private readonly reads: CircleReads,
    private readonly membership: CircleMembership,
    private readonly access: AccessService,
    private readonly events: EventsService,
    private readonly profiles: ProfilesService,
    private readonly packer: CirclePacker,
  ) {}

  /** community/{id}/invite/: a member invites a user; inviting again answers the same invitation. */
  async invite(viewer: AuthUser, circleId: number, invitedId: number): Promise<InvitationResponse> {
    if (!(await this.reads.isShown(circleId, viewer))) throw notFound();
    await this.access.require(viewer, Permission.CircleMember, [circleId], { detail: Msg.notCircleMember });
    if (!(await this.profiles.byUserIds([invitedId])).size) throw DrfValidationError.field('invited_user', Msg.invalidPk(invitedId));
    await this.access.require(viewer, Permission.UserInteract, [invitedId], { detail: Msg.blockedInteraction });
    if (await this.membership.isMember(circleId, invitedId)) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.alreadyCircleMember);
    const row = await this.db.transaction(async (tx) => {
      const created = await this.db.row<InvitationRow>(
        `INSERT INTO circle_invitations (circle_id, inviter_id, invited_id) VALUES (:circle, :inviter, :invited) ON CONFLICT (circle_id, invited_id) DO NOTHING
         RETURNING ${INVITATION_COLUMNS}`,
        { circle: circleId, inviter: viewer.id, invited: invitedId },
        tx,
      );
      if (created) {
        await this.events.publish('circle.invited', { invitationId: created.id, circleId, inviterId: viewer.id, invitedId }, tx);
        return created;
      }
      // Invited before: the standing invitation (the unique key held it, so it is there).
      const existing = await this.db.row<InvitationRow>(
        `SELECT ${INVITATION_COLUMNS} FROM circle_invitations WHERE circle_id = :circle AND invited_id = :invited`,
        { circle: circleId, invited: invitedId },
        tx,
      );
      return existing as InvitationRow;
    });
    return this.packer.invitation(row);
  }

  /** invitation/{id}/accept/: the invited user joins (accepting again changes nothing). */
  async accept(viewer: AuthUser, id: number): Promise<InvitationResponse> {
    const invitation = await this.db.row<InvitationRow>(`SELECT ${INVITATION_COLUMNS} FROM circle_invitations WHERE id = :id AND NOT hidden`, { id });
    if (!invitation) throw notFound();
    await this.access.require(viewer, Permission.CircleInvitee, [id], { detail: Msg.notYourInvitation });
    await this.db.transaction(async (tx) => {
      await this.db.exec(`UPDATE circle_invitations SET accepted = true WHERE id = :id AND NOT accepted`, { id }, tx);
      await this.membership.addMember(invitation.circle_id, viewer.id, tx);
      await this.membership.settleRequest(invitation.circle_id, viewer.id, tx);
    });
    return this.packer.invitation({ ...invitation, accepted: true });
  }

  /** Whether invitation `id` still stands (not withdrawn by a deletion): the check a notification handler makes first. */
  async invitationExists(id: number): Promise<boolean> {
    const row = await this.db.row<{ standing: 1 }>(`SELECT 1 AS standing FROM circle_invitations WHERE id = :id AND NOT hidden`, { id });
    return row !== undefined;
  }
}
