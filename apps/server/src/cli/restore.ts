import path from 'node:path';
import { verifyAuditChain } from '../lib/audit-chain.js';
import { checkSealKey, SealKeyMismatchError } from '../modules/bids/seal-key.js';
import pg from 'pg';
import { restoreDatabase } from '../ops/backup.js';
import { configuredTarget, openTarget, runTool } from './open-configured.js';

/**
 * npm run restore -- <file> — replaces the configured database with a backup, then checks it:
 * the audit chain, and that BID_SEAL_KEY is the key its sealed bids were sealed with. Stop the
 * servers first (the embedded database is locked; on PostgreSQL other sessions are refused).
 */
runTool(async () => {
  const argument = process.argv[2];
  if (!argument) throw new Error('用法：npm run restore -- <备份文件>');
  const { config, target, unlock } = configuredTarget();
  try {
    const file = path.resolve(argument);
    if (target.kind === 'postgres') {
      const probe = new pg.Client({ connectionString: target.url });
      await probe.connect();
      const { rows } = await probe
        .query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        )
        .finally(() => probe.end());
      const others = rows[0]!.n;
      if (others) throw new Error(`数据库还有 ${others} 个其他连接：请先停止所有服务器实例再恢复`);
    }
    const { kept } = await restoreDatabase(target, file);
    console.log(`已从 ${file} 恢复。${kept ? `原数据目录保留在 ${kept}。` : ''}`);
    const database = await openTarget(target);
    try {
      const chain = await verifyAuditChain(database.db);
      console.log(
        chain.ok
          ? `审计日志哈希链完整：共 ${chain.checked} 条，最后一条 id ${chain.lastId ?? '-'}，哈希 ${chain.lastHash}`
          : `审计日志哈希链断裂于 id ${chain.firstBroken!.id}：${chain.firstBroken!.reason}`,
      );
      try {
        await checkSealKey(database.db, config);
        console.log('BID_SEAL_KEY 与备份中密封投标所用的密钥一致。');
      } catch (error) {
        if (!(error instanceof SealKeyMismatchError)) throw error;
        console.log(`警告：${error.message}`);
        return 2;
      }
      return chain.ok ? 0 : 2;
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
});
