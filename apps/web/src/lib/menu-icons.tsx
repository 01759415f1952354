import { createElement, useEffect, useState, type ComponentType } from 'react';
import type { PowerIconName } from '@tender/contracts';

type IconModule = { default: ComponentType };

/**
 * The icons a power (menu) may carry, by name: the sidebar draws them and the power form offers
 * them. A curated list; an unknown name draws no icon. Each icon loads when it is first drawn
 * (a user's menu shows a handful of the 65; all of them were ≈ 25 KB gzip of every signed-in
 * first load).
 */
const MENU_ICONS: Record<PowerIconName, () => Promise<IconModule>> = {
  ApartmentOutlined: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  ApiOutlined: () => import('@ant-design/icons/es/icons/ApiOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  AuditOutlined: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  BankOutlined: () => import('@ant-design/icons/es/icons/BankOutlined'),
  BarChartOutlined: () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  BellOutlined: () => import('@ant-design/icons/es/icons/BellOutlined'),
  BookOutlined: () => import('@ant-design/icons/es/icons/BookOutlined'),
  CalendarOutlined: () => import('@ant-design/icons/es/icons/CalendarOutlined'),
  CheckCircleOutlined: () => import('@ant-design/icons/es/icons/CheckCircleOutlined'),
  CloudOutlined: () => import('@ant-design/icons/es/icons/CloudOutlined'),
  ClusterOutlined: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  ContainerOutlined: () => import('@ant-design/icons/es/icons/ContainerOutlined'),
  ControlOutlined: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  CrownOutlined: () => import('@ant-design/icons/es/icons/CrownOutlined'),
  DashboardOutlined: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  DatabaseOutlined: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  DeploymentUnitOutlined: () => import('@ant-design/icons/es/icons/DeploymentUnitOutlined'),
  DollarOutlined: () => import('@ant-design/icons/es/icons/DollarOutlined'),
  DownloadOutlined: () => import('@ant-design/icons/es/icons/DownloadOutlined'),
  EditOutlined: () => import('@ant-design/icons/es/icons/EditOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons/es/icons/EnvironmentOutlined'),
  FileDoneOutlined: () => import('@ant-design/icons/es/icons/FileDoneOutlined'),
  FileProtectOutlined: () => import('@ant-design/icons/es/icons/FileProtectOutlined'),
  FileSearchOutlined: () => import('@ant-design/icons/es/icons/FileSearchOutlined'),
  FileTextOutlined: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  FolderOpenOutlined: () => import('@ant-design/icons/es/icons/FolderOpenOutlined'),
  FundOutlined: () => import('@ant-design/icons/es/icons/FundOutlined'),
  GlobalOutlined: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  GoldOutlined: () => import('@ant-design/icons/es/icons/GoldOutlined'),
  HomeOutlined: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  IdcardOutlined: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  InboxOutlined: () => import('@ant-design/icons/es/icons/InboxOutlined'),
  KeyOutlined: () => import('@ant-design/icons/es/icons/KeyOutlined'),
  LineChartOutlined: () => import('@ant-design/icons/es/icons/LineChartOutlined'),
  LinkOutlined: () => import('@ant-design/icons/es/icons/LinkOutlined'),
  LockOutlined: () => import('@ant-design/icons/es/icons/LockOutlined'),
  MailOutlined: () => import('@ant-design/icons/es/icons/MailOutlined'),
  MenuOutlined: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  MoneyCollectOutlined: () => import('@ant-design/icons/es/icons/MoneyCollectOutlined'),
  NotificationOutlined: () => import('@ant-design/icons/es/icons/NotificationOutlined'),
  PieChartOutlined: () => import('@ant-design/icons/es/icons/PieChartOutlined'),
  ProfileOutlined: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
  ProjectOutlined: () => import('@ant-design/icons/es/icons/ProjectOutlined'),
  ReconciliationOutlined: () => import('@ant-design/icons/es/icons/ReconciliationOutlined'),
  SafetyOutlined: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  ScheduleOutlined: () => import('@ant-design/icons/es/icons/ScheduleOutlined'),
  SearchOutlined: () => import('@ant-design/icons/es/icons/SearchOutlined'),
  SettingOutlined: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  ShopOutlined: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  ShoppingCartOutlined: () => import('@ant-design/icons/es/icons/ShoppingCartOutlined'),
  ShoppingOutlined: () => import('@ant-design/icons/es/icons/ShoppingOutlined'),
  SolutionOutlined: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  SoundOutlined: () => import('@ant-design/icons/es/icons/SoundOutlined'),
  StarOutlined: () => import('@ant-design/icons/es/icons/StarOutlined'),
  TagsOutlined: () => import('@ant-design/icons/es/icons/TagsOutlined'),
  TeamOutlined: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  ThunderboltOutlined: () => import('@ant-design/icons/es/icons/ThunderboltOutlined'),
  ToolOutlined: () => import('@ant-design/icons/es/icons/ToolOutlined'),
  TrophyOutlined: () => import('@ant-design/icons/es/icons/TrophyOutlined'),
  UnorderedListOutlined: () => import('@ant-design/icons/es/icons/UnorderedListOutlined'),
  UploadOutlined: () => import('@ant-design/icons/es/icons/UploadOutlined'),
  UserOutlined: () => import('@ant-design/icons/es/icons/UserOutlined'),
  UserSwitchOutlined: () => import('@ant-design/icons/es/icons/UserSwitchOutlined'),
  UsergroupAddOutlined: () => import('@ant-design/icons/es/icons/UsergroupAddOutlined'),
  WalletOutlined: () => import('@ant-design/icons/es/icons/WalletOutlined'),
};

/** POWER_ICON_NAMES in its order (a test checks it), without importing the contracts' index. */
export const MENU_ICON_NAMES = Object.keys(MENU_ICONS) as PowerIconName[];

const loaded = new Map<PowerIconName, ComponentType>();

/** The class and label Ant Design's icon gives itself (`BankOutlined` → `bank`). */
const labelOf = (name: PowerIconName) =>
  name
    .replace(/Outlined$/, '')
    .replace(/(?!^)([A-Z])/g, '-$1')
    .toLowerCase();

/** Loads a menu icon ahead of its drawing (the sidebar, as soon as it knows the menu). */
export function preloadMenuIcon(name: string | null | undefined) {
  const known = name && Object.hasOwn(MENU_ICONS, name) ? (name as PowerIconName) : undefined;
  if (!known || loaded.has(known)) return Promise.resolve(known && loaded.get(known));
  return MENU_ICONS[known]().then((module) => {
    loaded.set(known, module.default);
    return module.default;
  });
}

export function MenuIcon({ name }: { name: string | null | undefined }) {
  // Object.hasOwn: a name such as "hasOwnProperty" must not reach the object's prototype.
  const known = name && Object.hasOwn(MENU_ICONS, name) ? (name as PowerIconName) : undefined;
  const [, setArrived] = useState<PowerIconName>();
  const Icon = known ? loaded.get(known) : undefined;
  useEffect(() => {
    if (!known || loaded.has(known)) return;
    let live = true;
    preloadMenuIcon(known).then(
      () => live && setArrived(known),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [known]);
  if (!known) return null;
  // One loaded module's component, the same on every render (`loaded` keeps it).
  if (Icon) return createElement(Icon);
  // Until it has loaded, the icon's own box, empty: nothing moves when it arrives.
  const label = labelOf(known);
  return (
    <span role="img" aria-label={label} className={`anticon anticon-${label}`}>
      <svg
        viewBox="64 64 896 896"
        focusable="false"
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
      />
    </span>
  );
}
