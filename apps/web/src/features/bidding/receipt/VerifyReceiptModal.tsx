import { useState } from 'react';
import { Alert, Collapse, Flex, Grid, Input, Modal, Result, Spin, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { BiddableTender, MyBid } from '@tender/contracts';
import { LoadError } from '@/components/LoadError';
import { fetchMySealedBid } from '../api/get-my-sealed-bid';
import { useOpeningRecord } from '@/hooks/use-opening-record';
import { storedBidCopy } from './bid-copy';
import { envelopeText, normalDigest, quotationText, sha256Hex } from './receipt-check';
import './receipt.css';

const Verdict = ({ same }: { same: boolean }) =>
  same ? (
    <Tag color="success" icon={<CheckCircleFilled />}>
      一致
    </Tag>
  ) : (
    <Tag color="error" icon={<CloseCircleFilled />}>
      不一致
    </Tag>
  );

const Hex = ({ text }: { text: string }) => (
  <Typography.Text code style={{ fontSize: 12, wordBreak: 'break-all' }}>
    {text}
  </Typography.Text>
);

/**
 * 验证回执, after the opening: the browser recomputes the receipt digest from what the opening
 * revealed (`server` mode: the bid's terms; `bidder` mode: the envelope as sent) and the nonce
 * the record publishes — the same canonical text the server digested, by Web Crypto — and
 * compares it with the receipt the page lists, the record's digest and the one the supplier
 * kept (its printed or downloaded 回执).
 */
export function VerifyReceiptModal({
  tender,
  bid,
  onClose,
}: {
  tender: BiddableTender;
  bid: MyBid;
  onClose: () => void;
}) {
  const { md } = Grid.useBreakpoint();
  const record = useOpeningRecord(tender.id);
  const entry = record.data?.entries.find((e) => e.bidId === bid.bidId);
  const bidderMode = tender.sealMode === 'bidder';
  const sealed = useQuery({
    queryKey: ['bidding', 'sealed', bid.bidId],
    queryFn: () => fetchMySealedBid(bid.bidId),
    enabled: bidderMode,
  });
  const canonical = !entry
    ? undefined
    : bidderMode
      ? sealed.data && envelopeText(sealed.data, entry)
      : quotationText(tender.id, bid, entry);
  const computed = useQuery({
    queryKey: ['bidding', 'digest', canonical],
    queryFn: () => sha256Hex(canonical!),
    enabled: Boolean(canonical),
  });
  const copy = storedBidCopy(tender.id, bid.lotId);
  const [kept, setKept] = useState(() =>
    copy?.bidId === bid.bidId && copy.revision === entry?.revision ? copy.digest : '',
  );
  const receipt = bid.revisions.find(
    (r) => r.revision === entry?.revision && r.action !== 'withdraw',
  );

  const error = record.error ?? sealed.error;
  const loading = record.isPending || (bidderMode && sealed.isPending) || computed.isFetching;
  const digest = computed.data;
  const rows = entry && [
    {
      key: 'receipt',
      what: `本公司回执（第 ${entry.revision} 版）`,
      digest: receipt?.digest ?? '—',
    },
    { key: 'record', what: '开标记录公布的摘要', digest: entry.digest },
  ];
  const keptDigest = normalDigest(kept);
  const allSame =
    digest !== undefined &&
    rows !== undefined &&
    rows.every((row) => row.digest === digest) &&
    (!keptDigest || keptDigest === digest);

  return (
    <Modal
      open
      width={md === false ? '100%' : 760}
      title={`验证回执 · ${tender.title}`}
      onCancel={onClose}
      footer={null}
    >
      {error && <LoadError error={error} onRetry={() => void record.refetch()} />}
      {!error && loading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {!error && !loading && record.data && !entry && (
        <Alert type="info" showIcon title="开标记录中没有贵公司的这份投标，无需验证。" />
      )}
      {!error && !loading && entry && canonical === null && (
        <Alert
          type="warning"
          showIcon
          title="无法重新计算摘要"
          description="开标时未能读取本投标的内容（开标记录中有原因），没有可以核对的内容。"
        />
      )}
      {digest && rows && (
        <>
          <Result
            status={allSame ? 'success' : 'error'}
            style={{ padding: '0 0 16px' }}
            title={allSame ? '回执验证一致' : '回执验证不一致'}
            subTitle={
              allSame
                ? `开标开启的正是贵公司提交的第 ${entry.revision} 版。`
                : '重新计算的摘要与回执不符：开启的内容不是贵公司提交的那一版，请立即对开标记录提出异议。'
            }
            data-testid="verify-result"
          />
          <Typography.Paragraph>
            按开标内容与开标记录公布的 nonce 在本机重新计算（SHA-256）：
            <br />
            <Hex text={digest} />
          </Typography.Paragraph>
          {rows.map((row) => (
            <div key={row.key} className="receipt-check-line">
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong>{row.what}</Typography.Text>
                <Verdict same={row.digest === digest} />
              </Flex>
              <Hex text={row.digest} />
            </div>
          ))}
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 8 }}>
            与您保存的回执核对（打印或下载的回执中的「回执摘要」）：
          </Typography.Paragraph>
          <Input
            aria-label="保存的回执摘要"
            allowClear
            value={kept}
            onChange={(event) => setKept(event.target.value)}
            placeholder="粘贴回执摘要（64 位十六进制）"
            suffix={keptDigest ? <Verdict same={keptDigest === digest} /> : undefined}
          />
          <Collapse
            ghost
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'canonical',
                label: '规范文本（可自行用 sha256sum 核对）',
                children: (
                  <Typography.Paragraph
                    code
                    copyable={{ text: canonical ?? '' }}
                    style={{ wordBreak: 'break-all', fontSize: 12 }}
                  >
                    {canonical}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
