export default function AuditLogScreen() {
  return <div>审计日志</div>;
}
