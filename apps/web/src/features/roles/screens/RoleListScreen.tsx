export default function RoleListScreen() {
  return <div>角色管理</div>;
}
