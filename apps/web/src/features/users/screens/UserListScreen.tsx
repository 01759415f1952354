export default function UserListScreen() {
  return <div>用户管理</div>;
}
