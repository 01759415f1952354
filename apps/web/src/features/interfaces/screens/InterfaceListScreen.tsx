export default function InterfaceListScreen() {
  return <div>接口管理</div>;
}
