import { Tag } from 'antd';

/** How an announcement's kind and status read and look, wherever it is listed. */
export const ANNOUNCEMENT_KIND_META: Record<string, { label: string; color: string }> = {
  candidates: { label: '中标候选人公示', color: 'gold' },
  result: { label: '中标结果公告', color: 'green' },
};
export const ANNOUNCEMENT_STATUS_META: Record<string, { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  published: { label: '已发布', color: 'processing' },
  revoked: { label: '已撤销', color: 'error' },
};
export const ANNOUNCEMENT_STATUS_OPTIONS = Object.entries(ANNOUNCEMENT_STATUS_META).map(
  ([value, meta]) => ({ value, label: meta.label }),
);

export function AnnouncementKindTag({ kind }: { kind: string }) {
  const meta = ANNOUNCEMENT_KIND_META[kind] ?? { label: kind, color: 'default' };
  return (
    <Tag color={meta.color} style={{ marginInlineEnd: 0 }}>
      {meta.label}
    </Tag>
  );
}

export function AnnouncementStatusTag({ status }: { status: string }) {
  const meta = ANNOUNCEMENT_STATUS_META[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={meta.color} style={{ marginInlineEnd: 0 }}>
      {meta.label}
    </Tag>
  );
}
