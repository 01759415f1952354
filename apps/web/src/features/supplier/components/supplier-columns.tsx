import { Button, Dropdown, Grid, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { DownOutlined, EyeOutlined } from '@ant-design/icons';
import type { Supplier } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { formatDate } from '@/lib/time';
import { actionsColumn } from '@/components/table-actions';
import { SupplierStatusTag } from '@/components/SupplierStatusTag';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { actionsFor, REVIEW_ACTIONS, type ReviewAction } from './review-actions';
import { ReviewButtons } from './ReviewButtons';

/** Category values as their dictionary labels, at most three tags and a count of the rest. */
function CategoryTags({ values, labels }: { values: string[]; labels: Map<string, string> }) {
  if (values.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const shown = values.slice(0, 3);
  return (
    <Space size={[0, 4]} wrap style={{ maxWidth: 240 }}>
      {shown.map((value) => (
        <Tag key={value}>{labels.get(value) ?? value}</Tag>
      ))}
      {values.length > shown.length && <Tag>+{values.length - shown.length}</Tag>}
    </Space>
  );
}

/**
 * The supplier table's columns. Minor ones hide below `md`/`lg`, so that on a phone the name,
 * the state and the actions fit without the page scrolling sideways.
 */
export function useSupplierColumns({
  categoryLabels,
  onView,
  onAction,
}: {
  categoryLabels: Map<string, string>;
  onView: (supplier: Supplier) => void;
  onAction: (supplier: Supplier, action: ReviewAction) => void;
}): TableColumnsType<Supplier> {
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const mayReview = can('supplier:audit');
  // On a phone the review buttons fold into one menu, so the row fits the screen.
  const compact = Grid.useBreakpoint().md === false;

  return [
    {
      title: '公司名称',
      dataIndex: 'companyName',
      fixed: pinned ? 'left' : undefined,
      render: (name: string, supplier) => (
        <Typography.Link onClick={() => onView(supplier)} style={{ fontWeight: 500 }}>
          {name}
        </Typography.Link>
      ),
    },
    {
      title: '统一社会信用代码',
      dataIndex: 'creditCode',
      responsive: ['lg'],
      render: (code: string) => (
        <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
          {code}
        </Typography.Text>
      ),
    },
    { title: '联系人', dataIndex: 'contactName', responsive: ['md'] },
    { title: '联系电话', dataIndex: 'phone', responsive: ['md'], className: 'cell-nowrap' },
    {
      title: '供货类别',
      dataIndex: 'categories',
      // Shown from 1600 px; at 1440 the state and the registration time need the room.
      responsive: ['xxl'],
      render: (values: string[]) => <CategoryTags values={values} labels={categoryLabels} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (_, supplier) => (
        <SupplierStatusTag status={supplier.status} blacklistUntil={supplier.blacklistUntil} />
      ),
    },
    {
      title: '注册日期',
      dataIndex: 'createdAt',
      responsive: ['lg'],
      className: 'cell-nowrap',
      // The day is enough in the list; the drawer gives the minute.
      render: (iso: string) => formatDate(iso),
    },
    actionsColumn(pinned, (supplier) => (
      <>
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => onView(supplier)}>
          详情
        </Button>
        {mayReview && !compact && <ReviewButtons supplier={supplier} onAction={onAction} />}
        {mayReview && compact && actionsFor(supplier).length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: actionsFor(supplier).map((action) => ({
                key: action,
                label: REVIEW_ACTIONS[action].label,
                danger: REVIEW_ACTIONS[action].danger,
              })),
              onClick: ({ key }) => onAction(supplier, key as ReviewAction),
            }}
          >
            <Button type="link" size="small">
              审核 <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </>
    )),
  ];
}
