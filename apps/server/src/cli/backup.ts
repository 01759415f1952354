import path from 'node:path';
import { verifyAuditChain } from '../lib/audit-chain.js';
import { backupDatabase, defaultBackupFile } from '../ops/backup.js';
import { configuredTarget, openTarget, runTool } from './open-configured.js';

/**
 * npm run backup [-- <file>] — the whole database (records, files, sealed bids, audit chain)
 * into one file. Not in it: JWT_SECRET and BID_SEAL_KEY (docs/operations.md).
 */
runTool(async () => {
  const { target, unlock } = configuredTarget();
  try {
    const file = path.resolve(process.argv[2] ?? defaultBackupFile(target.kind));
    const result = await backupDatabase(target, file);
    const database = await openTarget(target);
    const chain = await verifyAuditChain(database.db).finally(() => database.close());
    console.log(`备份完成：${result.file}（${result.format}，${result.bytes} 字节）`);
    console.log(`SHA-256：${result.sha256}`);
    console.log(
      `审计日志哈希链：${chain.ok ? '完整' : `断裂于 id ${chain.firstBroken!.id}`}，` +
        `最后一条 id ${chain.lastId ?? '-'}，哈希 ${chain.lastHash}（请与备份一起另行记录）`,
    );
  } finally {
    unlock();
  }
});
