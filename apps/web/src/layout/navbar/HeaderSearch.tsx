import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useUserMenu } from '@/stores/session';
import type { SearchableMenu } from './header-search';

type MenuSearch = { search: (query: string) => { item: SearchableMenu }[] };
// The matcher (fuse.js) loads when the search is first opened.
const loadSearch = () => import('./header-search');

/** A search icon that opens a fuzzy finder over the user's menus; choosing one navigates. */
export function HeaderSearch() {
  const menuList = useUserMenu()?.menuList;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<{
    fuse: MenuSearch;
    label: (m: SearchableMenu) => string;
  }>();
  useEffect(() => {
    if (!open) return;
    let current = true;
    void loadSearch().then(({ createMenuSearch, searchLabel, searchableMenus }) => {
      if (current)
        setSearch({ fuse: createMenuSearch(searchableMenus(menuList ?? [])), label: searchLabel });
    });
    return () => {
      current = false;
    };
  }, [open, menuList]);
  const options =
    query && search
      ? search.fuse
          .search(query)
          .map(({ item }) => ({ value: item.path, label: search.label(item) }))
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
