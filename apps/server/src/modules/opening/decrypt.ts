import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  formatDateTime,
  messageForPeople,
  sealedQuotation,
  type SealedQuotation,
  type bidApi,
} from '@tender/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { bidRevisions, bids, files } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Forbidden, Invalid } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  DETECTION_BYTES,
  contentTypeOf,
  rewriteChunks,
  storedChunks,
  type AllowedExtension,
} from '../files/service.js';
import {
  bidDigest,
  isEnvelope,
  masterKeyOf,
  priceText,
  sealContent,
  unsealContent,
  type EnvelopeContent,
  type QuotationContent,
} from '../../lib/sealed-bid.js';
import { bidNotFound, lockTender } from '../../lib/tender-lock.js';
import { AlteredFileError, decryptFile, openEnvelope } from './envelope.js';
import { bidChunkSealer, roundedSize } from '../bids/files.js';

type DecryptResult = z.output<typeof bidApi.decryptBid.data>;
type TenderRow = Awaited<ReturnType<typeof lockTender>>;

function supplierOf(user: AuthUser): number {
  if (user.supplierId === null) throw new Forbidden('当前账号不属于任何供应商，不能解密投标');
  return user.supplierId;
}

/** Why this tender takes no decryption now (409), judged on the clock; or null. */
function decryptionRefusal(tender: NonNullable<TenderRow>, now: Date): string | null {
  if (tender.sealMode !== 'bidder') return '本项目为服务器密封模式，投标无需解密';
  if (!tender.decryptStartedAt || !tender.decryptUntil)
    return `开标尚未开始，开标后（${formatDateTime(tender.openingAt)} 之后）在解密时间内才能解密`;
  if (tender.status !== 'opening') return '开标已结束，不能再解密';
  if (now.getTime() < tender.decryptStartedAt.getTime()) return '解密尚未开始';
  if (now.getTime() >= tender.decryptUntil.getTime())
    return `解密时间已于 ${formatDateTime(tender.decryptUntil)} 结束，不能再解密`;
  return null;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The quotation in the plaintext, or why the bid is invalid (the bidder's own content). */
function readQuotation(plain: Buffer, envelope: EnvelopeContent): Outcome<SealedQuotation> {
  let json: unknown;
  try {
    json = JSON.parse(plain.toString('utf8'));
  } catch {
    return { ok: false, reason: '解密后的报价内容不是有效的 JSON' };
  }
  const parsed = sealedQuotation.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const rule = messageForPeople(issue.path.join('.'), issue.message);
    return { ok: false, reason: `解密后的报价内容不符合要求：${rule}` };
  }
  const listed = [...new Set(parsed.data.fileIds)].sort((a: number, b: number) => a - b);
  const attached = [...envelope.fileIds].sort((a, b) => a - b);
  if (listed.join(',') !== attached.join(','))
    return { ok: false, reason: '解密后的报价所列附件（fileIds）与随投标提交的附件不一致' };
  return { ok: true, value: parsed.data };
}

/** A decrypted attachment whose bytes are not what its name's extension promises. */
class WrongFileType extends Error {}

/**
 * Replaces each attachment's ciphertext by its plaintext (sealed at rest by the server, like a
 * `server`-mode bid file) and answers the plaintext's facts, or why the bid is invalid. All of
 * it in a savepoint: an altered file leaves every file as it was.
 */
async function decryptAttachments(
  tx: Tx,
  deps: Pick<AppDeps, 'config'>,
  fileIds: number[],
  contentKey: Buffer,
): Promise<Outcome<QuotationContent['files']>> {
  const sealer = bidChunkSealer(deps);
  try {
    const facts = await tx.transaction(async (sp) => {
      const found: QuotationContent['files'] = [];
      for (const id of fileIds) {
        const [file] = await sp
          .select({ name: files.name })
          .from(files)
          .where(eq(files.id, id))
          .for('update');
        if (!file) throw new AlteredFileError(`file ${id} missing`);
        const hash = createHash('sha256');
        let size = 0;
        const head: Buffer[] = [];
        const plain = decryptFile(storedChunks(sp, id, sealer), contentKey);
        const counted = async function* () {
          for await (const piece of plain) {
            hash.update(piece);
            if (size < DETECTION_BYTES) head.push(piece);
            size += piece.length;
            yield piece;
          }
        };
        await rewriteChunks(sp, id, counted(), sealer);
        const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
        const contentType = await contentTypeOf(
          Buffer.concat(head),
          extension as AllowedExtension,
        ).catch(() => {
          throw new WrongFileType(file.name);
        });
        await sp
          .update(files)
          .set({ contentType, size: roundedSize(size), bidderEncrypted: false })
          .where(eq(files.id, id));
        found.push({ id, sha256: hash.digest('hex'), size });
      }
      return found;
    });
    return { ok: true, value: facts };
  } catch (error) {
    if (error instanceof AlteredFileError)
      return { ok: false, reason: '附件密文已被篡改或不是用本投标的内容密钥加密的，无法解密' };
    if (error instanceof WrongFileType)
      return { ok: false, reason: `附件「${error.message}」解密后的内容与其扩展名不符` };
    throw error;
  }
}

/**
 * 解密 (`bidder` mode): the bid's own supplier sends its content key while the window runs. A
 * key that does not open the envelope (wrong, or the ciphertext altered) is a 400 on
 * `contentKey` and counted, nothing else changes: the bidder may retry. A key that opens it
 * decrypts the quotation and the attachments; what the bidder encrypted is then judged like a
 * `server`-mode quotation, and an invalid one makes the bid invalid with the reason. The
 * quotation replaces the envelope in the bid's blob, sealed by the server, so the opening reads
 * it like any bid. Neither key nor price is logged or audited.
 */
export async function decryptBid(
  deps: AppDeps,
  input: { bidId: number; lotId?: number; contentKey: string },
  user: AuthUser,
  actor: Actor,
): Promise<DecryptResult> {
  const supplierId = supplierOf(user);
  const key = masterKeyOf(deps);
  const now = deps.clock.now();
  const contentKey = Buffer.from(input.contentKey, 'base64');
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ tenderId: bids.tenderId, lotId: bids.lotId })
        .from(bids)
        .where(and(eq(bids.id, input.bidId), eq(bids.supplierId, supplierId)));
      if (!found) throw bidNotFound(input.bidId);
      if (input.lotId !== undefined && input.lotId !== found.lotId)
        throw new Invalid('lotId', `投标 ${input.bidId} 不是标段 ${input.lotId} 的投标`);
      const tender = await lockTender(tx, found.tenderId, 'share');
      if (!tender) throw bidNotFound(input.bidId);
      const [bid] = await tx.select().from(bids).where(eq(bids.id, input.bidId)).for('update');
      if (!bid) throw bidNotFound(input.bidId);
      const refusal = decryptionRefusal(tender, now);
      if (refusal) throw new Conflict(refusal);
      if (bid.status === 'withdrawn' || !bid.sealed) throw new Conflict('该投标已撤回，无需解密');
      if (bid.decryptedAt) throw new Conflict('该投标已解密，不能重复解密');

      const content = unsealContent(key, bid.sealed, bid.tenderId, supplierId, bid.revision);
      if (!isEnvelope(content)) throw new Conflict('该投标已解密，不能重复解密');
      const plain = openEnvelope(content.envelope, contentKey);
      if (!plain) {
        await tx
          .update(bids)
          .set({ decryptFailures: sql`${bids.decryptFailures} + 1` })
          .where(eq(bids.id, bid.id));
        return null;
      }

      const digestVerified =
        bidDigest(content, bid.tenderId, supplierId, bid.revision) === bid.digest;
      const read = readQuotation(plain, content);
      plain.fill(0);
      let invalidReason: string | null = digestVerified
        ? null
        : '回执摘要校验不符：存储的投标与提交时的回执不一致';
      let sealed = bid.sealed;
      if (!invalidReason && !read.ok) invalidReason = read.reason;
      if (!invalidReason && read.ok) {
        const attachments = await decryptAttachments(tx, deps, content.fileIds, contentKey);
        if (!attachments.ok) invalidReason = attachments.reason;
        else {
          const q = read.value;
          const quotation: QuotationContent = {
            totalPrice: priceText(q.totalPrice),
            currency: q.currency,
            deliveryDays: q.deliveryDays,
            warrantyMonths: q.warrantyMonths,
            remark: q.remark ?? '',
            fileIds: content.fileIds,
            files: attachments.value,
            // The receipt's nonce: the opening record shows it with the envelope's digest.
            nonce: content.nonce,
            // The lot the envelope was sealed for stays bound to the quotation.
            lotId: content.lotId,
          };
          sealed = sealContent(key, quotation, bid.tenderId, supplierId, bid.revision);
        }
      }
      await tx
        .update(bids)
        .set({ decryptedAt: now, invalidReason, sealed })
        .where(eq(bids.id, bid.id));
      await recordAudit(tx, actor, {
        targetType: 'bid',
        targetId: bid.id,
        after: { tenderId: bid.tenderId, revision: bid.revision, decrypted: true, digestVerified },
      });
      return {
        bidId: bid.id,
        lotId: bid.lotId,
        decryptedAt: now.toISOString(),
        digestVerified,
        valid: invalidReason === null,
        invalidReason,
      };
    });
    if (!outcome)
      throw new Invalid(
        'contentKey',
        '内容密钥无法解密该投标（密钥错误，或密文已被篡改），请核对投标解密口令或密码信封后重试',
      );
    return outcome;
  } finally {
    contentKey.fill(0);
  }
}

/**
 * The caller's own envelope as submitted (the revision's, also after decryption): ciphertext
 * only its passphrase opens, so the browser can read its own bid (PRODUCT.md, `bidder` mode).
 */
export async function getMySealedBid(deps: AppDeps, bidId: number, user: AuthUser) {
  const supplierId = supplierOf(user);
  const key = masterKeyOf(deps);
  const [bid] = await deps.db
    .select()
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.supplierId, supplierId)));
  if (!bid) throw bidNotFound(bidId);
  if (bid.status === 'withdrawn') throw new Conflict('该投标已撤回');
  const [revision] = await deps.db
    .select({ sealed: bidRevisions.sealed })
    .from(bidRevisions)
    .where(and(eq(bidRevisions.bidId, bidId), eq(bidRevisions.revision, bid.revision)));
  const content = revision?.sealed
    ? unsealContent(key, revision.sealed, bid.tenderId, supplierId, bid.revision)
    : null;
  if (!content || !isEnvelope(content))
    throw new Conflict('该投标不是投标人加密模式的投标，没有密文');
  return {
    bidId: bid.id,
    tenderId: bid.tenderId,
    lotId: bid.lotId,
    revision: bid.revision,
    digest: bid.digest ?? '',
    sealed: content.envelope,
    fileIds: content.fileIds,
    // Hashes of the bidder's own ciphertext (nothing of the plaintext): for its 验证回执.
    fileSha256: content.fileIds.map((id) => content.files.find((f) => f.id === id)?.sha256 ?? ''),
  };
}
