import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { mediaUrl } from '../../storage/media-url';
import { ProfilePacker } from '../profiles/profile.packer';
import type { CircleRow, InvitationRow, RequestRow } from './circle-sql';
import type { CommunityResponse, InvitationResponse, JoinRequestResponse } from './dto/circle.dto';

/** The wire shapes of circles, join requests and invitations, from their rows. */
@Injectable()
export class CirclePacker {
  constructor(
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly people: ProfilePacker,
  ) {}

  circle(r: CircleRow): CommunityResponse {
    const { config } = this.options;
    const created = new Date(r.created_on).toISOString();
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      image: mediaUrl(config, r.image),
      background_image: mediaUrl(config, r.background_image),
      created_on: created,
      createdon: created,
      item_type: r.item_type,
      owner: r.owner_id,
      page_count: r.page_count,
      member_count: r.member_count,
      post_count: r.post_count,
      joinrequest_count: r.joinrequest_count,
      moderated_reason: r.moderated_reason ?? null,
    };
  }

  /** Join requests with their requesters' profile summaries (one statement for the page). */
  async requests(rows: RequestRow[]): Promise<JoinRequestResponse[]> {
    const people = await this.people.summaries(rows.map((r) => r.user_id));
    return rows.map((r) => ({
      id: r.id,
      community: r.circle_id,
      userProfile: r.user_id,
      approved: r.approved,
      created_on: new Date(r.created_on).toISOString(),
      profile: people.get(r.user_id) ?? null,
    }));
  }

  invitation(r: InvitationRow): InvitationResponse {
    return {
      id: r.id,
      community: r.circle_id,
      inviter: r.inviter_id,
      invited_user: r.invited_id,
      accepted: r.accepted,
      created_on: new Date(r.created_on).toISOString(),
    };
  }
}
