import { Button, ColorPicker, Divider, Drawer, Switch } from 'antd';
import { useStore } from '@/lib/create-store';
import { DEFAULT_THEME } from '@/lib/theme';
import { changeSetting, resetSettings, settingsStore, type Settings } from '@/stores/settings';

const PRESET_COLOURS = [
  DEFAULT_THEME,
  '#304156',
  '#11a983',
  '#13c2c2',
  '#6959cd',
  '#f5222d',
  '#fa8c16',
];

const SWITCHES: { key: Exclude<keyof Settings, 'theme'>; label: string }[] = [
  { key: 'tagsView', label: '开启 Tags-View' },
  { key: 'fixedHeader', label: '固定 Header' },
  { key: 'sidebarLogo', label: '侧边栏 Logo' },
  { key: 'errorLog', label: '收集错误日志' },
];

/** The right-hand settings panel (its handle is SettingsHandle, which loads it on first use). */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useStore(settingsStore);

  return (
    <Drawer title="系统布局配置" open={open} size={280} onClose={onClose}>
      <div className="settings-row">
        <span>主题色</span>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: '推荐', colors: PRESET_COLOURS }]}
          onChangeComplete={(colour) => changeSetting('theme', colour.toHexString())}
        />
      </div>
      <Divider />
      {SWITCHES.map(({ key, label }) => (
        <div className="settings-row" key={key}>
          <span>{label}</span>
          <Switch
            checked={settings[key]}
            aria-label={label}
            onChange={(checked) => changeSetting(key, checked)}
          />
        </div>
      ))}
      <Divider />
      <Button block onClick={resetSettings}>
        恢复默认设置
      </Button>
    </Drawer>
  );
}
