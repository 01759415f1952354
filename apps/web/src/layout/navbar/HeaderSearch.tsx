import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useUserMenu } from '@/stores/session';
import { createMenuSearch, searchLabel, searchableMenus } from './header-search';

/** A search icon that opens a fuzzy finder over the user's menus; choosing one navigates. */
export function HeaderSearch() {
  const menuList = useUserMenu()?.menuList;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const fuse = useMemo(() => createMenuSearch(searchableMenus(menuList ?? [])), [menuList]);
  const options = query
    ? fuse.search(query).map(({ item }) => ({ value: item.path, label: searchLabel(item) }))
    : [];

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <div className={open ? 'header-search show' : 'header-search'}>
      <SearchOutlined
        className="navbar-icon"
        aria-label="搜索菜单"
        onClick={() => setOpen((v) => !v)}
      />
      {open && (
        <Select
          className="header-search-select"
          autoFocus
          defaultOpen
          value={null}
          placeholder="搜索菜单"
          options={options}
          notFoundContent={query ? '没有匹配的菜单' : null}
          suffixIcon={null}
          showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery }}
          onSelect={(path) => {
            close();
            if (path) void navigate(path);
          }}
          onBlur={close}
        />
      )}
    </div>
  );
}
