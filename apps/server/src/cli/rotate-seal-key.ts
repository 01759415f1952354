import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { otherSessions, rotateSealKey } from '../modules/bids/rotate-seal-key.js';
import { openConfigured, runTool } from './open-configured.js';

/**
 * npm run rotate-seal-key — with every server stopped, the current BID_SEAL_KEY in the
 * environment (or DATA_DIR/secrets.json) and the new one in NEW_BID_SEAL_KEY: re-wraps every
 * sealed bid and bid file from the old key to the new in one transaction. A key that was
 * generated into DATA_DIR/secrets.json is replaced there; a key from the environment must be
 * changed there before the servers start again (they refuse a wrong key).
 */
runTool(async () => {
  const newKey = process.env.NEW_BID_SEAL_KEY ?? '';
  if (newKey.length < 32) throw new Error('NEW_BID_SEAL_KEY must be at least 32 characters');
  const { config, database, close } = await openConfigured();
  try {
    if (newKey === config.bidSealKey) throw new Error('NEW_BID_SEAL_KEY equals the current key');
    if (database.kind === 'postgres') {
      const others = await otherSessions(database.db);
      if (others)
        throw new Error(`数据库还有 ${others} 个其他连接：请先停止所有服务器实例再轮换密钥`);
    }
    const result = await rotateSealKey(database.db, config.bidSealKey, newKey);
    console.log(
      `已轮换：${result.bids} 个投标、${result.revisions} 个投标版本、${result.chunks} 个投标文件块、${result.fileFacts} 个投标文件摘要改由新密钥封装（指纹 ${result.fingerprint.slice(0, 16)}…）。`,
    );
    const secretsFile = path.join(config.dataDir, 'secrets.json');
    if (!process.env.BID_SEAL_KEY && existsSync(secretsFile)) {
      const secrets = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>;
      // Written beside, then renamed over: the file is never half-written.
      writeFileSync(`${secretsFile}.new`, JSON.stringify({ ...secrets, bidSealKey: newKey }), {
        mode: 0o600,
      });
      renameSync(`${secretsFile}.new`, secretsFile);
      console.log(`新密钥已写入 ${secretsFile}。`);
    } else {
      console.log('请把环境中的 BID_SEAL_KEY 换成新密钥，再启动服务器。');
    }
  } finally {
    await close();
  }
});
