import type { ReactNode } from 'react';
import { Alert, Descriptions, Divider, Space, Table, Tag, Typography } from 'antd';
import { lotLabel, type AnnouncementCandidate, type PublicAnnouncement } from '@tender/contracts';
import { Countdown, useServerNow } from './Countdown';
import { RichText } from './RichText';
import { amountInWords, formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import './announcement.css';
import { AnnouncementKindTag, AnnouncementStatusTag } from './AnnouncementTags';

/** What every screen showing an announcement (managers', bidders', the public's) reads of it. */
export type AnnouncementLike = PublicAnnouncement;

// The tags live apart so that lists of announcements need not load this view's table.
export {
  ANNOUNCEMENT_KIND_META,
  ANNOUNCEMENT_STATUS_META,
  ANNOUNCEMENT_STATUS_OPTIONS,
  AnnouncementKindTag,
  AnnouncementStatusTag,
} from './AnnouncementTags';

export type PublicityPhase = 'none' | 'before' | 'during' | 'after';
/** Where the server's now stands in the publicity period. */
export function publicityPhase(
  a: Pick<AnnouncementLike, 'publicityStart' | 'publicityEnd'>,
  now: number,
): PublicityPhase {
  if (!a.publicityStart || !a.publicityEnd) return 'none';
  if (now < Date.parse(a.publicityStart)) return 'before';
  if (now < Date.parse(a.publicityEnd)) return 'during';
  return 'after';
}

/** 公示期 with its state: a countdown to the start, to the end, or 已结束. */
export function PublicityPeriod({ announcement }: { announcement: AnnouncementLike }) {
  const now = useServerNow(10_000);
  const phase = publicityPhase(announcement, now);
  if (phase === 'none') return <span>—</span>;
  return (
    <Space size={8} wrap>
      <span>
        {formatDateTime(announcement.publicityStart)} 至 {formatDateTime(announcement.publicityEnd)}
      </span>
      {announcement.status === 'published' &&
        (phase === 'before' ? (
          <Countdown deadline={announcement.publicityStart!} prefix="距公示开始 " />
        ) : phase === 'during' ? (
          <Countdown deadline={announcement.publicityEnd!} prefix="公示剩余 " />
        ) : (
          <Tag>公示已结束</Tag>
        ))}
    </Space>
  );
}

/** The ranked candidates with their prices in figures and 大写. */
export function CandidatesTable({ candidates }: { candidates: AnnouncementCandidate[] }) {
  return (
    <Table<AnnouncementCandidate>
      className="announcement-candidates"
      size="small"
      bordered
      pagination={false}
      rowKey="rank"
      scroll={{ x: 'max-content' }}
      dataSource={[...candidates].sort((a, b) => a.rank - b.rank)}
      columns={[
        { title: '排名', dataIndex: 'rank', width: 64, render: (rank: number) => `第 ${rank} 名` },
        { title: '中标候选人', dataIndex: 'supplierName' },
        {
          title: '投标报价',
          dataIndex: 'amount',
          render: (amount: number) => (
            <div>
              <div style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(amount)}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {amountInWords(amount)}
              </Typography.Text>
            </div>
          ),
        },
        { title: '推荐理由', dataIndex: 'reason', render: (r: string) => r || '—' },
      ]}
    />
  );
}

/**
 * One announcement as a document: kind and state, the revoked banner with its reason, the
 * publicity period, the candidates or the winner, and the sanitised content. Prints cleanly.
 */
export function AnnouncementView({
  announcement: a,
  extra,
}: {
  announcement: AnnouncementLike;
  /** Actions under the heading (hidden when printing). */
  extra?: ReactNode;
}) {
  return (
    <article className="announcement-doc">
      {a.status === 'revoked' && (
        <Alert
          className="announcement-revoked"
          type="error"
          showIcon
          title="本公告已撤销"
          description={`撤销原因：${a.revokeReason || '—'}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Space size={8} wrap className="announcement-tags">
        <AnnouncementKindTag kind={a.kind} />
        <AnnouncementStatusTag status={a.status} />
      </Space>
      <Typography.Title level={3} className="announcement-title">
        {a.title}
      </Typography.Title>
      {extra && <div className="announcement-extra no-print">{extra}</div>}
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { whiteSpace: 'nowrap', width: 96 } }}
        items={[
          { key: 'no', label: '招标编号', children: a.tenderNo },
          { key: 'tender', label: '招标项目', children: a.tenderTitle },
          // Candidates and results are per lot: a tender of several lots names the lot.
          ...(a.lotCount > 1
            ? [
                {
                  key: 'lot',
                  label: '标段',
                  children: lotLabel({ lotNo: a.lotNo, name: a.lotName }),
                },
              ]
            : []),
          { key: 'published', label: '发布时间', children: formatDateTime(a.publishedAt) },
          ...(a.kind === 'candidates' || a.publicityStart
            ? [{ key: 'period', label: '公示期', children: <PublicityPeriod announcement={a} /> }]
            : []),
          ...(a.kind === 'result'
            ? [
                { key: 'winner', label: '中标人', children: a.winnerName || '—' },
                {
                  key: 'amount',
                  label: '中标金额',
                  children: a.amount
                    ? `${formatMoney(a.amount)}（${a.amountInWords || amountInWords(a.amount)}）`
                    : '—',
                },
              ]
            : []),
        ]}
      />
      {a.kind === 'candidates' && (
        <>
          <Divider titlePlacement="start">中标候选人</Divider>
          {a.candidates?.length ? (
            <CandidatesTable candidates={a.candidates} />
          ) : (
            <Typography.Text type="secondary">暂无候选人</Typography.Text>
          )}
        </>
      )}
      <Divider titlePlacement="start">公告内容</Divider>
      <RichText html={a.content} empty="未填写公告内容" />
    </article>
  );
}
