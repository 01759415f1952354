import { Badge, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { OpenTender } from '@tender/contracts';
import { Countdown } from '@/components/Countdown';
import { ProcurementMethodTag, tagsInLists } from '@/components/ProcurementMethodTag';
import { SealModeTag } from '@/components/SealModeTag';
import { TenderStatusTag } from '@/components/TenderStatusTag';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { SignUpButton } from './SignUpButton';
import { LinkButton } from '@/components/LinkButton';

export const documentsPath = (id: number) => `/downloadTender?id=${id}`;

/** One published tender for a bidder: the facts, the countdown, 报名 and the documents link. */
export function OpenTenderCard({
  tender,
  categoryLabel,
}: {
  tender: OpenTender;
  categoryLabel: string;
}) {
  const { participation } = tender;
  return (
    <Card
      size="small"
      className="open-tender-card"
      title={
        <Space size={8} wrap>
          <TenderStatusTag status={tender.status} />
          {tagsInLists(tender.procurementMethod) && (
            <ProcurementMethodTag method={tender.procurementMethod} />
          )}
          <SealModeTag mode={tender.sealMode} />
          {tender.lotCount > 1 && <Tag color="blue">{tender.lotCount} 个标段</Tag>}
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {tender.tenderNo}
          </Typography.Text>
        </Space>
      }
    >
      <Link to={documentsPath(tender.id)} className="open-tender-title">
        {tender.title}
      </Link>
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 8 }}
        items={[
          { key: 'category', label: '类别', children: categoryLabel },
          { key: 'budget', label: '预算', children: formatMoney(tender.budget, tender.currency) },
          {
            key: 'deadline',
            label: '投标截止',
            children: (
              <Space orientation="vertical" size={0}>
                <span>{formatDateTime(tender.bidDeadline)}</span>
                <Countdown deadline={tender.bidDeadline} />
              </Space>
            ),
          },
        ]}
      />
      <div className="open-tender-actions">
        <SignUpButton tenderId={tender.id} participation={participation} lots={tender.lots} />
        <Badge
          count={participation.signedUp ? participation.amendmentCount : 0}
          title="报名后发布的澄清/修改"
          size="small"
        >
          <LinkButton to={documentsPath(tender.id)} icon={<FileSearchOutlined />}>
            查看文件{tender.amendmentCount ? `（澄清 ${tender.amendmentCount}）` : ''}
          </LinkButton>
        </Badge>
      </div>
    </Card>
  );
}
