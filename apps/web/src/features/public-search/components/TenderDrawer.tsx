import {
  Button,
  Descriptions,
  Divider,
  Drawer,
  Grid,
  Result,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { procurementMethodLabel } from '@tender/contracts/procurement-method';
import { Countdown } from '@/components/Countdown';
import { SEAL_MODE_TEXT } from '@/components/SealModeTag';
import { TenderStatusTag } from '@/components/TenderStatusTag';
import { RichText } from '@/components/RichText';
import { LotTable } from '@/components/LotTable';
import { amountInWords, formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { usePublicTender } from '../api/get-tender-msg-by-id';
import { useDict } from '@/hooks/use-dict';
import { useFeedback } from '@/lib/feedback';
import { TenderNextSteps } from './TenderNextSteps';

/** A published tender's public detail; its URL (`?id=`) can be shared. */
export function TenderDrawer({ id, onClose }: { id?: number; onClose: () => void }) {
  const { message } = useFeedback();
  const screens = Grid.useBreakpoint();
  const tender = usePublicTender(id);
  const categories = useDict('tender_category');
  const regions = useDict('region');
  const t = tender.data;

  const copyLink = () => {
    const url = window.location.href;
    void navigator.clipboard?.writeText(url).then(
      () => message.success('链接已复制'),
      () => message.info(url),
    );
  };

  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={t ? t.tenderNo : '招标公告'}
      extra={
        <Button icon={<LinkOutlined />} onClick={copyLink}>
          复制链接
        </Button>
      }
    >
      {tender.isError ? (
        <Result status="404" title="未找到该招标公告" subTitle="公告不存在或尚未发布。" />
      ) : !t ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Space size={8} wrap>
            <TenderStatusTag status={t.status} />
            {t.status === 'published' && (
              <Countdown deadline={t.bidDeadline} prefix="距投标截止 " />
            )}
          </Space>
          <Typography.Title level={4} style={{ marginTop: 8, overflowWrap: 'anywhere' }}>
            {t.title}
          </Typography.Title>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'no', label: '招标编号', children: t.tenderNo },
              { key: 'category', label: '设备类别', children: categories.labelOf(t.category) },
              {
                key: 'method',
                label: '采购方式',
                children: procurementMethodLabel(t.procurementMethod),
              },
              { key: 'region', label: '地区', children: regions.labelOf(t.region) },
              {
                key: 'budget',
                label: '预算金额',
                children: `${formatMoney(t.budget, t.currency)}（${amountInWords(t.budget)}）`,
              },
              ...(t.priceCeiling
                ? [
                    {
                      key: 'ceiling',
                      label: '最高投标限价',
                      children: formatMoney(t.priceCeiling, t.currency),
                    },
                  ]
                : []),
              { key: 'published', label: '发布时间', children: formatDateTime(t.publishedAt) },
              {
                key: 'docs',
                label: '文件获取期',
                children:
                  t.docsFrom || t.docsUntil
                    ? `${formatDateTime(t.docsFrom ?? t.publishedAt)} 至 ${formatDateTime(t.docsUntil ?? t.bidDeadline)}`
                    : '发布至投标截止',
              },
              { key: 'deadline', label: '投标截止时间', children: formatDateTime(t.bidDeadline) },
              { key: 'opening', label: '开标时间', children: formatDateTime(t.openingAt) },
              {
                key: 'seal',
                label: '密封方式',
                children: `${SEAL_MODE_TEXT[t.sealMode].label}：${SEAL_MODE_TEXT[t.sealMode].help}`,
              },
              { key: 'validity', label: '投标有效期', children: `${t.bidValidityDays} 日` },
              { key: 'contact', label: '联系人', children: t.contact || '—' },
              { key: 'phone', label: '联系电话', children: t.contactPhone || '—' },
              ...(t.amendmentCount
                ? [
                    {
                      key: 'amend',
                      label: '澄清/修改',
                      children: `已发布 ${t.amendmentCount} 次，报名后可查看`,
                    },
                  ]
                : []),
            ]}
          />
          {t.lots.length > 1 && (
            <>
              <Divider titlePlacement="start">标段（{t.lots.length}）</Divider>
              <LotTable
                lots={t.lots}
                currency={t.currency}
                hide={['minBids']}
                maxLotsPerWinner={t.maxLotsPerWinner}
              />
            </>
          )}
          <Divider titlePlacement="start">招标内容</Divider>
          <RichText html={t.description} empty="未填写招标内容" />
          <TenderNextSteps tender={t} />
        </>
      )}
    </Drawer>
  );
}
