import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, auth, power, role, tenderApi } from '@tender/contracts';
import { registeredRoutes } from '../src/plugins/route.js';
import { startTestApp, type TestApp } from './support/app.js';
import { allPowers, powerIds, userWithPowers } from './support/powers.js';
import { draftInput } from './support/tenders.js';

/**
 * Who may call each route, kept by hand on purpose: a new route fails this test until
 * someone decides who may call it. `public`: anyone; `user`: every logged-in role;
 * `admin`: the seeded admin only (no other seeded role holds the power); `manager`: admin and
 * tender managers; `bidder`: admin and bidders. The interface check only: a route open to
 * every user may still refuse a record in its service (404 for what the caller may not know).
 */
/** `evaluation`: the holders of 评标任务 (managers, who may sit as representatives, and experts). */
/** `announcements`: the holders of 中标公告 (managers and bidders; experts do not have it). */
type Rule = 'public' | 'user' | 'admin' | 'manager' | 'bidder' | 'evaluation' | 'announcements';
const EXPECTED: Record<string, Rule> = {
  'GET /api/public/system-info': 'public',
  'GET /api/public/dictionary/list-items': 'public',
  'POST /api/token/get-by-username-and-password': 'public',
  'POST /vue-element-admin/user/logout': 'user',
  'GET /api/admin/menu-management/list-menu-by-user': 'user',
  'POST /api/admin/admin-management/update-admin-password': 'user',
  'GET /api/admin/admin-management/get-my-info': 'user',
  'POST /api/admin/admin-management/update-my-info': 'user',
  'GET /api/admin/admin-management/list-admin': 'admin',
  'GET /api/admin/admin-management/get-admin-info-by-user-id': 'admin',
  'POST /api/admin/admin-management/insert-admin': 'admin',
  'POST /api/admin/admin-management/update-admin': 'admin',
  'GET /api/admin/admin-management/delete-admin': 'admin',
  'POST /api/admin/admin-management/update-admin-password-by-id': 'admin',
  'GET /api/admin/admin-management/export-admin': 'admin',
  'GET /api/admin/role-management/list-role': 'admin',
  'GET /api/admin/role-management/get-role-info-by-role-id': 'admin',
  'POST /api/admin/role-management/insert-role': 'admin',
  'POST /api/admin/role-management/update-role': 'admin',
  'GET /api/admin/role-management/delete-role': 'admin',
  'POST /api/admin/power-management/list-power': 'admin',
  'GET /api/admin/power-management/get-power-info-by-id': 'admin',
  'GET /api/admin/power-management/get-power-superior': 'admin',
  'POST /api/admin/power-management/insert-power': 'admin',
  'POST /api/admin/power-management/update-power': 'admin',
  'GET /api/admin/power-management/delete-power': 'admin',
  'POST /api/admin/interface-management/list-interface': 'admin',
  'GET /api/admin/interface-management/get-interface-info-by-id': 'admin',
  'POST /api/admin/interface-management/insert-interface': 'admin',
  'POST /api/admin/interface-management/update-interface': 'admin',
  'GET /api/admin/interface-management/delete-interface': 'admin',
  'GET /api/admin/dictionary-management/list-dict-type': 'admin',
  'POST /api/admin/dictionary-management/insert-dict-type': 'admin',
  'POST /api/admin/dictionary-management/update-dict-type': 'admin',
  'GET /api/admin/dictionary-management/delete-dict-type': 'admin',
  'GET /api/admin/dictionary-management/list-dict-item': 'admin',
  'POST /api/admin/dictionary-management/insert-dict-item': 'admin',
  'POST /api/admin/dictionary-management/update-dict-item': 'admin',
  'GET /api/admin/dictionary-management/delete-dict-item': 'admin',
  'GET /api/admin/audit-log/list-audit-log': 'admin',
  'GET /api/admin/audit-log/verify-chain': 'admin',
  // Suppliers and files
  'POST /api/public/register': 'public',
  'GET /api/supplier/supplier/list-supplier': 'manager',
  'GET /api/supplier/supplier/get-supplier-by-id': 'manager',
  'POST /api/supplier/supplier/audit-supplier': 'manager',
  'GET /api/supplier/supplier/get-my-supplier': 'user',
  'POST /api/supplier/supplier/update-my-supplier': 'user',
  'POST /api/file/upload': 'user',
  'GET /api/file/download': 'user',
  // Tenders, sign-ups and the public search
  'GET /api/ttender/ttender/list-ttender': 'manager',
  'GET /api/ttender/ttender/export-ttender': 'manager',
  'POST /api/ttender/ttender/insert-ttender': 'manager',
  'POST /api/ttender/ttender/update-ttender': 'manager',
  'GET /api/ttender/ttender/delete-ttender': 'manager',
  'POST /api/ttender/ttender/publish-ttender': 'manager',
  'POST /api/ttender/ttender/amend-ttender': 'manager',
  'POST /api/ttender/ttender/cancel-ttender': 'manager',
  'POST /api/ttender/ttender/retender-ttender': 'manager',
  'GET /api/ttender/ttender/list-download-log': 'manager',
  'GET /api/ttender/ttender/list-tender-log': 'manager',
  'GET /api/ttender/ttender/get-supply-option': 'manager',
  'GET /api/ttender/ttender/list-open-ttender': 'bidder',
  'GET /api/ttender/ttender/get-ttender-by-id': 'user',
  'GET /api/ttender/ttender/list-amendments': 'user',
  'GET /api/ttender/ttender/add-supply-ttender': 'user',
  'POST /api/supplier/supplier/get-supply-information-by-tenderId': 'manager',
  'GET /api/public/tender-msg/search': 'public',
  'GET /api/public/tender-msg/get-by-id': 'public',
  // Sealed bids
  'POST /api/bidding/bid-management/submit-bid': 'bidder',
  'GET /api/bidding/bid-management/withdraw-bid': 'bidder',
  'POST /api/bidding/bid-management/reconfirm-bid': 'bidder',
  'GET /api/bidding/bid-management/list-biddable-ttender': 'bidder',
  'GET /api/bidding/bid-management/list-my-bids': 'bidder',
  'POST /api/ttender/ttender/open-bids': 'manager',
  'GET /api/ttender/ttender/get-opening-ceremony': 'manager',
  'POST /api/ttender/ttender/extend-decryption': 'manager',
  'POST /api/ttender/ttender/finish-opening': 'manager',
  'POST /api/ttender/ttender/answer-opening-objection': 'manager',
  'POST /api/bidding/bid-management/decrypt-bid': 'bidder',
  'GET /api/bidding/bid-management/get-my-sealed-bid': 'bidder',
  'POST /api/bidding/bid-management/confirm-opening-record': 'bidder',
  'GET /api/ttender/ttender/get-opening-record': 'user',
  'GET /api/ttender/ttender/list-bids-by-tender': 'manager',
  'GET /api/ttender/ttender/get-bid-count': 'manager',
  'POST /api/ttender/ttender/award-ttender': 'manager',
  // Announcements
  'POST /api/ttender/ttender/publish-candidates': 'manager',
  'POST /api/ttender/ttender/decline-candidate': 'manager',
  'GET /api/announcement/announcement-management/list-announcement': 'user',
  'GET /api/announcement/announcement-management/get-announcement-by-id': 'user',
  'POST /api/announcement/announcement-management/update-announcement': 'manager',
  'POST /api/announcement/announcement-management/publish-announcement': 'manager',
  'POST /api/announcement/announcement-management/revoke-announcement': 'manager',
  'GET /api/announcement/announcement-management/get-award-notice': 'user',
  'GET /api/announcement/announcement-management/get-award-notice-data': 'user',
  'GET /api/public/announcement/search': 'public',
  'GET /api/public/announcement/get-by-id': 'public',
  'POST /api/objection/objection-management/insert-objection': 'announcements',
  'POST /api/objection/objection-management/answer-objection': 'manager',
  'GET /api/objection/objection-management/list-objection': 'user',
  'GET /api/notification/notification-management/list-my-notification': 'user',
  'POST /api/notification/notification-management/mark-read': 'user',
  // The expert pool, the committee and the pledge
  'GET /api/evaluation/expert-management/list-expert': 'manager',
  'GET /api/evaluation/expert-management/get-expert-by-id': 'manager',
  'POST /api/evaluation/expert-management/insert-expert': 'manager',
  'POST /api/evaluation/expert-management/update-expert': 'manager',
  'POST /api/evaluation/committee-management/draw-committee': 'manager',
  'GET /api/evaluation/committee-management/get-committee': 'user',
  'GET /api/evaluation/committee-management/verify-draw': 'manager',
  'POST /api/evaluation/committee-management/replace-member': 'manager',
  'POST /api/evaluation/evaluation-management/sign-pledge': 'evaluation',
  // The evaluation desk, clarifications and the report
  'GET /api/evaluation/evaluation-management/list-my-task': 'evaluation',
  'GET /api/evaluation/evaluation-management/get-sheet': 'evaluation',
  'POST /api/evaluation/evaluation-management/save-sheet': 'evaluation',
  'POST /api/evaluation/evaluation-management/submit-sheet': 'evaluation',
  'POST /api/evaluation/evaluation-management/reopen-sheet': 'evaluation',
  'POST /api/evaluation/evaluation-management/ask-clarification': 'evaluation',
  'GET /api/evaluation/evaluation-management/list-clarification': 'evaluation',
  'GET /api/bidding/clarification-management/list-my-clarification': 'bidder',
  'POST /api/bidding/clarification-management/answer-clarification': 'bidder',
  'POST /api/evaluation/evaluation-management/finish-evaluation': 'evaluation',
  'GET /api/evaluation/evaluation-management/get-report': 'evaluation',
  'POST /api/evaluation/evaluation-management/sign-report': 'evaluation',
  'POST /api/evaluation/evaluation-management/return-report': 'manager',
  'GET /api/evaluation/evaluation-management/download-report': 'evaluation',
  // Bid bonds: bidders declare; finance and managers read the ledger; finance alone acts
  'POST /api/bond/bond-management/declare-bond': 'bidder',
  'GET /api/bond/bond-management/list-my-bond': 'bidder',
  'GET /api/bond/bond-management/list-bond': 'manager',
  'POST /api/bond/bond-management/verify-bond': 'admin',
  'POST /api/bond/bond-management/refund-bond': 'admin',
  'POST /api/bond/bond-management/forfeit-bond': 'admin',
  // 答疑 (list-question: managers and signed-up suppliers, told apart in the service)
  'POST /api/ttender/question-management/insert-question': 'bidder',
  'GET /api/ttender/question-management/list-question': 'user',
  'POST /api/ttender/question-management/answer-question': 'manager',
  // Contracts
  'GET /api/contract/contract-management/list-contract': 'manager',
  'POST /api/contract/contract-management/insert-contract': 'manager',
};

const CALLERS = ['anonymous', 'admin', 'manager', 'bidder1', 'expert1'] as const;
type Caller = (typeof CALLERS)[number];

const allowed = (rule: Rule, caller: Caller) =>
  rule === 'public' ||
  (caller !== 'anonymous' &&
    (rule === 'user' ||
      caller === 'admin' ||
      (rule === 'manager' && caller === 'manager') ||
      (rule === 'evaluation' && (caller === 'manager' || caller === 'expert1')) ||
      (rule === 'announcements' && (caller === 'manager' || caller === 'bidder1')) ||
      (rule === 'bidder' && caller === 'bidder1')));

let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('covers every registered route, and no entry names a route that does not exist', () => {
    const registered = registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    expect(
      registered.filter((key) => !(key in EXPECTED)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((key) => !registered.includes(key)),
      'stale table entries',
    ).toEqual([]);
  });

  it('allows and denies each seeded role and an anonymous caller exactly as the table says', async () => {
    const unexpected: string[] = [];
    const liveToken = async (caller: Exclude<Caller, 'anonymous'>) => {
      const token = tokens[caller];
      const works =
        token !== undefined && (await t.call(auth.listMenuByUser, {}, token)).status === 200;
      return works ? token : (tokens[caller] = await t.login(caller));
    };
    for (const route of registeredRoutes(t.app)) {
      const key = `${route.method} ${route.url}`;
      for (const caller of CALLERS) {
        // A logout or password call ends the caller's session: log in again only then (a login
        // is an argon2 verification, and one per call was most of this test's time).
        const token = caller === 'anonymous' ? undefined : await liveToken(caller);
        // An empty input: allowed calls stop at validation (400), so nothing is changed.
        const reply = await t.raw({
          method: route.method as 'GET' | 'POST',
          url: `${API_BASE}${route.url}`,
          headers: token ? { authorization: token } : {},
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        const denied =
          caller === 'anonymous'
            ? reply.status === 401 && reply.body.code === 501
            : reply.status === 403;
        const expectAllowed = allowed(EXPECTED[key]!, caller);
        if (expectAllowed === denied) {
          unexpected.push(
            `${key} as ${caller}: ${reply.status} ${reply.body.code} (expected ${expectAllowed ? 'allow' : 'deny'})`,
          );
        }
        if (expectAllowed) expect(reply.status, `${key} as ${caller}`).toBeLessThan(500);
      }
    }
    expect(unexpected).toEqual([]);
  }, 120_000);

  /**
   * Every refused call writes an audit entry, so every power against every route (7,700 calls)
   * was a minute of the suite. The check reads the role's powers generically: a power may only
   * be mistaken for one near it in the tree. So each power is tried against the routes of its
   * family (itself, its parent, its siblings and its children) and the open ones, and three of
   * different kinds (a menu, a manager's button, a finance button) against every route.
   */
  it('lets a custom role holding one power call exactly the routes bound to that power, and the open ones', async () => {
    const routes = registeredRoutes(t.app);
    const codes = [
      ...new Set(routes.flatMap((r) => (typeof r.access === 'object' ? [r.access.power] : []))),
    ];
    const adminToken = await t.login('admin');
    const powers = await allPowers(t, adminToken);
    const byCode = new Map(powers.map((p) => [p.code, p]));
    const familyOf = (code: string) => {
      const self = byCode.get(code)!;
      return new Set(
        powers
          .filter(
            (p) =>
              p.id === self.id ||
              p.id === self.superior ||
              p.superior === self.superior ||
              p.superior === self.id,
          )
          .map((p) => p.code),
      );
    };
    const everyRoute = new Set(['menu:tender_list', 'tender:open', 'bond:verify']);
    expect(codes.filter((code) => everyRoute.has(code))).toHaveLength(everyRoute.size);

    const unexpected: string[] = [];
    for (const [index, code] of codes.entries()) {
      const { token: first } = await userWithPowers(
        t,
        adminToken,
        `one${index}`,
        `单权限${index}`,
        [code],
      );
      const family = familyOf(code);
      const tried = routes.filter(
        (route) =>
          route.access !== 'public' &&
          (everyRoute.has(code) ||
            typeof route.access !== 'object' ||
            family.has(route.access.power)),
      );
      let token = first;
      for (const route of tried) {
        const reply = await t.raw({
          method: route.method as 'GET' | 'POST',
          url: `${API_BASE}${route.url}`,
          headers: { authorization: token },
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        // Logout (allowed to everyone) spends the token: log in again for the next route.
        if (reply.body.code === 0 && route.url.endsWith('/logout'))
          token = await t.login(`one${index}`, 'Tender2026x');
        const expectAllowed =
          route.access === 'open' ||
          (typeof route.access === 'object' && route.access.power === code);
        if (expectAllowed === (reply.status === 403))
          unexpected.push(`${route.method} ${route.url} with only ${code}: ${reply.status}`);
        expect(reply.status, `${route.url} with ${code}`).toBeLessThan(500);
      }
    }
    expect(unexpected).toEqual([]);
  }, 300_000);

  it('a role holding exactly power:edit cannot take another role’s view by renaming power codes', async () => {
    const adminToken = await t.login('admin');
    const manager = await t.login('manager');
    const draft = await t.call(
      tenderApi.insertTtender,
      draftInput(new Date(), { title: '权限编码改名草稿' }),
      manager,
    );
    const draftId: number = draft.body.data.id;
    const { token, roleId } = await userWithPowers(t, adminToken, 'codeeditor', '仅改权限', [
      'menu:authority',
      'power:edit',
    ]);
    const [tenderList, authority] = await powerIds(t, adminToken, [
      'menu:tender_list',
      'menu:authority',
    ]);

    // A power it does not hold: refused before anything else is looked at.
    const foreign = await t.call(power.updatePower, { id: tenderList!, code: 'x:y' }, token);
    expect(foreign.status).toBe(403);
    // A built-in power keeps its code, for the administrator too: the server's rules name it.
    const renamed = await t.call(power.updatePower, { id: tenderList!, code: 'x:y' }, adminToken);
    expect(renamed.status).toBe(409);
    expect(renamed.body.data.fields[0].field).toBe('code');
    expect(renamed.body.errorMsg).toContain('menu:tender_list');
    // Its own power may not take a built-in code, and no new power may either.
    const taken = await t.call(
      power.updatePower,
      { id: authority!, code: 'menu:tender_list' },
      token,
    );
    expect(taken.status).toBe(409);
    const created = await t.call(
      power.insertPower,
      { type: 'button', superior: authority!, title: '冒充', code: 'menu:tender_list' },
      adminToken,
    );
    expect(created.status).toBe(409);

    // The view stays where it was: the draft is unknown to the caller, known to the manager.
    const asCaller = await t.call(tenderApi.getTtenderById, { id: draftId }, token);
    expect(asCaller.status).toBe(404);
    const asManager = await t.call(tenderApi.getTtenderById, { id: draftId }, manager);
    expect(asManager.body.data.status).toBe('draft');

    // A power it holds and that is not built in, it may still edit.
    const custom = await t.call(
      power.insertPower,
      { type: 'button', superior: authority!, title: '自定义', code: 'custom:one' },
      adminToken,
    );
    const customId: number = custom.body.data.id;
    const [edit] = await powerIds(t, adminToken, ['power:edit']);
    await t.call(role.updateRole, { roleId, powerIds: [authority!, edit!, customId] }, adminToken);
    const own = await t.call(power.updatePower, { id: customId, code: 'custom:two' }, token);
    expect(own.body.errorMsg ?? null).toBeNull();
  });
});
