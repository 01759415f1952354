import { Table } from 'antd';
import type { Amendment } from '@tender/contracts';
import { fieldLabel, fieldValueText } from './tender-fields';

/**
 * What an amendment changes, field by field, before → after: the same table in the preview
 * before it is saved and in the tender's record of amendments.
 */
export function AmendmentChanges({ changes }: { changes: Amendment['changes'] }) {
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={changes}
      columns={[
        { title: '项目', dataIndex: 'field', render: fieldLabel },
        {
          title: '修改前',
          dataIndex: 'before',
          render: (v: unknown, row) => (
            <span className="amend-change-before">{fieldValueText(row.field, v)}</span>
          ),
        },
        {
          title: '修改后',
          dataIndex: 'after',
          render: (v: unknown, row) => fieldValueText(row.field, v),
        },
      ]}
    />
  );
}
