import { Descriptions, Divider, Space, Tag, Typography } from 'antd';
import { EvaluationSummary } from './EvaluationSummary';
import { Link } from 'react-router';
import { LotTable, lotCapText } from '@/components/LotTable';
import type { TenderWithLots } from './tender-form-values';
import { restrictsToInvitees } from '@tender/contracts/procurement-method';
import { BOND_FORM_LABELS } from '@tender/contracts/bond';
import { amountInWords, formatMoney } from '@/lib/amount';
import { ProcurementMethodTag } from '@/components/ProcurementMethodTag';
import { RichText } from '@/components/RichText';
import { useDict } from '@/hooks/use-dict';
import { useSupplierOptions } from '../api/get-supply-option';
import { formatDateTime } from '@/lib/time';

function Money({ value, currency }: { value: number | null; currency: string }) {
  if (value === null) return <>—</>;
  return (
    <Space orientation="vertical" size={0}>
      <span>{formatMoney(value, currency)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {amountInWords(value)}
      </Typography.Text>
    </Space>
  );
}

/** 基本信息: every field of the tender, then its description. */
export function TenderInfoTab({ tender }: { tender: TenderWithLots }) {
  const lots = tender.lots ?? [];
  const cap = lotCapText(tender.maxLotsPerWinner);
  const categories = useDict('tender_category');
  const regions = useDict('region');
  const currencies = useDict('currency');
  const invited = restrictsToInvitees(tender.procurementMethod);
  const suppliers = useSupplierOptions(invited);
  const invitees = tender.invitedSupplierIds.map(
    (id) => suppliers.data?.find((s) => s.value === id)?.label ?? `供应商 #${id}`,
  );
  const docsWindow =
    tender.docsFrom || tender.docsUntil
      ? `${formatDateTime(tender.docsFrom ?? tender.publishedAt)} 至 ${formatDateTime(tender.docsUntil ?? tender.bidDeadline)}`
      : '发布至投标截止';

  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        items={[
          { key: 'no', label: '招标编号', children: tender.tenderNo },
          { key: 'category', label: '设备类别', children: categories.labelOf(tender.category) },
          {
            key: 'method',
            label: '采购方式',
            children: <ProcurementMethodTag method={tender.procurementMethod} />,
          },
          { key: 'region', label: '地区', children: regions.labelOf(tender.region) },
          {
            key: 'budget',
            label: lots.length > 1 ? '预算金额（各标段合计）' : '预算金额',
            children: <Money value={tender.budget} currency={tender.currency} />,
          },
          {
            key: 'ceiling',
            label: '最高投标限价',
            children: <Money value={tender.priceCeiling} currency={tender.currency} />,
          },
          { key: 'currency', label: '币种', children: currencies.labelOf(tender.currency) },
          {
            key: 'mandatory',
            label: '依法必须招标',
            children: tender.mandatory ? <Tag color="red">是</Tag> : '否',
          },
          { key: 'published', label: '发布时间', children: formatDateTime(tender.publishedAt) },
          { key: 'docs', label: '招标文件获取期', children: docsWindow },
          { key: 'deadline', label: '投标截止时间', children: formatDateTime(tender.bidDeadline) },
          { key: 'opening', label: '开标时间', children: formatDateTime(tender.openingAt) },
          { key: 'validity', label: '投标有效期', children: `${tender.bidValidityDays} 日` },
          ...(lots.length > 1
            ? [
                {
                  key: 'lots',
                  label: '标段',
                  children: `${lots.length} 个标段${cap ? `；${cap}` : ''}`,
                },
              ]
            : [{ key: 'minBids', label: '最少有效投标数', children: tender.minBids }]),
          {
            key: 'seal',
            label: '密封方式',
            children:
              (tender.sealMode === 'bidder'
                ? `投标人加密（解密时限 ${tender.decryptionMinutes} 分钟）`
                : '服务器密封') + (tender.status === 'draft' ? '' : '，发布后不可更改'),
          },
          {
            key: 'bondForms',
            label: '保证金形式',
            children: tender.bondForms.map((form) => BOND_FORM_LABELS[form]).join('、'),
          },
          {
            key: 'confirm',
            label: '开标记录确认时限',
            children: `${tender.confirmMinutes} 分钟`,
          },
          {
            key: 'evaluation',
            label: '评标办法',
            span: 3,
            children: <EvaluationSummary tender={tender} />,
          },
          { key: 'contact', label: '联系人', children: tender.contact || '—' },
          { key: 'phone', label: '联系电话', children: tender.contactPhone || '—' },
          ...(invited
            ? [
                {
                  key: 'invitees',
                  label: '邀请供应商',
                  children: invitees.join('、') || '—',
                  span: 3,
                },
              ]
            : []),
          ...(tender.cancelReason
            ? [{ key: 'cancel', label: '终止原因', children: tender.cancelReason, span: 3 }]
            : []),
          ...(tender.retenderOf
            ? [
                {
                  key: 'retender',
                  label: '重新招标自',
                  children: (
                    <Link to={`/denderManagement_details?id=${tender.retenderOf}`}>查看原项目</Link>
                  ),
                },
              ]
            : []),
          { key: 'created', label: '创建时间', children: formatDateTime(tender.createdAt) },
          { key: 'updated', label: '更新时间', children: formatDateTime(tender.updatedAt) },
        ]}
      />
      {lots.length > 1 && (
        <>
          <Divider titlePlacement="start">标段（{lots.length}）</Divider>
          <LotTable
            lots={lots}
            currency={tender.currency}
            maxLotsPerWinner={tender.maxLotsPerWinner}
          />
        </>
      )}
      <Divider titlePlacement="start">招标内容</Divider>
      <RichText html={tender.description} empty="未填写招标内容" />
    </>
  );
}
