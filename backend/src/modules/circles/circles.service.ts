import { Injectable } from '@nestjs/common';
import { CircleInvitations } from './circle-invitations.service';
import { CircleMembership } from './circle-membership.service';
import { CircleReads } from './circle-reads.service';

/**
 * What the rest of the app asks of circles by name (everything else goes through the access and
 * audience registries): the owner of a reported circle (safety), and whether the invitation or
 * approved join request an event names still stands (notification handlers, domain-events.ts).
 * The module's work is in its services of one job:
 *
 * - CircleReads: a circle's header, the viewer's relation to it, a user's circles, the search;
 * - CircleMembership: members, join requests, the owner's approval;
 * - CircleInvitations: inviting and accepting;
 * - CircleShelf: the Books made from data files posted to a circle;
 * - CircleThread: the circle's posts (the feeds' list);
 * - CircleCreation: a new circle with its images;
 * - CircleAudience: the audience registry's owner and the access contributions;
 * - CirclesListener: moderation, suspension and an account leaving the site.
 *
 * The module owns circles, circle_members, circle_invitations, circle_join_requests and the links
 * of posts and files to circles (circle_posts, circle_files); the stored counters of a circle
 * (member_count, post_count, page_count, joinrequest_count) change in the acting transaction.
 */
@Injectable()
export class CirclesService {
  constructor(
    private readonly reads: CircleReads,
    private readonly membership: CircleMembership,
    private readonly invitations: CircleInvitations,
  ) {}

  /** The owner of circle `id` (for a report of it), undefined when there is no such circle. */
  ownerOf(id: number): Promise<number | undefined> {
    return this.reads.ownerOf(id);
  }

  /** Whether invitation `id` still stands (not withdrawn by a deletion). */
  invitationExists(id: number): Promise<boolean> {
    return this.invitations.invitationExists(id);
  }

  /** Whether join request `id` still stands and is approved. */
  joinRequestExists(id: number): Promise<boolean> {
    return this.membership.joinRequestExists(id);
  }
}
