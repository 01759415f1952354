import type { FastifyInstance } from 'fastify';
import { announcementApi, objectionApi } from '@tender/contracts';
import { addRoute, FileReply } from '../../plugins/route.js';
import { awardNoticeData, awardNoticePdf } from './award-notice.js';
import { declineCandidate } from './declines.js';
import { answerObjection, insertObjection, listObjections } from './objections.js';
import {
  getAnnouncement,
  getPublicAnnouncement,
  listAnnouncements,
  publishAnnouncement,
  publishCandidates,
  revokeAnnouncement,
  searchPublicAnnouncements,
  updateAnnouncement,
} from './service.js';

export async function announcementRoutes(app: FastifyInstance) {
  const { deps } = app;
  // Managers see every announcement, bidders the published ones: the service decides.
  addRoute(app, announcementApi.listAnnouncement, 'open', async (query, { user }) =>
    listAnnouncements(deps, query, user),
  );
  addRoute(app, announcementApi.getAnnouncementById, 'open', async ({ id }, { user }) =>
    getAnnouncement(deps, id, user),
  );
  addRoute(
    app,
    announcementApi.updateAnnouncement,
    { power: 'announcement:edit' },
    async (input, { actor }) => updateAnnouncement(deps, input, actor),
  );
  addRoute(
    app,
    announcementApi.publishAnnouncement,
    { power: 'announcement:publish' },
    async ({ id }, { actor }) => publishAnnouncement(deps, id, actor),
  );
  addRoute(
    app,
    announcementApi.revokeAnnouncement,
    { power: 'announcement:revoke' },
    async (input, { actor }) => revokeAnnouncement(deps, input, actor),
  );
  addRoute(
    app,
    announcementApi.publishCandidates,
    { power: 'tender:award' },
    async (input, { user, actor }) => publishCandidates(deps, input, user, actor),
  );
  addRoute(
    app,
    announcementApi.declineCandidate,
    { power: 'tender:award' },
    async (input, { user, actor }) => declineCandidate(deps, input, user, actor),
  );
  // The winner's users and the managers; anyone else 404.
  addRoute(app, announcementApi.getAwardNotice, 'open', async ({ tenderId, lotId }, { user }) => {
    const pdf = await awardNoticePdf(deps, tenderId, user, lotId);
    return new FileReply(pdf.fileName, 'application/pdf', pdf.body);
  });
  addRoute(app, announcementApi.getAwardNoticeData, 'open', async ({ tenderId, lotId }, { user }) =>
    awardNoticeData(deps, tenderId, user, lotId),
  );

  addRoute(
    app,
    objectionApi.insertObjection,
    { power: 'menu:announcementDetail' },
    async (input, { user, actor }) => insertObjection(deps, input, user, actor),
  );
  addRoute(
    app,
    objectionApi.answerObjection,
    { power: 'objection:answer' },
    async (input, { user, actor }) => answerObjection(deps, input, user, actor),
  );
  // Managers all, a company its own, anyone else an empty page.
  addRoute(app, objectionApi.listObjection, 'open', async (query, { user }) =>
    listObjections(deps, query, user),
  );
}

/** No login: published announcements (and revoked ones by id, with the reason); never drafts. */
export async function publicAnnouncementRoutes(app: FastifyInstance) {
  const { deps } = app;
  addRoute(app, announcementApi.searchAnnouncement, 'public', async (query) =>
    searchPublicAnnouncements(deps, query),
  );
  addRoute(app, announcementApi.getPublicAnnouncementById, 'public', async ({ id }) =>
    getPublicAnnouncement(deps, id),
  );
}
