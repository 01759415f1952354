import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  List,
  Result,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { procurementMethodLabel } from '@tender/contracts/procurement-method';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/request';
import { downloadFile } from '@/lib/file-download';
import { amountInWords, formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { formatFileSize } from '@/components/FileUpload';
import { Countdown } from '@/components/Countdown';
import { SEAL_MODE_TEXT, SealModeTag } from '@/components/SealModeTag';
import { TenderStatusTag } from '@/components/TenderStatusTag';
import { RichText } from '@/components/RichText';
import { LoadError } from '@/components/LoadError';
import { PageContainer } from '@/components/PageContainer';
import { useTenderAmendments, useTenderById } from '@/hooks/use-tender';
import { useDict } from '@/hooks/use-dict';
import { SignUpButton } from '../components/SignUpButton';
import { LotTable } from '@/components/LotTable';
import { AmendmentList } from '../components/AmendmentList';
import '../tender-msg.css';

/**
 * 下载招标文件: the tender, its 澄清/修改 and its documents, for a signed-up supplier; `questions`
 * draws its 答疑 (another feature's, composed by app/; `focus` when a link names `tab=qa`).
 */
export default function DownloadTenderScreen({
  questions,
}: {
  questions?: (tenderId: number, focus: boolean) => ReactNode;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const tender = useTenderById(validId);
  const signedUp = !!tender.data?.participation?.signedUp;
  const amendments = useTenderAmendments(validId ?? 0, signedUp);
  const categories = useDict('tender_category');

  if (!validId || (tender.error instanceof ApiError && tender.error.code === 404)) {
    return (
      <PageContainer>
        <Result
          status="404"
          title="未找到该招标项目"
          subTitle="项目不存在或尚未发布。"
          extra={
            <Button type="primary" onClick={() => navigate('/tenderMsg')}>
              返回招标信息
            </Button>
          }
        />
      </PageContainer>
    );
  }
  if (tender.isError)
    return (
      <PageContainer>
        <LoadError error={tender.error} onRetry={() => tender.refetch()} />
      </PageContainer>
    );
  if (!tender.data)
    return (
      <PageContainer>
        <Skeleton active paragraph={{ rows: 8 }} />
      </PageContainer>
    );

  const t = tender.data;
  const participation = t.participation ?? {
    signedUp: false,
    signedUpAt: null,
    signUpRefusal: null,
    amendmentCount: 0,
    lotIds: [],
  };
  return (
    <PageContainer bare>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Space wrap size={8}>
          <Typography.Text type="secondary">{t.tenderNo}</Typography.Text>
          <TenderStatusTag status={t.status} />
          <SealModeTag mode={t.sealMode} />
        </Space>
        <Typography.Title level={4} style={{ margin: '4px 0 12px', overflowWrap: 'anywhere' }}>
          {t.title}
        </Typography.Title>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'category', label: '类别', children: categories.labelOf(t.category) },
            {
              key: 'budget',
              label: '预算',
              children: `${formatMoney(t.budget, t.currency)}（${amountInWords(t.budget)}）`,
            },
            {
              key: 'method',
              label: '方式',
              children: procurementMethodLabel(t.procurementMethod),
            },
            {
              key: 'deadline',
              label: '投标截止',
              children: (
                <Space wrap size={8}>
                  {formatDateTime(t.bidDeadline)}
                  <Countdown deadline={t.bidDeadline} />
                </Space>
              ),
            },
            { key: 'opening', label: '开标时间', children: formatDateTime(t.openingAt) },
            {
              key: 'seal',
              label: '密封方式',
              children: `${SEAL_MODE_TEXT[t.sealMode].label}：${SEAL_MODE_TEXT[t.sealMode].help}`,
            },
            {
              key: 'docs',
              label: '文件获取期',
              children:
                t.docsFrom || t.docsUntil
                  ? `${formatDateTime(t.docsFrom ?? t.publishedAt)} 至 ${formatDateTime(t.docsUntil ?? t.bidDeadline)}`
                  : '发布至投标截止',
            },
            { key: 'contact', label: '联系人', children: t.contact || '—' },
            { key: 'phone', label: '联系电话', children: t.contactPhone || '—' },
            {
              key: 'status',
              label: '报名状态',
              children: (
                <SignUpButton
                  tenderId={t.id}
                  participation={participation}
                  lots={t.lots}
                  showReason={false}
                />
              ),
            },
          ]}
        />
        {t.lots.length > 1 && (
          <div style={{ marginTop: 16 }}>
            <Typography.Title level={5}>标段（{t.lots.length}）</Typography.Title>
            <LotTable
              lots={t.lots}
              currency={t.currency}
              hide={['minBids']}
              maxLotsPerWinner={t.maxLotsPerWinner}
            />
          </div>
        )}
      </Card>

      {!signedUp && (
        <Card variant="borderless" style={{ marginBottom: 16 }}>
          <Alert
            type={participation.signUpRefusal ? 'warning' : 'info'}
            showIcon
            title={participation.signUpRefusal ? '暂不能报名本项目' : '报名后即可下载招标文件'}
            description={
              participation.signUpRefusal ??
              '招标文件与澄清/修改仅向已报名的供应商提供，报名后请及时下载并关注澄清/修改。'
            }
            action={
              participation.signUpRefusal ? undefined : (
                <SignUpButton tenderId={t.id} participation={participation} lots={t.lots} />
              )
            }
          />
        </Card>
      )}

      {signedUp && (
        <>
          <Card variant="borderless" title="招标文件" style={{ marginBottom: 16 }}>
            {t.documents.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本项目暂无招标文件附件" />
            ) : (
              <List
                dataSource={t.documents}
                renderItem={(doc) => (
                  <List.Item
                    actions={[
                      <Button
                        key="download"
                        type="primary"
                        ghost
                        icon={<DownloadOutlined />}
                        onClick={() => downloadFile(doc.id, doc.name).catch(() => undefined)}
                      >
                        下载
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      avatar={<FileTextOutlined style={{ fontSize: 20, color: '#1890ff' }} />}
                      title={<span className="download-doc-name">{doc.name}</span>}
                      description={`${formatFileSize(doc.size)} · ${formatDateTime(doc.createdAt)}`}
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
          <Card
            variant="borderless"
            title={`澄清/修改${amendments.data?.length ? `（${amendments.data.length}）` : ''}`}
            style={{ marginBottom: 16 }}
          >
            {amendments.isError ? (
              <LoadError error={amendments.error} onRetry={() => amendments.refetch()} />
            ) : amendments.isLoading ? (
              <Skeleton active />
            ) : (
              <AmendmentList amendments={amendments.data ?? []} />
            )}
          </Card>
          {questions && (
            <Card variant="borderless" title="答疑" style={{ marginBottom: 16 }}>
              {questions(t.id, params.get('tab') === 'qa')}
            </Card>
          )}
        </>
      )}

      <Card variant="borderless" title="招标内容">
        <RichText html={t.description} empty="未填写招标内容" />
      </Card>
    </PageContainer>
  );
}
