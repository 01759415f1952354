import { useLocation, useNavigate } from 'react-router';
import { Dropdown, Tooltip } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import { feedback } from '@/lib/feedback';
import { SIZE_OPTIONS, type AppSize } from '@/lib/size';
import { appStore, setSize } from '@/stores/app';
import { tagsStore } from '@/stores/tags-view';

/** Switching size drops every cached view and re-mounts the open one at the new size. */
export function SizeSelect() {
  const size = useStore(appStore, (s) => s.size);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const choose = (next: AppSize) => {
    setSize(next);
    tagsStore.set((s) => ({ ...s, cached: [] }));
    void navigate(`/redirect${pathname}${search}`, { replace: true });
    feedback.success('Switch Size Success');
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZE_OPTIONS.map((option) => ({
          key: option.value,
          label: option.label,
          disabled: option.value === size,
        })),
        onClick: ({ key }) => choose(key as AppSize),
      }}
    >
      <span className="navbar-item" aria-label="布局大小">
        <Tooltip title="布局大小" placement="left">
          <FontSizeOutlined className="navbar-icon" />
        </Tooltip>
      </span>
    </Dropdown>
  );
}
