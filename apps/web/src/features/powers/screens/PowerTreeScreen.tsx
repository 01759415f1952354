export default function PowerTreeScreen() {
  return <div>权限管理</div>;
}
