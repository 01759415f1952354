import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Supplier, SupplierStatus, supplierApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { files, roles, suppliers, users } from '../../db/schema/index.js';
import { changedFields, recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Invalid, NotFound, isUniqueViolation } from '../../lib/errors.js';
import { iso, likePattern, offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { assertPasswordNotGuessable, hashPassword } from '../../lib/password.js';
import { effectiveSupplierStatus, effectiveSupplierStatusSql } from '../../lib/supplier-status.js';
import type { AuthUser } from '../../plugins/auth.js';
import { checkDictionary } from '../dictionary/service.js';
import { attachFiles } from '../files/service.js';
import { notifySupplierReviewed } from '../notifications/hooks.js';

type RegisterInput = z.output<typeof supplierApi.registerSchema>;
type AuditInput = z.output<typeof supplierApi.auditSupplierSchema>;
type UpdateMyInput = z.output<typeof supplierApi.updateMySupplierSchema>;

const BIDDER_ROLE = 'bidder';
/** A supplier's 供货类别 are tender categories: the same dictionary the tender form reads. */
const SUPPLY_CATEGORIES = 'tender_category';
const distinct = (values: string[]) => [...new Set(values)];

export const STATUS_LABEL: Record<SupplierStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  blacklisted: '已拉黑',
};

// ---------------------------------------------------------------------------------------------
// Reading

const reviewer = alias(users, 'reviewer');

const selectSuppliers = (db: Tx) =>
  db
    .select({
      id: suppliers.id,
      companyName: suppliers.companyName,
      creditCode: suppliers.creditCode,
      legalRepresentative: suppliers.legalRepresentative,
      contactName: suppliers.contactName,
      phone: suppliers.phone,
      email: suppliers.email,
      address: suppliers.address,
      registeredCapital: suppliers.registeredCapital,
      businessScope: suppliers.businessScope,
      categories: suppliers.categories,
      status: suppliers.status,
      reviewReason: suppliers.reviewReason,
      reviewedAt: suppliers.reviewedAt,
      reviewerName: reviewer.realName,
      blacklistUntil: suppliers.blacklistUntil,
      createdAt: suppliers.createdAt,
    })
    .from(suppliers)
    .leftJoin(reviewer, eq(reviewer.id, suppliers.reviewedBy));

type SupplierRow = Awaited<ReturnType<ReturnType<typeof selectSuppliers>['execute']>>[number];
type QualificationFile = Supplier['qualificationFiles'][number];

function toSupplier(
  row: SupplierRow,
  now: Date,
  qualificationFiles: QualificationFile[],
): Supplier {
  const status = effectiveSupplierStatus(row, now);
  return {
    ...row,
    status,
    reviewedAt: iso(row.reviewedAt),
    // A lapsed blacklisting is over: its end date no longer describes the company.
    blacklistUntil: status === 'blacklisted' ? iso(row.blacklistUntil) : null,
    createdAt: row.createdAt.toISOString(),
    qualificationFiles,
  };
}

/** The qualification files of several companies in one query. */
async function qualificationFilesOf(db: Tx, supplierIds: number[]) {
  const bySupplier = new Map<number, QualificationFile[]>();
  if (!supplierIds.length) return bySupplier;
  const rows = await db
    .select({
      ownerId: files.ownerId,
      id: files.id,
      name: files.name,
      size: files.size,
      contentType: files.contentType,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(and(eq(files.ownerType, 'supplier'), inArray(files.ownerId, supplierIds)))
    .orderBy(files.id);
  for (const { ownerId, createdAt, ...file } of rows) {
    const list = bySupplier.get(ownerId!) ?? [];
    list.push({ ...file, createdAt: createdAt.toISOString() });
    bySupplier.set(ownerId!, list);
  }
  return bySupplier;
}

export async function getSupplier(db: Tx, id: number, now: Date): Promise<Supplier> {
  const [row] = await selectSuppliers(db).where(eq(suppliers.id, id));
  if (!row) throw new NotFound(`供应商 ${id} 不存在`);
  const qualification = await qualificationFilesOf(db, [id]);
  return toSupplier(row, now, qualification.get(id) ?? []);
}

export async function listSuppliers(
  { db, clock }: AppDeps,
  query: PageQuery & { keyword?: string; status?: SupplierStatus },
) {
  const now = clock.now();
  const conditions: (SQL | undefined)[] = [];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(
      or(
        ilike(suppliers.companyName, pattern),
        ilike(suppliers.creditCode, pattern),
        ilike(suppliers.contactName, pattern),
      ),
    );
  }
  if (query.status) conditions.push(sql`${effectiveSupplierStatusSql(now)} = ${query.status}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectSuppliers(db)
      .where(where)
      .orderBy(desc(suppliers.createdAt), desc(suppliers.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(suppliers).where(where),
  ]);
  const qualification = await qualificationFilesOf(
    db,
    rows.map((row) => row.id),
  );
  return pageOf(
    rows.map((row) => toSupplier(row, now, qualification.get(row.id) ?? [])),
    total!.n,
    query,
  );
}

// ---------------------------------------------------------------------------------------------
// Uniqueness

const TAKEN = {
  username: (value: string) => new Conflict(`用户名 ${value} 已被注册`, 'username'),
  companyName: (value: string) => new Conflict(`公司名称“${value}”已被注册`, 'companyName'),
  creditCode: (value: string) => new Conflict(`统一社会信用代码 ${value} 已被注册`, 'creditCode'),
};

async function checkCompanyFree(
  tx: Tx,
  company: { companyName?: string; creditCode?: string },
  exceptId?: number,
) {
  const except = exceptId ? ne(suppliers.id, exceptId) : undefined;
  if (company.companyName) {
    const [taken] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(eq(sql`lower(${suppliers.companyName})`, company.companyName.toLowerCase()), except),
      );
    if (taken) throw TAKEN.companyName(company.companyName);
  }
  if (company.creditCode) {
    const [taken] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.creditCode, company.creditCode), except));
    if (taken) throw TAKEN.creditCode(company.creditCode);
  }
}

/** Two registrations racing past the checks: the unique index that refused names the field. */
async function conflictOnUniqueField<T>(
  values: { username?: string; companyName?: string; creditCode?: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const e = error as { constraint?: string; cause?: { constraint?: string } };
    const constraint = e.constraint ?? e.cause?.constraint ?? '';
    if (constraint.includes('username')) throw TAKEN.username(values.username ?? '');
    if (constraint.includes('company_name')) throw TAKEN.companyName(values.companyName ?? '');
    if (constraint.includes('credit_code')) throw TAKEN.creditCode(values.creditCode ?? '');
    throw new Conflict('用户名、公司名称或统一社会信用代码已被注册');
  }
}

// ---------------------------------------------------------------------------------------------
// Registration

/** A company and its first bidder account, both created in one transaction, pending review. */
export async function registerSupplier(deps: AppDeps, input: RegisterInput, actor: Actor) {
  assertPasswordNotGuessable(input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return conflictOnUniqueField(input, () =>
    deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
      if (taken) throw TAKEN.username(input.username);
      await checkCompanyFree(tx, input);
      await checkDictionary(tx, 'categories', SUPPLY_CATEGORIES, input.categories);
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.roleName, BIDDER_ROLE));
      if (!role) throw new Error('bidder role missing: the seed did not run');

      const [supplier] = await tx
        .insert(suppliers)
        .values({
          companyName: input.companyName,
          creditCode: input.creditCode,
          legalRepresentative: input.legalRepresentative,
          contactName: input.contactName,
          phone: input.phone,
          email: input.email,
          address: input.address || null,
          registeredCapital: input.registeredCapital || null,
          businessScope: input.businessScope || null,
          categories: distinct(input.categories),
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: suppliers.id });
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          passwordHash,
          realName: input.contactName,
          phone: input.phone,
          email: input.email,
          roleId: role.id,
          status: 'enabled',
          supplierId: supplier!.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });

      const created = await getSupplier(tx, supplier!.id, now);
      await recordAudit(tx, actor, {
        targetType: 'supplier',
        targetId: supplier!.id,
        after: { ...created, username: input.username, userid: user!.id },
      });
      return { supplierId: supplier!.id, userid: user!.id, status: 'pending' as const };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Review

/** Which effective states each action starts from, and where it leads. */
const TRANSITIONS: Record<
  AuditInput['action'],
  { from: SupplierStatus[]; to: SupplierStatus; label: string }
> = {
  approve: { from: ['pending', 'rejected'], to: 'approved', label: '审核通过' },
  reject: { from: ['pending'], to: 'rejected', label: '驳回' },
  blacklist: { from: ['pending', 'approved', 'rejected'], to: 'blacklisted', label: '拉黑' },
  restore: { from: ['blacklisted', 'rejected'], to: 'approved', label: '恢复' },
};

export async function auditSupplier(
  deps: AppDeps,
  input: AuditInput,
  caller: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  const transition = TRANSITIONS[input.action];
  let blacklistUntil: Date | null = null;
  if (input.blacklistUntil !== undefined) {
    if (input.action !== 'blacklist')
      throw new Invalid('blacklistUntil', '只有拉黑时可以填写截止时间');
    blacklistUntil = new Date(input.blacklistUntil);
    if (blacklistUntil.getTime() <= now.getTime())
      throw new Invalid('blacklistUntil', '拉黑截止时间必须晚于当前时间（不填表示永久拉黑）');
  }

  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.id, input.id))
      .for('update');
    if (!locked) throw new NotFound(`供应商 ${input.id} 不存在`);
    const before = await getSupplier(tx, input.id, now);
    if (!transition.from.includes(before.status))
      throw new Conflict(
        `供应商当前状态为“${STATUS_LABEL[before.status]}”，不能${transition.label}` +
          `（${transition.label}只适用于${transition.from.map((s) => `“${STATUS_LABEL[s]}”`).join('、')}的供应商）`,
      );
    await tx
      .update(suppliers)
      .set({
        status: transition.to,
        reviewReason: input.reason || null,
        reviewedBy: caller.userid,
        reviewedAt: now,
        blacklistUntil: transition.to === 'blacklisted' ? blacklistUntil : null,
        updatedAt: now,
      })
      .where(eq(suppliers.id, input.id));
    const after = await getSupplier(tx, input.id, now);
    await recordAudit(tx, actor, {
      targetType: 'supplier',
      targetId: input.id,
      before: {
        status: before.status,
        reviewReason: before.reviewReason,
        blacklistUntil: before.blacklistUntil,
      },
      after: {
        action: input.action,
        status: after.status,
        reviewReason: after.reviewReason,
        blacklistUntil: after.blacklistUntil,
      },
    });
    await notifySupplierReviewed(tx, input.id, after.status, input.reason || null, now);
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// The bidder's own company

const mySupplierId = (user: AuthUser) => {
  if (!user.supplierId) throw new NotFound('当前账号没有关联的供应商');
  return user.supplierId;
};

export async function getMySupplier(deps: AppDeps, user: AuthUser) {
  return getSupplier(deps.db, mySupplierId(user), deps.clock.now());
}

/** Fields whose change means the company must be reviewed again. */
const REVIEWED_FIELDS = ['companyName', 'creditCode', 'legalRepresentative'] as const;

/**
 * A bidder edits its company. Changing what the review vouched for (name, credit code, legal
 * representative) sends an approved company back to pending; any edit of a rejected company
 * resubmits it. A blacklisted company stays blacklisted whatever it edits.
 */
export async function updateMySupplier(
  deps: AppDeps,
  input: UpdateMyInput,
  user: AuthUser,
  actor: Actor,
) {
  const supplierId = mySupplierId(user);
  const now = deps.clock.now();
  return conflictOnUniqueField(input, () =>
    deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(eq(suppliers.id, supplierId))
        .for('update');
      if (!locked) throw new NotFound('当前账号关联的供应商不存在');
      const before = await getSupplier(tx, supplierId, now);
      if (input.categories)
        await checkDictionary(
          tx,
          'categories',
          SUPPLY_CATEGORIES,
          input.categories,
          before.categories,
        );
      const changes = {
        companyName: input.companyName,
        creditCode: input.creditCode,
        legalRepresentative: input.legalRepresentative,
        contactName: input.contactName,
        phone: input.phone,
        email: input.email,
        address: input.address === undefined ? undefined : input.address || null,
        registeredCapital:
          input.registeredCapital === undefined ? undefined : input.registeredCapital || null,
        businessScope: input.businessScope === undefined ? undefined : input.businessScope || null,
        categories: input.categories && distinct(input.categories),
      };
      await checkCompanyFree(
        tx,
        {
          companyName:
            changes.companyName && changes.companyName !== before.companyName
              ? changes.companyName
              : undefined,
          creditCode:
            changes.creditCode && changes.creditCode !== before.creditCode
              ? changes.creditCode
              : undefined,
        },
        supplierId,
      );
      const reviewedChanged = REVIEWED_FIELDS.some(
        (field) => changes[field] !== undefined && changes[field] !== before[field],
      );
      const backToReview =
        (before.status === 'approved' && reviewedChanged) || before.status === 'rejected';
      await tx
        .update(suppliers)
        .set({
          ...changes,
          ...(backToReview ? { status: 'pending' as const, blacklistUntil: null } : {}),
          updatedAt: now,
        })
        .where(eq(suppliers.id, supplierId));
      if (input.qualificationFileIds !== undefined)
        await attachFiles(tx, {
          fileIds: input.qualificationFileIds,
          ownerType: 'supplier',
          ownerId: supplierId,
          userId: user.userid,
          now,
        });
      const after = await getSupplier(tx, supplierId, now);
      const { qualificationFiles: filesBefore, ...restBefore } = before;
      const { qualificationFiles: filesAfter, ...restAfter } = after;
      await recordAudit(tx, actor, {
        targetType: 'supplier',
        targetId: supplierId,
        ...changedFields(
          { ...restBefore, qualificationFileIds: filesBefore.map((f) => f.id) },
          { ...restAfter, qualificationFileIds: filesAfter.map((f) => f.id) },
        ),
      });
      return after;
    }),
  );
}
