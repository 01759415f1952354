export default function UpdateInfoScreen() {
  return <div>个人信息</div>;
}
