import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Grid,
  List,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import type { Supplier } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { downloadFile } from '@/lib/file-download';
import { formatDateTime } from '@/lib/time';
import { LoadError } from '@/components/LoadError';
import { blacklistEndText, SupplierStatusTag } from '@/components/SupplierStatusTag';
import { formatFileSize } from '@/components/FileUpload';
import { useSupplier } from '../api/get-supplier-by-id';
import type { ReviewAction } from './review-actions';
import { ReviewButtons } from './ReviewButtons';

const orDash = (text: string | null | undefined) => text || '—';

function CompanyDescriptions({
  supplier,
  categoryLabels,
}: {
  supplier: Supplier;
  categoryLabels: Map<string, string>;
}) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        { key: 'name', label: '公司名称', span: 'filled', children: supplier.companyName },
        {
          key: 'code',
          label: '统一社会信用代码',
          children: <Typography.Text copyable>{supplier.creditCode}</Typography.Text>,
        },
        { key: 'legal', label: '法定代表人', children: supplier.legalRepresentative },
        { key: 'capital', label: '注册资本', children: orDash(supplier.registeredCapital) },
        { key: 'contact', label: '联系人', children: supplier.contactName },
        { key: 'phone', label: '联系电话', children: supplier.phone },
        { key: 'email', label: '电子邮箱', children: supplier.email },
        { key: 'address', label: '通讯地址', span: 'filled', children: orDash(supplier.address) },
        {
          key: 'categories',
          label: '供货类别',
          span: 'filled',
          children:
            supplier.categories.length > 0 ? (
              <Space size={[0, 4]} wrap>
                {supplier.categories.map((value) => (
                  <Tag key={value}>{categoryLabels.get(value) ?? value}</Tag>
                ))}
              </Space>
            ) : (
              '—'
            ),
        },
        {
          key: 'scope',
          label: '经营范围',
          span: 'filled',
          children: (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {orDash(supplier.businessScope)}
            </Typography.Paragraph>
          ),
        },
        { key: 'created', label: '注册时间', children: formatDateTime(supplier.createdAt) },
      ]}
    />
  );
}

function QualificationFiles({ supplier }: { supplier: Supplier }) {
  if (supplier.qualificationFiles.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未上传资质文件" />;
  return (
    <List
      size="small"
      bordered
      dataSource={supplier.qualificationFiles}
      renderItem={(file) => (
        <List.Item
          actions={[
            <Button
              key="download"
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void downloadFile(file.id, file.name).catch(() => undefined)}
            >
              下载
            </Button>,
          ]}
        >
          <List.Item.Meta
            avatar={<FileOutlined style={{ fontSize: 18, color: '#1677ff' }} />}
            title={file.name}
            description={`${formatFileSize(file.size)} · ${formatDateTime(file.createdAt)} 上传`}
          />
        </List.Item>
      )}
    />
  );
}

/** The latest review and the registration, newest first. */
function ReviewHistory({ supplier }: { supplier: Supplier }) {
  const items = [];
  if (supplier.reviewedAt)
    items.push({
      key: 'review',
      color:
        supplier.status === 'approved' ? 'green' : supplier.status === 'pending' ? 'blue' : 'red',
      content: (
        <>
          <Space size={4} wrap>
            <SupplierStatusTag status={supplier.status} blacklistUntil={supplier.blacklistUntil} />
            <Typography.Text type="secondary">
              {orDash(supplier.reviewerName)} · {formatDateTime(supplier.reviewedAt)}
            </Typography.Text>
          </Space>
          {supplier.status === 'approved' ? (
            supplier.reviewReason && <div>审核意见：{supplier.reviewReason}</div>
          ) : (
            <div>原因：{orDash(supplier.reviewReason)}</div>
          )}
        </>
      ),
    });
  items.push({
    key: 'created',
    color: 'gray',
    content: (
      <>
        <div>提交注册</div>
        <Typography.Text type="secondary">{formatDateTime(supplier.createdAt)}</Typography.Text>
      </>
    ),
  });
  return <Timeline items={items} />;
}

/** The supplier's full record: company, qualification files, review; actions in the footer. */
export function SupplierDrawer({
  supplierId,
  categoryLabels,
  onClose,
  onAction,
}: {
  supplierId?: number;
  categoryLabels: Map<string, string>;
  onClose: () => void;
  onAction: (supplier: Supplier, action: ReviewAction) => void;
}) {
  const detail = useSupplier(supplierId);
  const { can } = useAccess();
  const narrow = Grid.useBreakpoint().md === false;
  const supplier = detail.data;

  return (
    <Drawer
      open={supplierId !== undefined}
      onClose={onClose}
      size={narrow ? '100%' : 720}
      title={
        supplier ? (
          <Space wrap>
            {supplier.companyName}
            <SupplierStatusTag status={supplier.status} blacklistUntil={supplier.blacklistUntil} />
          </Space>
        ) : (
          '供应商详情'
        )
      }
      footer={
        supplier &&
        can('supplier:audit') && (
          <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
            <ReviewButtons supplier={supplier} onAction={onAction} link={false} />
          </Space>
        )
      }
    >
      {detail.isError && <LoadError error={detail.error} onRetry={() => detail.refetch()} />}
      {!supplier && !detail.isError && <Skeleton active paragraph={{ rows: 10 }} />}
      {supplier && (
        <>
          {supplier.status === 'blacklisted' && (
            <Alert
              type="error"
              showIcon
              title={`已列入黑名单（${blacklistEndText(supplier.blacklistUntil)}），期间不能报名或投标`}
              description={supplier.reviewReason ? `原因：${supplier.reviewReason}` : undefined}
              style={{ marginBottom: 16 }}
            />
          )}
          <Typography.Title level={5}>企业信息</Typography.Title>
          <CompanyDescriptions supplier={supplier} categoryLabels={categoryLabels} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            资质文件
          </Typography.Title>
          <QualificationFiles supplier={supplier} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            审核记录
          </Typography.Title>
          <ReviewHistory supplier={supplier} />
        </>
      )}
    </Drawer>
  );
}
