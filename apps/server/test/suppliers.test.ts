import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, audit, creditCodeCheckChar, dictionary, supplierApi } from '@tender/contracts';
import { TestClock, startTestApp, type TestApp } from './support/app.js';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** A fresh valid unified social credit code. */
const newCreditCode = () => {
  let first17 = '91';
  for (let i = 0; i < 15; i++) first17 += ALPHABET[randomInt(ALPHABET.length)];
  return first17 + creditCodeCheckChar(first17);
};
let serial = 0;
const registration = (overrides: Record<string, unknown> = {}) => {
  serial++;
  return {
    companyName: `测试装备有限公司${serial}-${randomInt(1e6)}`,
    creditCode: newCreditCode(),
    legalRepresentative: '钱法人',
    contactName: '吴联系',
    phone: '13712345678',
    email: `contact${serial}@example.cn`,
    address: '上海市浦东新区',
    categories: ['transformer'],
    username: `vendor${serial}_${randomInt(1e6)}`,
    password: 'Supply2026x',
    confirmPassword: 'Supply2026x',
    ...overrides,
  };
};

describe('supplier registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates a pending company and its bidder, who logs in and sees pending', async () => {
    const input = registration();
    const reply = await t.call(supplierApi.register, input);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'pending' });
    const token = await t.login(input.username, input.password);
    const me = await t.call(admin.getMyInfo, {}, token);
    expect(me.body.data).toMatchObject({
      username: input.username,
      realName: '吴联系',
      roleName: 'bidder',
      supplierId: reply.body.data.supplierId,
      supplier: { companyName: input.companyName, status: 'pending' },
    });
    const mine = await t.call(supplierApi.getMySupplier, {}, token);
    expect(mine.body.data).toMatchObject({
      companyName: input.companyName,
      creditCode: input.creditCode,
      status: 'pending',
      qualificationFiles: [],
    });
    // The registration is in the audit log.
    const managerToken = await t.login('admin');
    const log = await t.call(audit.listAuditLog, { pageNum: 1, pageSize: 5 }, managerToken);
    expect(JSON.stringify(log.body.data)).toContain(input.companyName);
  });

  it('refuses a taken username (any case), company name or credit code with the field', async () => {
    const first = registration();
    expect((await t.call(supplierApi.register, first)).body.code).toBe(0);
    const cases = [
      { field: 'username', input: registration({ username: first.username.toUpperCase() }) },
      { field: 'companyName', input: registration({ companyName: first.companyName }) },
      { field: 'creditCode', input: registration({ creditCode: first.creditCode }) },
      { field: 'username', input: registration({ username: 'BIDDER1' }) },
    ];
    for (const { field, input } of cases) {
      const reply = await t.call(supplierApi.register, input);
      expect(reply.status, field).toBe(409);
      expect(reply.body.data.fields[0].field).toBe(field);
      expect(reply.body.errorMsg).toContain('已被注册');
    }
  });

  it('checks the credit code check character', async () => {
    const code = newCreditCode();
    const wrong = code.slice(0, 17) + (code[17] === '0' ? '1' : '0');
    const reply = await t.call(supplierApi.register, registration({ creditCode: wrong }));
    expect(reply.status).toBe(400);
    expect(reply.body.errorMsg).toBe('统一社会信用代码校验位不正确，请核对营业执照');
    expect(reply.body.data.fields[0].field).toBe('creditCode');
    const shape = await t.call(supplierApi.register, registration({ creditCode: 'ABC' }));
    expect(shape.status).toBe(400);
    expect(shape.body.data.fields[0].field).toBe('creditCode');
    // Lower case is accepted and stored upper case.
    const lower = registration({ creditCode: newCreditCode().toLowerCase() });
    const ok = await t.call(supplierApi.register, lower);
    expect(ok.body.code).toBe(0);
  });

  it('applies the password policy and the confirmation', async () => {
    const short = await t.call(
      supplierApi.register,
      registration({ password: 'ab1', confirmPassword: 'ab1' }),
    );
    expect(short.status).toBe(400);
    expect(short.body.data.fields[0].field).toBe('password');
    const noDigit = await t.call(
      supplierApi.register,
      registration({ password: 'abcdefghij', confirmPassword: 'abcdefghij' }),
    );
    expect(noDigit.body.errorMsg).toContain('密码必须包含数字');
    const withName = registration({ username: 'acmecorp' });
    const containsName = await t.call(supplierApi.register, {
      ...withName,
      password: 'acmecorp2026',
      confirmPassword: 'acmecorp2026',
    });
    expect(containsName.body.errorMsg).toBe('密码不能包含用户名');
    expect(containsName.body.data.fields).toEqual([
      { field: 'password', message: '密码不能包含用户名' },
    ]);
    const mismatch = await t.call(
      supplierApi.register,
      registration({ confirmPassword: 'Other2026x' }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.fields[0]).toEqual({
      field: 'confirmPassword',
      message: '两次输入的密码不一致',
    });
  });

  it('refuses NUL and oversized fields, naming the field', async () => {
    const nul = await t.call(supplierApi.register, registration({ companyName: 'A\u0000B' }));
    expect(nul.status).toBe(400);
    // Named in Chinese for a person, by its API name for the form.
    expect(nul.body.errorMsg).toBe('公司名称：不能包含控制字符（如 NUL）');
    expect(nul.body.data.fields[0].field).toBe('companyName');
    for (const field of ['companyName', 'legalRepresentative', 'businessScope', 'address']) {
      const reply = await t.call(
        supplierApi.register,
        registration({ [field]: '长'.repeat(10_000) }),
      );
      expect(reply.status, field).toBe(400);
      expect(reply.body.data.fields[0].field, field).toBe(field);
    }
    const unknown = await t.call(supplierApi.register, { ...registration(), status: 'approved' });
    expect(unknown.status).toBe(400);
    const missing = registration();
    delete (missing as Record<string, unknown>).contactName;
    const none = await t.call(supplierApi.register, missing);
    expect(none.body.data.fields[0].field).toBe('contactName');
  });

  it('takes 供货类别 only from the enabled tender categories, each once', async () => {
    const input = registration({ categories: ['transformer', 'flux_capacitor'] });
    const unknown = await t.call(supplierApi.register, input);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields[0]).toMatchObject({ field: 'categories' });
    expect(unknown.body.errorMsg).toContain('flux_capacitor');
    // Nothing was kept: the same username and company register once the list is right.
    const fixed = await t.call(supplierApi.register, {
      ...input,
      categories: ['cable', 'transformer', 'cable'],
    });
    expect(fixed.status).toBe(200);
    const token = await t.login(input.username as string, input.password as string);
    const mine = await t.call(supplierApi.getMySupplier, {}, token);
    expect(mine.body.data.categories).toEqual(['cable', 'transformer']);

    await setCategoryEnabled(t, 'compact_substation', false);
    try {
      const disabled = await t.call(
        supplierApi.register,
        registration({ categories: ['compact_substation'] }),
      );
      expect(disabled.status).toBe(400);
      expect(disabled.body.data.fields[0].field).toBe('categories');
    } finally {
      await setCategoryEnabled(t, 'compact_substation', true);
    }
  });
});

/** Switches a tender category on or off, as an administrator does in 数据字典. */
async function setCategoryEnabled(t: TestApp, value: string, enabled: boolean) {
  const token = await t.login('admin');
  const items = await t.call(dictionary.listDictItem, { typeCode: 'tender_category' }, token);
  const item = (items.body.data as { id: number; value: string }[]).find((i) => i.value === value);
  const reply = await t.call(dictionary.updateDictItem, { id: item!.id, enabled }, token);
  expect(reply.status).toBe(200);
}

describe('registration rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { loginRateLimit: 2 } });
  });
  afterAll(() => t.close());

  it('answers 429 past the limit per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await t.call(supplierApi.register, registration({ password: 'x' }))).status);
    expect(codes).toEqual([400, 400, 429]);
  });
});

describe('supplier review', () => {
  let t: TestApp;
  const clock = new TestClock(new Date('2026-03-02T02:00:00Z'));
  let manager: string;
  let bidder1: string;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    [manager, bidder1] = await Promise.all([t.login('manager'), t.login('bidder1')]);
  });
  afterAll(() => t.close());

  const newSupplier = async () => {
    const reply = await t.call(supplierApi.register, registration());
    return reply.body.data.supplierId as number;
  };
  const act = (id: number, action: string, extra: Record<string, unknown> = {}) =>
    t.call(supplierApi.auditSupplier, { id, action, reason: '资料核验', ...extra }, manager);

  it('lists suppliers newest first with keyword and status filters', async () => {
    const all = await t.call(supplierApi.listSupplier, { pageNum: 1, pageSize: 50 }, manager);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(4);
    const ids = all.body.data.list.map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const byName = await t.call(supplierApi.listSupplier, { keyword: '江南电缆' }, manager);
    expect(byName.body.data.list.map((s: { companyName: string }) => s.companyName)).toEqual([
      '江南电缆集团股份有限公司',
    ]);
    const byContact = await t.call(supplierApi.listSupplier, { keyword: '孙悦' }, manager);
    expect(byContact.body.data.list).toHaveLength(1);
    const pending = await t.call(supplierApi.listSupplier, { status: 'pending' }, manager);
    expect(pending.body.data.list.every((s: { status: string }) => s.status === 'pending')).toBe(
      true,
    );
    const wildcard = await t.call(supplierApi.listSupplier, { keyword: '%' }, manager);
    expect(wildcard.body.data.total).toBe(0);
  });

  it('approves, rejects, blacklists and restores along the allowed transitions', async () => {
    const id = await newSupplier();
    const rejected = await act(id, 'reject', { reason: '营业执照模糊' });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reviewReason: '营业执照模糊',
      reviewerName: '张采购',
      reviewedAt: clock.now().toISOString(),
    });
    const again = await act(id, 'reject');
    expect(again.status).toBe(409);
    expect(again.body.errorMsg).toContain('“已驳回”');
    expect((await act(id, 'approve')).body.data.status).toBe('approved');
    const approveTwice = await act(id, 'approve');
    expect(approveTwice.status).toBe(409);
    expect(approveTwice.body.errorMsg).toContain('当前状态为“已通过”');
    expect((await act(id, 'restore')).status).toBe(409);
    expect((await act(id, 'blacklist')).body.data).toMatchObject({
      status: 'blacklisted',
      blacklistUntil: null,
    });
    expect((await act(id, 'blacklist')).status).toBe(409);
    expect((await act(id, 'approve')).status).toBe(409);
    const restored = await act(id, 'restore', { reason: '申诉成立' });
    expect(restored.body.data).toMatchObject({ status: 'approved', reviewReason: '申诉成立' });

    // The audit log keeps before and after.
    const adminToken = await t.login('admin');
    const log = await t.call(audit.listAuditLog, { pageNum: 1, pageSize: 50 }, adminToken);
    const entry = log.body.data.list.find(
      (e: { targetId: string; after: { action?: string } | null }) =>
        e.targetId === String(id) && e.after?.action === 'restore',
    );
    expect(entry).toMatchObject({
      before: { status: 'blacklisted' },
      after: { status: 'approved', reviewReason: '申诉成立' },
    });
  });

  it('approves without a 审核意见, but refuses a rejection, blacklisting or restore without a reason', async () => {
    for (const action of ['reject', 'blacklist']) {
      const id = await newSupplier();
      for (const reason of [undefined, '', '   ']) {
        const refused = await t.call(supplierApi.auditSupplier, { id, action, reason }, manager);
        expect(refused.status).toBe(400);
        expect(refused.body.data.fields).toEqual([
          { field: 'reason', message: expect.stringMatching(/^(驳回|拉黑)须填写原因$/) },
        ]);
      }
    }
    const id = await newSupplier();
    const approved = await t.call(supplierApi.auditSupplier, { id, action: 'approve' }, manager);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', reviewReason: null });
    const blankOpinion = await newSupplier();
    const blank = await act(blankOpinion, 'approve', { reason: '  ' });
    expect(blank.body.data).toMatchObject({ status: 'approved', reviewReason: null });
    await act(id, 'blacklist');
    const noReason = await t.call(supplierApi.auditSupplier, { id, action: 'restore' }, manager);
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields[0]).toEqual({ field: 'reason', message: '恢复须填写原因' });
  });

  it('needs a future end for a blacklisting', async () => {
    const id = await newSupplier();
    const past = await act(id, 'blacklist', { blacklistUntil: '2026-03-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.data.fields[0].field).toBe('blacklistUntil');
    const onApprove = await act(id, 'approve', { blacklistUntil: '2026-12-01T00:00:00Z' });
    expect(onApprove.status).toBe(400);
    const badAction = await act(id, 'delete');
    expect(badAction.status).toBe(400);
    expect((await act(999_999, 'approve')).status).toBe(404);
  });

  it('lifts a blacklisting with an end by the clock, in the detail and the status filter', async () => {
    const id = await newSupplier();
    await act(id, 'approve');
    const until = new Date(clock.now().getTime() + 3 * 24 * 3600 * 1000).toISOString();
    const listed = await act(id, 'blacklist', { blacklistUntil: until });
    expect(listed.body.data).toMatchObject({ status: 'blacklisted', blacklistUntil: until });
    const statusOf = async () =>
      (await t.call(supplierApi.getSupplierById, { id }, manager)).body.data.status;
    const inFilter = async (status: string) =>
      (
        await t.call(supplierApi.listSupplier, { status, pageSize: 100 }, manager)
      ).body.data.list.some((s: { id: number }) => s.id === id);
    expect(await statusOf()).toBe('blacklisted');
    expect(await inFilter('blacklisted')).toBe(true);

    clock.advance(3 * 24 * 3600);
    const lifted = await t.call(supplierApi.getSupplierById, { id }, manager);
    expect(lifted.body.data).toMatchObject({ status: 'approved', blacklistUntil: null });
    expect(await inFilter('blacklisted')).toBe(false);
    expect(await inFilter('approved')).toBe(true);
    // Lifted, it may be blacklisted again.
    expect((await act(id, 'blacklist')).body.data.status).toBe('blacklisted');
  });

  it('keeps a permanent blacklisting however long the clock runs', async () => {
    const id = await newSupplier();
    await act(id, 'blacklist');
    clock.advance(365 * 24 * 3600);
    const reply = await t.call(supplierApi.getSupplierById, { id }, manager);
    expect(reply.body.data).toMatchObject({ status: 'blacklisted', blacklistUntil: null });
  });

  it('refuses bidders the management routes, and unknown ids are 404', async () => {
    expect((await t.call(supplierApi.listSupplier, {}, bidder1)).status).toBe(403);
    expect((await t.call(supplierApi.getSupplierById, { id: 1 }, bidder1)).status).toBe(403);
    const review = await t.call(
      supplierApi.auditSupplier,
      { id: 1, action: 'approve', reason: 'x' },
      bidder1,
    );
    expect(review.status).toBe(403);
    expect((await t.call(supplierApi.getSupplierById, { id: 999_999 }, manager)).status).toBe(404);
    expect((await t.call(supplierApi.listSupplier, {})).status).toBe(401);
  });
});

describe('my company', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('shows and edits the own company; changing what was reviewed sends it back to pending', async () => {
    const token = await t.login('bidder2');
    const mine = await t.call(supplierApi.getMySupplier, {}, token);
    expect(mine.body.data).toMatchObject({
      companyName: '江南电缆集团股份有限公司',
      status: 'approved',
    });
    const contact = await t.call(
      supplierApi.updateMySupplier,
      { phone: '13911112222', categories: ['cable', 'transformer'], address: '' },
      token,
    );
    expect(contact.body.data).toMatchObject({
      phone: '13911112222',
      categories: ['cable', 'transformer'],
      address: null,
      status: 'approved',
    });
    const renamed = await t.call(
      supplierApi.updateMySupplier,
      { companyName: '江南电缆（集团）股份有限公司' },
      token,
    );
    expect(renamed.body.data).toMatchObject({
      companyName: '江南电缆（集团）股份有限公司',
      status: 'pending',
    });
  });

  it('refuses another company’s name or credit code, a bad check digit, unknown fields', async () => {
    const token = await t.login('bidder3');
    const name = await t.call(
      supplierApi.updateMySupplier,
      { companyName: '华能电气设备有限公司' },
      token,
    );
    expect(name.status).toBe(409);
    expect(name.body.data.fields[0].field).toBe('companyName');
    const other = await t.call(supplierApi.getMySupplier, {}, await t.login('bidder1'));
    const code = await t.call(
      supplierApi.updateMySupplier,
      { creditCode: other.body.data.creditCode },
      token,
    );
    expect(code.status).toBe(409);
    expect(code.body.data.fields[0].field).toBe('creditCode');
    const own = (await t.call(supplierApi.getMySupplier, {}, token)).body.data.creditCode as string;
    const wrong = own.slice(0, 17) + (own[17] === '0' ? '1' : '0');
    const digit = await t.call(supplierApi.updateMySupplier, { creditCode: wrong }, token);
    expect(digit.status).toBe(400);
    const status = await t.call(supplierApi.updateMySupplier, { status: 'approved' }, token);
    expect(status.status).toBe(400);
    // Saving the own values again keeps it approved.
    const same = await t.call(supplierApi.updateMySupplier, { creditCode: own }, token);
    expect(same.body.data.status).toBe('approved');
  });

  it('keeps a category disabled since, but adds only enabled ones', async () => {
    const token = await t.login('bidder4');
    const held = await t.call(
      supplierApi.updateMySupplier,
      { categories: ['circuit_breaker', 'meter'] },
      token,
    );
    expect(held.body.data.categories).toEqual(['circuit_breaker', 'meter']);
    await setCategoryEnabled(t, 'circuit_breaker', false);
    await setCategoryEnabled(t, 'instrument_transformer', false);
    try {
      const kept = await t.call(
        supplierApi.updateMySupplier,
        { categories: ['circuit_breaker', 'meter', 'cable'] },
        token,
      );
      expect(kept.status).toBe(200);
      expect(kept.body.data.categories).toEqual(['circuit_breaker', 'meter', 'cable']);
      for (const added of ['instrument_transformer', 'no_such_category']) {
        const refused = await t.call(
          supplierApi.updateMySupplier,
          { categories: ['meter', added] },
          token,
        );
        expect(refused.status, added).toBe(400);
        expect(refused.body.data.fields[0].field, added).toBe('categories');
      }
      const after = await t.call(supplierApi.getMySupplier, {}, token);
      expect(after.body.data.categories).toEqual(['circuit_breaker', 'meter', 'cable']);
    } finally {
      await setCategoryEnabled(t, 'circuit_breaker', true);
      await setCategoryEnabled(t, 'instrument_transformer', true);
    }
  });

  it('a rejected company that edits is resubmitted; users without a company get 404', async () => {
    const managerToken = await t.login('manager');
    const bidder4 = await t.login('bidder4');
    const { id } = (await t.call(supplierApi.getMySupplier, {}, bidder4)).body.data;
    await t.call(
      supplierApi.auditSupplier,
      { id, action: 'reject', reason: '缺少资质' },
      managerToken,
    );
    const edited = await t.call(supplierApi.updateMySupplier, { contactName: '孙悦悦' }, bidder4);
    expect(edited.body.data.status).toBe('pending');

    expect((await t.call(supplierApi.getMySupplier, {}, managerToken)).status).toBe(404);
    expect(
      (await t.call(supplierApi.updateMySupplier, { phone: '13911112222' }, managerToken)).status,
    ).toBe(404);
  });
});
