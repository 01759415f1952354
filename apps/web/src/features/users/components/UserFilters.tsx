import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useRoleOptions } from '@/hooks/use-role-options';
import { FilterBar } from '@/components/FilterBar';
import { STATUS_OPTIONS } from '@/components/status';

export interface UserFilterValues {
  username?: string;
  realName?: string;
  roleId?: number;
  status?: 'enabled' | 'disabled';
}

/** The filter card above the user table; the values live in the URL, this form mirrors them. */
export function UserFilters({
  values,
  onSearch,
}: {
  values: UserFilterValues;
  onSearch: (values: UserFilterValues) => void;
}) {
  const [form] = Form.useForm<UserFilterValues>();
  const roles = useRoleOptions();
  const { username, realName, roleId, status } = values;

  useEffect(() => {
    form.setFieldsValue({ username, realName, roleId, status });
  }, [form, username, realName, roleId, status]);

  return (
    <FilterBar
      form={form}
      name="user-filters"
      label="用户筛选"
      buttons={{ lg: 4 }}
      onSearch={onSearch}
      onReset={() => onSearch({})}
      fields={[
        {
          name: 'username',
          label: '用户名',
          lg: 5,
          control: <Input placeholder="请输入用户名" allowClear />,
        },
        {
          name: 'realName',
          label: '姓名',
          lg: 5,
          control: <Input placeholder="请输入姓名" allowClear />,
        },
        {
          name: 'roleId',
          label: '角色',
          lg: 5,
          control: (
            <Select
              placeholder="全部角色"
              allowClear
              loading={roles.isLoading}
              options={roles.data}
            />
          ),
        },
        {
          name: 'status',
          label: '状态',
          lg: 5,
          control: <Select placeholder="全部状态" allowClear options={STATUS_OPTIONS} />,
        },
      ]}
    />
  );
}
