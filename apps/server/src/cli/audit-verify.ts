import { verifyAuditChain } from '../lib/audit-chain.js';
import { openConfigured, runTool } from './open-configured.js';

/**
 * npm run audit:verify — walks the audit log's hash chain and names the first broken row.
 * Exit code 0 when the chain is whole, 2 when it is broken. Write the printed last hash down
 * outside the database (with each backup): it anchors the chain up to that row.
 */
runTool(async () => {
  const { database, close } = await openConfigured();
  try {
    const report = await verifyAuditChain(database.db);
    if (report.ok) {
      console.log(
        `审计日志哈希链完整：共 ${report.checked} 条，最后一条 id ${report.lastId ?? '-'}，哈希 ${report.lastHash}`,
      );
      return 0;
    }
    const broken = report.firstBroken!;
    console.log(
      `审计日志哈希链断裂：第一处在 id ${broken.id}（时间 ${broken.time || '-'}）：${broken.reason}。此前 ${report.checked} 条完好。`,
    );
    return 2;
  } finally {
    await close();
  }
});
