import { Link } from 'react-router';
import {
  FileProtectOutlined,
  SafetyCertificateOutlined,
  ThunderboltFilled,
  TrophyOutlined,
} from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import { systemTitleStore } from '@/lib/system-info';
import './auth-page.css';

const POINTS = [
  { icon: <FileProtectOutlined />, text: '招标公告在线发布、查询与文件下载' },
  { icon: <SafetyCertificateOutlined />, text: '投标报价密封保存，开标前任何人不可查看' },
  { icon: <TrophyOutlined />, text: '开标、比价、定标与中标公告全程留痕' },
];

/** The left half of the login and register pages: what the system is for. */
export function BrandPanel() {
  const title = useStore(systemTitleStore);
  return (
    <aside className="auth-brand">
      <Link to="/tenderMsgSearch" className="auth-brand-logo">
        <span className="auth-brand-mark">
          <ThunderboltFilled />
        </span>
        {title}
      </Link>
      <div className="auth-brand-body">
        <h1>公开、公平、公正的能源装备采购</h1>
        <ul>
          {POINTS.map((point) => (
            <li key={point.text}>
              {point.icon}
              <span>{point.text}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="auth-brand-foot">
        © {new Date().getFullYear()} {title}
      </div>
    </aside>
  );
}
