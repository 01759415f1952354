import { Typography } from 'antd';
import type { BiddableTender } from '@tender/contracts';
import { Countdown, useServerNow } from '@/components/Countdown';
import { mustDecrypt } from './bid-state';

/** While the decryption window runs: the time left to decrypt, on the server's clock. */
export function DecryptCountdown({ tender }: { tender: BiddableTender }) {
  const now = useServerNow();
  if (tender.status !== 'opening' || !tender.decryptUntil) return null;
  return (
    <Typography.Text style={{ display: 'block' }} data-testid="list-decrypt-countdown">
      <Countdown deadline={tender.decryptUntil} prefix="解密剩余 " doneText="解密已结束" />
      {mustDecrypt(tender, now) && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          须在时限内解密，逾期无效
        </Typography.Text>
      )}
    </Typography.Text>
  );
}
